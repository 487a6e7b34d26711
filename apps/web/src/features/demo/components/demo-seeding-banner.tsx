import { Suspense } from 'react';
import { isDemoSeedingUnderway } from '@voltfleet/domain/demo';
import { withTexts } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';
import { useDemoSeeding } from '../api/get-demo-seeding';
import { useSeedingComplete } from './use-seeding-complete';

// Every page after login carries this banner, but it shows something only in a demo's first minutes: its strip
// (Ant Design's Alert and Progress, about 12 KB gzip) loads then, not with the shell (bench/web-size).
const DemoSeedingStrip = lazyLoad(withTexts(['demoSeeding'], () => import('./demo-seeding-strip')));

/**
 * The demo history's seeding, above the pages while it runs: how far it is and that month, year and total figures
 * are still growing; a short note when it is complete, an error line when it failed; nothing when off or done.
 */
export function DemoSeedingBanner() {
  const { data: status } = useDemoSeeding();
  const complete = useSeedingComplete(status?.state);
  const strip = complete.shown ? (
    <DemoSeedingStrip kind="complete" onDismiss={complete.dismiss} />
  ) : status?.state === 'failed' ? (
    <DemoSeedingStrip kind="failed" />
  ) : status && isDemoSeedingUnderway(status.state) ? (
    <DemoSeedingStrip kind="progress" status={status} />
  ) : null;
  return strip && <Suspense fallback={null}>{strip}</Suspense>;
}
