import { useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RESET_PASSWORD_PATH } from '@voltfleet/domain/auth';
import { LoginGate, RequireSession } from './guards';
import { withTexts } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';
import { DETAIL_ROUTES, PAGE_REGISTRY, loadShell, shellPage } from './page-registry';
import { PageTableContext, type PageTable } from './page-table';
import { RouteBoundary } from './route-boundary';
import {
  homePath,
  MESSAGES_PATH,
  NOTICES_PATH,
  PERSONAL_CENTER_PATH,
  registeredRoutes,
  WORK_ORDERS_PATH,
} from './routes';
import { SessionBridge } from './session-bridge';
import { useSession } from '@/lib/session';

const LoginRoute = lazyLoad(withTexts([], () => import('./login-route')));
const ShellLayout = lazyLoad(loadShell);
const PersonalCenterPage = shellPage('personalCenter');
const NoticesPage = shellPage('notices');
const WorkOrdersPage = shellPage('workOrders');
const MessagesPage = shellPage('messages');
const ForbiddenPage = lazyLoad(withTexts([], () => import('./pages/forbidden-page')));
const NotFoundPage = lazyLoad(withTexts([], () => import('./pages/not-found-page')));
// Public pages in chunks of their own, which fetch their own part of the texts: the login page and the shell carry
// neither.
const RegisterPage = lazyLoad(
  withTexts(
    [
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/roles',
      'messages/storage',
      'messages/userAdmin',
      'messages/validation',
      'register',
    ],
    () => import('@/features/auth/pages/register-page'),
  ),
);
const ResetPasswordPage = lazyLoad(
  withTexts(
    [
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/registration',
      'messages/storage',
      'messages/userAdmin',
      'messages/validation',
      'register',
    ],
    () => import('@/features/auth/pages/reset-password-page'),
  ),
);
// What a self-registered account sees until it is approved: outside the shell, which it may not use.
const AwaitingApprovalPage = lazyLoad(
  withTexts(['register'], () => import('@/features/auth/pages/awaiting-approval-page')),
);
// The big screens (R2.1, public): outside the shell, for a session or a kiosk link, with their own text part.
const BigScreenPage = lazyLoad(
  withTexts(
    ['bigScreen', 'energyFlow', 'messages/alarmLabels', 'messages/options'],
    () => import('@/features/bigscreen/pages/big-screen-page'),
  ),
);

const PAGE_TABLE: PageTable = { pages: PAGE_REGISTRY, details: DETAIL_ROUTES };

/** R2.1–R2.3 routes: public /login, /register, /resetPassword, /403 and /bigScreen/*, and the shell with the pages the user's grant registers. */
export function AppRouter() {
  const session = useSession();
  const permissions = session?.me.permissions;
  const routes = useMemo(() => registeredRoutes(permissions ?? [], PAGE_REGISTRY, DETAIL_ROUTES), [permissions]);

  return (
    <BrowserRouter>
      <PageTableContext.Provider value={PAGE_TABLE}>
        <SessionBridge />
        <RouteBoundary>
          <Routes>
            <Route
              path="/login"
              element={
                <LoginGate>
                  <LoginRoute />
                </LoginGate>
              }
            />
            <Route path="/403" element={<ForbiddenPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
            <Route path="/bigScreen/:view?" element={<BigScreenPage />} />
            <Route element={<RequireSession awaiting={<AwaitingApprovalPage />} />}>
              <Route element={<ShellLayout />}>
                <Route index element={<Navigate to={homePath(routes)} replace />} />
                {routes.map((route) => {
                  const Page = PAGE_REGISTRY[route.key];
                  return Page && <Route key={route.key} path={route.fullPath} element={<Page />} />;
                })}
                {routes.map((route) => {
                  const Detail = DETAIL_ROUTES[route.key]?.page;
                  return (
                    Detail &&
                    route.detailPath && (
                      <Route key={`${route.key}/detail`} path={route.detailPath} element={<Detail />} />
                    )
                  );
                })}
                <Route path={PERSONAL_CENTER_PATH} element={<PersonalCenterPage />} />
                <Route path={NOTICES_PATH} element={<NoticesPage />} />
                <Route path={WORK_ORDERS_PATH} element={<WorkOrdersPage />} />
                <Route path={MESSAGES_PATH} element={<MessagesPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Route>
          </Routes>
        </RouteBoundary>
      </PageTableContext.Provider>
    </BrowserRouter>
  );
}
