import type { Me } from '@voltfleet/domain/auth';
import { http } from '@/lib/http';

/** The signed-in user, role, granted codes and permission tree. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return http.get<Me>('/api/auth/me', { signal });
}
