import { useEffect, useState } from 'react';
import { Alert, Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PushSubscription } from '@voltfleet/domain/alarms';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notice';
import {
  getPushPublicKey,
  usePushSubscriptions,
  useRemovePushSubscription,
  useSavePushSubscription,
  useTestPush,
} from '../api/push-api';
import {
  browserName,
  currentEndpoint,
  pushRegistration,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './browser-push';

type Availability = 'checking' | 'available' | 'unavailable';

/**
 * Personal centre → Push notifications: enable push on this browser (permission, subscription with the server's
 * VAPID key, saved to the server), the user's browsers that receive push, a test push to each, and removal.
 * Without Notification or a service worker with a push manager, the card says push is unavailable here.
 */
export default function PushCard() {
  const { t } = useTranslation();
  const list = usePushSubscriptions();
  const save = useSavePushSubscription();
  const test = useTestPush();
  const remove = useRemovePushSubscription();
  const [availability, setAvailability] = useState<Availability>('checking');
  const [mine, setMine] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);
  const [enabling, setEnabling] = useState(false);

  useEffect(() => {
    let live = true;
    void pushRegistration().then(async (registration) => {
      if (!live) return;
      setAvailability(registration ? 'available' : 'unavailable');
      if (registration) setMine(await currentEndpoint());
    });
    return () => {
      live = false;
    };
  }, []);

  const enable = async () => {
    setEnabling(true);
    try {
      const { publicKey } = await getPushPublicKey();
      const outcome = await subscribeThisBrowser(publicKey);
      if (outcome.kind === 'denied') setDenied(true);
      else if (outcome.kind === 'unavailable') setAvailability('unavailable');
      else {
        await save.mutateAsync({ endpoint: outcome.endpoint, keys: outcome.keys, label: browserName() });
        setMine(outcome.endpoint);
        notify('success', t('pushNotifications.enabled'));
      }
    } catch {
      notify('error', t('pushNotifications.enableFailed'));
    } finally {
      setEnabling(false);
    }
  };

  const sendTest = async (s: PushSubscription) => {
    const result = await test.mutateAsync(s.id);
    if (result.outcome === 'sent') notify('success', t('pushNotifications.testSent'));
    else if (result.outcome === 'removed') notify('warning', t('pushNotifications.testRemoved'));
    else notify('error', t('pushNotifications.testFailed', { detail: result.detail }));
  };

  const removeOne = async (s: PushSubscription) => {
    await remove.mutateAsync(s.id);
    if (s.endpoint === mine) {
      await unsubscribeThisBrowser(s.endpoint);
      setMine(null);
    }
  };

  const subscribed = mine !== null && (list.data ?? []).some((s) => s.endpoint === mine);
  return (
    <Card title={t('pushNotifications.title')} data-testid="push-card">
      <p>{t('pushNotifications.intro')}</p>
      {availability === 'unavailable' && (
        <Alert type="info" showIcon message={t('pushNotifications.unavailable')} data-testid="push-unavailable" />
      )}
      {denied && <Alert type="warning" showIcon message={t('pushNotifications.denied')} data-testid="push-denied" />}
      {availability === 'available' && !subscribed && (
        <p>
          <Button type="primary" loading={enabling} onClick={() => void enable()} data-testid="push-enable">
            {t('pushNotifications.enable')}
          </Button>
        </p>
      )}
      <List<PushSubscription>
        loading={list.isPending}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('pushNotifications.none') }}
        data-testid="push-list"
        renderItem={(s) => (
          <List.Item
            data-testid={`push-item-${s.id}`}
            actions={[
              <Button key="test" size="small" onClick={() => void sendTest(s)} data-testid={`push-test-${s.id}`}>
                {t('pushNotifications.test')}
              </Button>,
              <Popconfirm
                key="remove"
                title={t('pushNotifications.removeConfirm', { name: s.label })}
                okText={t('pushNotifications.remove')}
                okButtonProps={{ danger: true, 'data-testid': 'push-remove-ok' }}
                onConfirm={() => removeOne(s)}
              >
                <Button size="small" danger data-testid={`push-remove-${s.id}`}>
                  {t('pushNotifications.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <Space orientation="vertical" size={0}>
              <span>
                {s.label} {s.endpoint === mine && <Tag color="blue">{t('pushNotifications.thisBrowser')}</Tag>}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('pushNotifications.since', { at: formatDateTime(s.createdAt) })}
                {s.lastSuccessAt && ` · ${t('pushNotifications.lastSuccess', { at: formatDateTime(s.lastSuccessAt) })}`}
                {s.lastError && ` · ${t('pushNotifications.lastError', { error: s.lastError })}`}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
