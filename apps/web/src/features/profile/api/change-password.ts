import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { passwordEncrypter } from '@/lib/password-crypto';

/**
 * Changes the caller's password; both passwords travel encrypted as at login. The server signs out the user's
 * other sessions. A 401 here means "old password wrong", not an expired session, so it does not leave the page.
 */
export async function changePassword({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) {
  const encrypt = await passwordEncrypter();
  const body = { oldPassword: await encrypt(oldPassword), newPassword: await encrypt(newPassword) };
  return http.post<null>('/api/auth/password', body, { quiet: ['validation'], authRedirect: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
