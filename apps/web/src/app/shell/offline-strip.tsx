import { useSyncExternalStore } from 'react';
import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/use-now';
import { formatAge, oldestDataAt } from './offline-age';

/**
 * The offline banner's strip: that the app is offline and changes cannot be saved, and how old the data on screen
 * is (the oldest of the page's queries, or of the service worker's cached answers since the network went down).
 */
export default function OfflineStrip({ cachedSince }: { cachedSince: number | undefined }) {
  const { t, i18n } = useTranslation();
  const cache = useQueryClient().getQueryCache();
  const oldestQuery = useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => oldestDataAt(cache),
  );
  // Re-read each half minute, so the age counts up while the banner stays.
  const now = useNow(30_000);
  const known = [oldestQuery, cachedSince].filter((at): at is number => at !== undefined);
  const dataAt = known.length ? Math.min(...known) : undefined;
  return (
    <Alert
      banner
      type="warning"
      role="status"
      data-testid="offline-banner"
      message={
        <>
          {t('shell.offline')}
          {dataAt !== undefined && ' '}
          {dataAt !== undefined && (
            <span data-testid="offline-data-age">
              {t('shell.offlineDataAge', { age: formatAge(Math.max(0, now - dataAt), i18n.language) })}
            </span>
          )}
        </>
      }
    />
  );
}
