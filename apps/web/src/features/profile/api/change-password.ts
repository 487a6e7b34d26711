import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { passwordEncrypter } from '@/lib/password-crypto';

/**
 * Changes the caller's password; both passwords travel encrypted as at login. The server signs out the user's
 * other sessions. A wrong old password is a validation error on its field; a 401 means this session is over (expired,
 * or ended by the server after repeated wrong old passwords), so it goes to the login page like any other 401.
 */
export async function changePassword({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) {
  const encrypt = await passwordEncrypter();
  const body = { oldPassword: await encrypt(oldPassword), newPassword: await encrypt(newPassword) };
  return http.post<null>('/api/auth/password', body, { quiet: ['validation'] });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
