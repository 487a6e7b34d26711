import { Spin } from 'antd';

/** Centred spinner while a route chunk or the first data arrive. */
export function PageSpin() {
  return (
    <div className="page-spin">
      <Spin size="large" />
    </div>
  );
}
