import { useSyncExternalStore } from 'react';

/** Below Ant Design's md breakpoint (768 px): phones in portrait and landscape; a tablet keeps the desktop layout. */
export const PHONE_QUERY = '(max-width: 767.98px)';

const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the window is phone-sized, read at the first render (no desktop flash before the phone layout) and
 * followed when it changes (rotation, a resized window).
 */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
