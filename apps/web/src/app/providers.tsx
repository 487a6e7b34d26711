import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain';
import { antdLocale } from '@/lib/i18n';
import { bindNoticeApi } from '@/lib/notice';
import { queryClient } from '@/lib/query-client';

/** Renders Ant Design's message holder and lets non-React code (the http client) use it. */
function NoticeHost() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindNoticeApi(api);
    return () => bindNoticeApi(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(i18n.language as Lang)}>
        <NoticeHost />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
