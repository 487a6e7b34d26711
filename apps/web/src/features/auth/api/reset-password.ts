import type { PasswordResetRequest } from '@voltfleet/domain/auth';
import { http } from '@/lib/http';
import { passwordEncrypter } from '@/lib/password-crypto';

/** Sets a new password with a reset code; the password travels encrypted as at login. */
export async function resetPassword(input: PasswordResetRequest): Promise<null> {
  const encrypt = await passwordEncrypter();
  const body: PasswordResetRequest = { ...input, newPassword: await encrypt(input.newPassword) };
  return http.post('/api/auth/password-reset', body, { quiet: ['validation'], authRedirect: false });
}
