import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The hook alone: `message` from 'antd' also brings its static API (its own render root), which nothing here uses.
import useMessage from 'antd/es/message/useMessage';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';
import { antdLocale } from '@/lib/i18n';
import { bindNoticeApi } from '@/lib/notice';
import { useReducedMotion } from '@/lib/use-reduced-motion';

/** Ant Design's zooms, slides and fades off: our own animations already stop for someone who asked for less motion. */
const STILL = { token: { motion: false } };

/** Renders Ant Design's message holder and lets non-React code (the http client) use it. */
function NoticeHost() {
  // No maxCount: a notice pushed out early would never report its close to the de-duplication in notify().
  const [api, holder] = useMessage();
  useEffect(() => {
    bindNoticeApi(api);
    return () => bindNoticeApi(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const still = useReducedMotion();
  return (
    <ConfigProvider locale={antdLocale(i18n.language as Lang)} theme={still ? STILL : undefined}>
      <NoticeHost />
      {children}
    </ConfigProvider>
  );
}
