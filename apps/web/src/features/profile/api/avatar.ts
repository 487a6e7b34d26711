import { useMutation } from '@tanstack/react-query';
import type { User } from '@voltfleet/domain/users';
import { http } from '@/lib/http';
import { updateSessionUser } from '@/lib/session';

/** Uploads the caller's avatar (PUT /api/auth/me/avatar, multipart); the server checks, crops and re-encodes it. */
export function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  return http.put('/api/auth/me/avatar', form, { quiet: ['validation'] });
}

export function removeAvatar(): Promise<User> {
  return http.delete('/api/auth/me/avatar');
}

/** The account in the session gets the new avatar URL, so the shell's user menu shows it at once. */
export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar, onSuccess: updateSessionUser });
export const useRemoveAvatar = () => useMutation({ mutationFn: removeAvatar, onSuccess: updateSessionUser });
