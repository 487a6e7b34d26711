import { Suspense, useState, type ComponentProps } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyLoad } from '@/lib/lazy-load';
import type { ColumnChooserProps } from './column-chooser-popover';

// The popover (Ant Design's Popover and Checkbox) comes when the chooser is first opened: every list page loads the
// button, few users open it (bench/web-size).
const ColumnChooserPopover = lazyLoad(() => import('./column-chooser-popover'));

/** The chooser's button above a list. */
export function ColumnChooserButton({ testId, ...rest }: { testId: string } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button size="small" icon={<SettingOutlined />} data-testid={testId} {...rest}>
      {t('columns.chooser.button')}
    </Button>
  );
}

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
