import { useEffect, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** The title row of a page, with actions on the right; also names the browser tab. */
export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Voltfleet`;
  }, [title]);
  return (
    <Flex justify="space-between" align="center" wrap gap={12} className="page-header">
      <Typography.Title level={4} data-testid="page-title" style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
