import type { CodeRequest, CodeSent } from '@voltfleet/domain/auth';
import { http } from '@/lib/http';

/** Asks for a verification code (register or reset); the answer is the same whether the address has an account. */
export function requestCode(body: CodeRequest): Promise<CodeSent> {
  return http.post('/api/auth/codes', body, { quiet: ['validation'], authRedirect: false });
}
