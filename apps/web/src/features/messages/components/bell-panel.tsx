import { useEffect, useRef, type ReactElement } from 'react';
import { Popover } from 'antd';
import BellPopover from './bell-popover';

export interface BellPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  listPath: string;
  canOpen: (link: string) => boolean;
  /** The bell's button, which anchors the popover and toggles it. */
  children: ReactElement;
}

/**
 * The bell's popover and its list, loaded when the bell is first clicked (Ant Design's Popover and the message list
 * are not part of the shell every page waits for). The button is mounted anew here: if it had the focus (a keyboard
 * user opened the popover), it gets it back.
 */
export default function BellPanel({ open, onOpenChange, title, listPath, canOpen, children }: BellPanelProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) anchor.current?.querySelector('button')?.focus();
  }, []);
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={title}
      content={open && <BellPopover listPath={listPath} canOpen={canOpen} onDone={() => onOpenChange(false)} />}
    >
      <span ref={anchor} className="bell-anchor">
        {children}
      </span>
    </Popover>
  );
}
