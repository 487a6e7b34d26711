import { Suspense, useState } from 'react';
import { lazyLoad } from '@/lib/lazy-load';
import { ColumnChooserButton, type ColumnChooserProps } from './column-chooser-button';

// The popover (Ant Design's Popover and Checkbox) comes when the chooser is first opened: every list page loads the
// button, few users open it (bench/web-size).
const ColumnChooserPopover = lazyLoad(() => import('./column-chooser-popover'));

/** A list's column chooser: its button, which opens the popover of the list's columns. */
export function ColumnChooser(props: ColumnChooserProps) {
  const [opened, setOpened] = useState(false);
  const button = <ColumnChooserButton testId={props.testId} onClick={() => setOpened(true)} />;
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ColumnChooserPopover {...props} />
    </Suspense>
  );
}
