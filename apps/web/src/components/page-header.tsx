import { useEffect, type ReactNode } from 'react';
import { Flex } from 'antd';

/** The title row of a page, with actions on the right; also names the browser tab. */
export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Voltfleet`;
  }, [title]);
  return (
    <Flex justify="space-between" align="center" wrap gap={12} className="page-header">
      <h1 className="page-title" data-testid="page-title">
        {title}
      </h1>
      {extra}
    </Flex>
  );
}
