import { queryOptions, useQuery } from '@tanstack/react-query';
import { isDemoSeedingUnderway, type DemoSeedingStatus } from '@voltfleet/domain/demo';
import { http } from '@/lib/http';

/** How often the status is asked again while the history is being filled (it takes a few minutes). */
export const DEMO_SEEDING_POLL_MS = 5_000;

/** How far the demo's history is (GET /api/demo/seeding, public). */
export function getDemoSeeding(signal?: AbortSignal): Promise<DemoSeedingStatus> {
  // Quiet: a banner's poll that fails says nothing; the next poll tries again.
  return http.get('/api/demo/seeding', { signal, quiet: true });
}

export const demoSeedingQueryOptions = () =>
  queryOptions({
    queryKey: ['demo', 'seeding'],
    queryFn: ({ signal }) => getDemoSeeding(signal),
    // Off, done and failed do not change while this server runs: polling stops there.
    refetchInterval: (query) => (isDemoSeedingUnderway(query.state.data?.state) ? DEMO_SEEDING_POLL_MS : false),
  });

export function useDemoSeeding() {
  return useQuery(demoSeedingQueryOptions());
}
