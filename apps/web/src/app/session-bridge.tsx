import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/http';
import { notify } from '@/lib/notice';
import { getSession } from '@/lib/session';
import { loginUrl, SESSION_ENDED } from './routes';

/**
 * R2.9/R8.1: a 401 (session expired, login required) clears the session and goes to /login?from=<path>, showing
 * the server's message once even when several requests fail together.
 */
export function SessionBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler((msg) => {
      if (!getSession()) return;
      const from = window.location.pathname + window.location.search;
      if (from.startsWith('/login')) return; // already on the way out
      notify('error', msg);
      navigate(loginUrl(from), { replace: true, state: SESSION_ENDED });
    });
  }, [navigate]);
  return null;
}
