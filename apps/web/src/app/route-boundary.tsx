import { Component, Suspense, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpin } from '@/components/page-spin';

function LoadError() {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert">
      <h1 className="page-title">{t('errors.loadFailed')}</h1>
      <p>{t('errors.loadFailedHint')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <LoadError /> : this.props.children;
  }
}

/** Suspense plus a load-error screen for lazily loaded routes; a new `resetKey` (the path) starts afresh. */
export function RouteBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  return (
    <Boundary key={resetKey}>
      <Suspense fallback={<PageSpin testId="route-loading" />}>{children}</Suspense>
    </Boundary>
  );
}
