import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BigScreenPlant, KioskLink, KioskLinkCreate, KioskLinkCreated } from '@voltfleet/domain/big-screen';
import { http } from '@/lib/http';
import { bigScreenGet } from './big-screen-client';

const kioskLinksKey = ['kioskLinks'] as const;

/** The caller's own kiosk links, newest first (the server keeps only each token's hash). */
export function getKioskLinks(signal?: AbortSignal): Promise<KioskLink[]> {
  return http.get('/api/kiosk-links', { signal });
}

export const kioskLinksQueryOptions = () =>
  queryOptions({ queryKey: kioskLinksKey, queryFn: ({ signal }) => getKioskLinks(signal) });

export function useKioskLinks() {
  return useQuery(kioskLinksQueryOptions());
}

/** The plants a link may name: the caller's scope, as the big screens list it (read once the form is open). */
export function useScopePlants(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...kioskLinksKey, 'plants'],
    queryFn: ({ signal }) =>
      bigScreenGet<{ plants: BigScreenPlant[] }>('/api/big-screen/plants', { kind: 'session' }, {}, signal),
  });
}

export function createKioskLink(input: KioskLinkCreate): Promise<KioskLinkCreated> {
  return http.post('/api/kiosk-links', input, { quiet: ['validation'] });
}

export function useCreateKioskLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKioskLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskLinksKey }),
  });
}

export function revokeKioskLink(id: number): Promise<unknown> {
  return http.delete(`/api/kiosk-links/${id}`);
}

export function useRevokeKioskLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKioskLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskLinksKey }),
  });
}
