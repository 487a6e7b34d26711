import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain';
import { antdLocale } from '@/lib/i18n';
import { bindNoticeApi } from '@/lib/notice';

/** Renders Ant Design's message holder and lets non-React code (the http client) use it. */
function NoticeHost() {
  // No maxCount: a notice pushed out early would never report its close to the de-duplication in notify().
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindNoticeApi(api);
    return () => bindNoticeApi(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocale(i18n.language as Lang)}>
      <NoticeHost />
      {children}
    </ConfigProvider>
  );
}
