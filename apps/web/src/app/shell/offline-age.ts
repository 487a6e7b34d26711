import type { QueryCache } from '@tanstack/react-query';

/**
 * When the oldest data on screen arrived (epoch ms): the oldest of the open pages' queries (their dataUpdatedAt,
 * which is the cached answer's own time when the service worker answered; lib/query-client.ts). The signed-in
 * user's own record is the frame's, not a page's data.
 */
export function oldestDataAt(cache: QueryCache): number | undefined {
  let oldest: number | undefined;
  for (const query of cache.findAll({ type: 'active' })) {
    if (query.state.data === undefined || query.queryKey[0] === 'auth' || !query.state.dataUpdatedAt) continue;
    oldest = Math.min(oldest ?? query.state.dataUpdatedAt, query.state.dataUpdatedAt);
  }
  return oldest;
}

/** "12 minutes ago" in the UI's language: minutes within the hour, then hours within two days, then days. */
export function formatAge(ms: number, lang: string): string {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return hours < 48 ? format.format(-hours, 'hour') : format.format(-Math.round(hours / 24), 'day');
}
