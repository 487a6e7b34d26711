import { Suspense } from 'react';
import { Card } from 'antd';
import PersonalCenterPage from '@/features/profile/pages/personal-center-page';
import { lazyNamed } from '@/lib/lazy-load';

// The big screens' links and kiosk links: a chunk of its own with its own text part, loaded below the account.
const KioskLinksCard = lazyNamed(() => import('@/features/bigscreen'), 'KioskLinksCard');

/** The personal centre with the big-screen feature's kiosk links below the account (features do not import each other). */
export default function PersonalCenterRoute() {
  return (
    <PersonalCenterPage
      extra={
        <Suspense fallback={<Card loading />}>
          <KioskLinksCard />
        </Suspense>
      }
    />
  );
}
