import { queryOptions, useQuery } from '@tanstack/react-query';
import type { captchaResponseSchema } from '@voltfleet/domain';
import { http } from '@/lib/http';
import type { Infer } from '@/lib/infer';

type Captcha = Infer<typeof captchaResponseSchema>;

export function getCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return http.get<Captcha>('/api/auth/captcha', { signal });
}

export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => getCaptcha(signal),
    // A captcha is single use: never share a cached one, and fetch a new one shortly before it expires.
    gcTime: 0,
    staleTime: Infinity,
    refetchInterval: (query) => Math.max(10, (query.state.data?.expiresInSeconds ?? 120) - 5) * 1000,
  });

/** The current captcha image; `refetch()` gives a new one. */
export function useCaptcha() {
  return useQuery(captchaQueryOptions());
}
