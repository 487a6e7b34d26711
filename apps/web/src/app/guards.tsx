import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { logout } from '@/features/auth/api/logout';
import { PageSpin } from '@/components/page-spin';
import { queryClient } from '@/lib/query-client';
import { clearSession, getSession, useSession } from '@/lib/session';

/** The login URL that brings the user back to `path` afterwards. */
export function loginUrl(path: string): string {
  return path === '/' || path.startsWith('/login') ? '/login' : `/login?from=${encodeURIComponent(path)}`;
}

/** SPEC §2: without a persisted session every route except /login (and /403) goes to /login. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** SPEC §2: opening /login while signed in signs out, clears the persisted state and reloads the page. */
export function LoginGate({ children }: { children: ReactNode }) {
  // Only the state at arrival counts: signing in on this page must not sign out again.
  const [signedInOnArrival] = useState(() => getSession() !== null);
  const started = useRef(false);
  useEffect(() => {
    if (!signedInOnArrival || started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.clear();
        window.location.reload();
      });
  }, [signedInOnArrival]);
  return signedInOnArrival ? <PageSpin /> : children;
}
