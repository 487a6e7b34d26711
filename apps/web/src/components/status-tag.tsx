import type { ReactNode } from 'react';

/**
 * A small coloured label (status, result) in Ant Design's Tag look; plain markup, as the lists show many of them
 * and need none of Tag's closing, icons or preset colours.
 */
export function StatusTag({
  tone = 'default',
  children,
}: {
  tone?: 'success' | 'warning' | 'error' | 'default';
  children: ReactNode;
}) {
  return <span className={`status-tag status-tag-${tone}`}>{children}</span>;
}
