import { http } from '@/lib/http';

/** Ends the session on the server (clears the user_token cookie). */
export function logout(): Promise<null> {
  return http.post<null>('/api/auth/logout', undefined, { quiet: true, authRedirect: false });
}
