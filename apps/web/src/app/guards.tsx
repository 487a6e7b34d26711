import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { logout } from '@/features/auth';
import { PageSpin } from '@/components/page-spin';
import { clearSession, getSession, useSession } from '@/lib/session';
import { loginUrl, type SESSION_ENDED } from './routes';

/**
 * R2.5: without a persisted session every route except /login (and /403) goes to /login. A self-registered account
 * awaiting approval sees `awaiting` on every route instead (the server answers it nothing else anyway).
 */
export function RequireSession({ awaiting }: { awaiting: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  if (session.me.user.approval === 'pending') return awaiting;
  return <Outlet />;
}

type Arrival = 'signed-out' | 'session-ended' | 'signed-in';

/**
 * R2.6: opening /login while signed in signs out, clears the persisted state and reloads the page. Arriving
 * from the exit button or an expired session (SESSION_ENDED) only clears the state.
 */
export function LoginGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Only the state at arrival counts: signing in on this page must not sign out again.
  const [arrival] = useState<Arrival>(() => {
    if (getSession() === null) return 'signed-out';
    const state = location.state as Partial<typeof SESSION_ENDED> | null;
    return state?.sessionEnded ? 'session-ended' : 'signed-in';
  });
  const started = useRef(false);

  useEffect(() => {
    if (arrival === 'session-ended') clearSession();
    if (arrival !== 'signed-in' || started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        window.location.reload();
      });
  }, [arrival]);

  return arrival === 'signed-in' ? <PageSpin /> : children;
}
