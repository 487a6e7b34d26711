import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdate, User } from '@voltfleet/domain/users';
import { http } from '@/lib/http';
import { updateSessionUser } from '@/lib/session';

/** Saves the caller's own profile (role, level and superior are not theirs to change). */
export function updateProfile(input: ProfileUpdate): Promise<User> {
  return http.put('/api/auth/me', input, { quiet: ['validation'] });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: updateSessionUser });
}
