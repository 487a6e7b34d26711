import type { CodeSent } from '@voltfleet/domain/auth';
import { http } from '@/lib/http';

/** Sends a subordinate a password reset code by their e-mail, else by SMS. */
export function startPasswordReset(id: number): Promise<CodeSent> {
  return http.post(`/api/users/${id}/password-reset`);
}
