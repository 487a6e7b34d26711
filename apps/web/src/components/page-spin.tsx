import { Spin } from 'antd';

/** Centred spinner while a route chunk or the first data arrive. */
export function PageSpin({ testId }: { testId?: string }) {
  return (
    <div className="page-spin" data-testid={testId}>
      <Spin size="large" />
    </div>
  );
}
