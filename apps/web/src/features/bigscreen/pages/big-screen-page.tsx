import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { BIG_SCREEN_VIEWS, KIOSK_QUERY, type BigScreenView } from '@voltfleet/domain/big-screen';
import { formatDateTime } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { getSession } from '@/lib/session';
import type { BigScreenAccess } from '../api/big-screen-client';
import { BigScreenContext, useBigScreenScope } from '../api/big-screen-queries';
import { kioskToken, takeKioskToken } from '../api/kiosk-token';
import { useBigScreenLive } from '../api/use-big-screen-live';
import { AccessEndedPage, NoAccessPage } from '../components/access-pages';
import { useRotation } from '../components/rotation';
import { ScreenToolbar } from '../components/screen-toolbar';
import { Stage } from '../components/stage';
import '../big-screen.css';

// Each view is a chunk of its own: the map's data (world-atlas) loads only with the map.
const VIEWS: Record<BigScreenView, LazyExoticComponent<ComponentType>> = {
  map: lazy(() => import('./map-view')),
  charts: lazy(() => import('./charts-view')),
  flowGraph: lazy(() => import('./flow-view')),
};

const isView = (value: string | undefined): value is BigScreenView =>
  (BIG_SCREEN_VIEWS as readonly string[]).includes(value ?? '');

/**
 * Who the screen reads for, decided once when it opens: the signed-in session if there is one, else a kiosk link's
 * token (from the address, moved into the tab's storage, or from that storage after a reload), else nobody.
 */
function useAccess(): { access: BigScreenAccess | null; cleanSearch: string | null } {
  const location = useLocation();
  return useState(() => {
    const cleanSearch = takeKioskToken(location.search);
    const token = kioskToken();
    const access: BigScreenAccess | null = getSession() ? { kind: 'session' } : token ? { kind: 'kiosk', token } : null;
    return { access, cleanSearch };
  })[0];
}

/**
 * The views a screen may show: a session's role's visible views (R6.4), every view for a kiosk link (whose
 * endpoints the server scopes itself).
 */
function viewsOf(access: BigScreenAccess): readonly BigScreenView[] {
  if (access.kind === 'kiosk') return BIG_SCREEN_VIEWS;
  const granted = getSession()?.me.role.views ?? [];
  return BIG_SCREEN_VIEWS.filter((view) => granted.includes(`bigScreen/${view}`));
}

function ScreenHeader({ view, views }: { view: BigScreenView; views: readonly BigScreenView[] }) {
  const { t } = useTranslation();
  const scope = useBigScreenScope().data;
  return (
    <header className="bs-header">
      <div className="bs-title">
        <h1>{t(`bigScreen.views.${view}`)}</h1>
        {scope && (
          <span className="bs-scope" data-testid="bigscreen-scope">
            {scope.name}
            {scope.expiresAt && ` · ${t('bigScreen.expires', { time: formatDateTime(scope.expiresAt) })}`}
          </span>
        )}
      </div>
      <ScreenToolbar view={view} views={views} />
    </header>
  );
}

function Screen({
  view,
  access,
  onAccessEnded,
}: {
  view: BigScreenView;
  access: BigScreenAccess;
  onAccessEnded: () => void;
}) {
  const { t } = useTranslation();
  const context = useMemo(() => ({ access, onAccessEnded }), [access, onAccessEnded]);
  const views = useMemo(() => viewsOf(access), [access]);
  useBigScreenLive(access, onAccessEnded);
  useRotation(view, views);
  const View = VIEWS[view];
  return (
    <BigScreenContext.Provider value={context}>
      <ScreenHeader view={view} views={views} />
      <div className="bs-body" data-testid={`bigscreen-view-${view}`}>
        {views.includes(view) ? (
          <Suspense fallback={<div className="bs-center bs-muted">{t('bigScreen.loading')}</div>}>
            <View />
          </Suspense>
        ) : (
          <div className="bs-center bs-muted" data-testid="bigscreen-not-visible">
            {t('bigScreen.notVisible')}
          </div>
        )}
      </div>
    </BigScreenContext.Provider>
  );
}

/**
 * /bigScreen/map, /bigScreen/charts, /bigScreen/flowGraph (R2.1, public): full-screen, dark views for a wall,
 * outside the app's shell, for the signed-in user's scope or a kiosk link's.
 */
export default function BigScreenPage() {
  const { view } = useParams();
  const { access, cleanSearch } = useAccess();
  const [ended, setEnded] = useState(false);
  const onAccessEnded = useCallback(() => setEnded(true), []);
  const location = useLocation();

  // The token leaves the address at once: what the wall shows and what a copied address carries is without it.
  if (cleanSearch !== null && new URLSearchParams(location.search).has(KIOSK_QUERY))
    return <Navigate to={{ pathname: location.pathname, search: cleanSearch }} replace />;
  if (!isView(view)) return <Navigate to={{ pathname: '/bigScreen/map', search: location.search }} replace />;

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <QueryClientProvider client={queryClient}>
        <Stage>
          {!access ? (
            <NoAccessPage />
          ) : ended ? (
            <AccessEndedPage kind={access.kind} />
          ) : (
            <Screen view={view} access={access} onAccessEnded={onAccessEnded} />
          )}
        </Stage>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
