import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { withTexts } from '@/lib/i18n';
import { lazyLoad } from '@/lib/lazy-load';
import { useLiveSocket } from '@/lib/use-live-socket';
import { MESSAGES_KEY } from '../api/get-messages';
import { UNREAD_KEY, useUnreadCount } from '../api/get-unread-count';
import './bell.css';

// The popover and its list (message sentences, the alarm and command catalogues' names) load when the bell is first
// clicked, not with the shell every page waits for.
const BellPanel = lazyLoad(
  withTexts(
    [
      'commands',
      'inbox',
      'messages/alarmCatalogue',
      'messages/alarmLabels',
      'messages/commandLabels',
      'messages/commands',
      'messages/core',
      'messages/inbox',
      'messages/options',
      'messages/plants',
      'messages/registration',
      'messages/roles',
      'messages/storage',
      'messages/userAdmin',
      'messages/validation',
      'workOrders',
    ],
    () => import('./bell-panel'),
  ),
);

/**
 * The shell's notifications (R2.12): the unread count of the user's messages on a bell, kept current by the live
 * channel (`unread` events go to this user's tabs only), and a popover with the newest unread ones and a link to all.
 */
export function NotificationBell({
  listPath,
  canOpen = () => true,
}: {
  listPath: string;
  /** Whether this user can open a message's link; others lead to the list instead. */
  canOpen?: (link: string) => boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const count = useUnreadCount().data?.count ?? 0;
  const [open, setOpen] = useState(false);

  const onLive = useCallback(
    (message: LiveMessage) => {
      // The server may have missed events (docs/faults.md): read the count and the lists again.
      if (message.type === 'resync') return void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      if (message.type !== 'unread') return;
      // The event is newer than a count still being read (the re-read when the socket opens): that one must not win.
      void queryClient.cancelQueries({ queryKey: UNREAD_KEY });
      queryClient.setQueryData(UNREAD_KEY, { count: message.count });
      // The lists (the page, the popover) change with the count: a new message, or one read or deleted elsewhere.
      void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY, predicate: (q) => q.queryKey[1] !== 'unread' });
    },
    [queryClient],
  );
  const state = useLiveSocket(onLive);
  // Events sent while the socket was down are not replayed: read the count again once it is back.
  useEffect(() => {
    if (state === 'open') void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  }, [state, queryClient]);

  // The popover's code is asked for by the first click, which also opens it (controlled: no race with its loading).
  const [reached, setReached] = useState(false);
  const button = (
    <Button
      type="text"
      className="bell-button"
      data-testid="notification-bell"
      aria-label={`${t('inbox.bell')}: ${count}`}
      aria-haspopup="dialog"
      aria-expanded={open}
      icon={<BellOutlined />}
      onClick={
        reached
          ? undefined
          : () => {
              setReached(true);
              setOpen(true);
            }
      }
    >
      {/* Ant Design's Badge would bring its animated digits into the shell every page loads with. */}
      {count > 0 && (
        <span className="bell-count" data-testid="notification-count" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Button>
  );
  if (!reached) return button;
  return (
    <Suspense fallback={button}>
      <BellPanel open={open} onOpenChange={setOpen} title={t('inbox.bell')} listPath={listPath} canOpen={canOpen}>
        {button}
      </BellPanel>
    </Suspense>
  );
}
