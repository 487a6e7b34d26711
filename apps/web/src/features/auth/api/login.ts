import type { LoginRequest } from '@voltfleet/domain/auth';
import type { User } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Signs in (the server sets the user_token cookie). Wrong credentials are a 401 here, not an expired session. */
export function login(body: LoginRequest): Promise<{ token: string; user: User }> {
  return http.post('/api/auth/login', body, { quiet: ['validation'], authRedirect: false });
}
