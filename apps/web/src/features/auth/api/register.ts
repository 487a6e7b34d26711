import type { RegisterRequest } from '@voltfleet/domain/auth';
import { http } from '@/lib/http';
import { passwordEncrypter } from '@/lib/password-crypto';

/** Registers an account; the password travels encrypted as at login. */
export async function register(input: RegisterRequest): Promise<null> {
  const encrypt = await passwordEncrypter();
  const body: RegisterRequest = { ...input, password: await encrypt(input.password) };
  return http.post('/api/auth/register', body, { quiet: ['validation'], authRedirect: false });
}
