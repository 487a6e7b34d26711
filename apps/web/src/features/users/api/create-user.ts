import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreate } from '@voltfleet/domain/users';
import { http } from '@/lib/http';
import { passwordEncrypter } from '@/lib/password-crypto';

/** Creates a subordinate; the initial password travels encrypted as at login. */
export async function createUser(input: UserCreate): Promise<User> {
  const encrypt = await passwordEncrypter();
  const body: UserCreate = { ...input, password: await encrypt(input.password) };
  return http.post('/api/users', body, { quiet: ['validation'] });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
