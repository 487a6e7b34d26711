import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/http';
import { notify } from '@/lib/notice';
import { queryClient } from '@/lib/query-client';
import { clearSession, getSession } from '@/lib/session';
import { loginUrl } from './guards';

/**
 * SPEC §2/§8: a 401 (session expired, login required) clears the session and goes to /login?from=<path>, showing
 * the server's message once even when several requests fail together.
 */
export function SessionBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler((msg) => {
      if (!getSession()) return;
      const from = window.location.pathname + window.location.search;
      notify('error', msg);
      clearSession();
      queryClient.clear();
      navigate(loginUrl(from), { replace: true });
    });
  }, [navigate]);
  return null;
}
