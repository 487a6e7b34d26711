import { useEffect, useRef, type ReactNode } from 'react';
import { Drawer } from 'antd';
import { useLocation } from 'react-router';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The shell's menu. */
  children: ReactNode;
  /** The header's tools a phone's header has no room for. */
  tools: ReactNode;
}

/**
 * The side menu on a phone (docs/decisions/0043): a drawer from the left with the menu, and below it the header's
 * tools a phone's header has no room for. Choosing a page closes it. Only Ant Design's Drawer is this chunk's own: the
 * menu and the tools come from the shell's chunk.
 */
export default function MenuDrawer({ open, onClose, children, tools }: Props) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (pathname !== shown.current) onClose();
    shown.current = pathname;
  }, [pathname, onClose]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={288}
      rootClassName="shell-menu-drawer"
      title="Voltfleet"
      footer={<div className="shell-menu-drawer-tools">{tools}</div>}
    >
      <div data-testid="menu-drawer">{children}</div>
    </Drawer>
  );
}
