import { lazy, Suspense, type ComponentType } from 'react';
import { useOfflineState } from '@/lib/offline';

// Every page carries the banner, but it shows only offline: its strip (Ant Design's Alert) loads then, from the
// service worker's precache, not with the shell (bench/web-size). Without a service worker that chunk may not come
// offline: the banner then stays away rather than taking the shell down with it.
const OfflineStrip = lazy<ComponentType<{ cachedSince: number | undefined }>>(() =>
  import('./offline-strip').catch(() => ({ default: () => null })),
);

/**
 * The shell's offline banner (issue 41): while the browser reports no network or the API cannot be reached. The pages
 * keep the last data they had; the strip says how old it is, and that changes cannot be saved.
 */
export function OfflineBanner() {
  const { offline, cachedSince } = useOfflineState();
  return offline ? (
    <Suspense fallback={null}>
      <OfflineStrip cachedSince={cachedSince} />
    </Suspense>
  ) : null;
}
