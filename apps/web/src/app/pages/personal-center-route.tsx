import { Suspense } from 'react';
import { Card, Space } from 'antd';
import PersonalCenterPage from '@/features/profile/pages/personal-center-page';
import { lazyNamed } from '@/lib/lazy-load';

// The big screens' links and kiosk links: a chunk of its own with its own text part, loaded below the account.
const KioskLinksCard = lazyNamed(() => import('@/features/bigscreen'), 'KioskLinksCard');
// The user's API keys for programs: a chunk of its own too, below the kiosk links.
const ApiKeysCard = lazyNamed(() => import('@/features/api-keys'), 'ApiKeysCard');
// The user's signed webhooks: a chunk of its own too, below the API keys.
const WebhooksCard = lazyNamed(() => import('@/features/webhooks'), 'WebhooksCard');
// This user's browsers that receive Web Push: a chunk of its own too, below the webhooks.
const PushCard = lazyNamed(() => import('@/features/push-notifications'), 'PushCard');

/**
 * The personal centre with the big-screen feature's kiosk links, the user's API keys and webhooks below the account
 * (features do not import each other).
 */
export default function PersonalCenterRoute() {
  return (
    <PersonalCenterPage
      extra={
        <Space orientation="vertical" size={16} style={{ display: 'flex' }}>
          <Suspense fallback={<Card loading />}>
            <KioskLinksCard />
          </Suspense>
          <Suspense fallback={<Card loading />}>
            <ApiKeysCard />
          </Suspense>
          <Suspense fallback={<Card loading />}>
            <WebhooksCard />
          </Suspense>
          <Suspense fallback={<Card loading />}>
            <PushCard />
          </Suspense>
        </Space>
      }
    />
  );
}
