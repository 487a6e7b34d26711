import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveMessage } from '@voltfleet/domain';
import { lazyLoad } from '@/lib/lazy-load';
import { useLiveSocket } from '@/lib/use-live-socket';
import { MESSAGES_KEY } from '../api/get-messages';
import { UNREAD_KEY, useUnreadCount } from '../api/get-unread-count';
import './bell.css';

// The popover's list (message sentences, the alarm and command catalogues' names) loads when it is first opened, not
// with the shell every page waits for.
const BellPopover = lazyLoad(() => import('./bell-popover'));

/**
 * The shell's notifications (SPEC §2): the unread count of the user's messages on a bell, kept current by the live
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

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('inbox.bell')}
      content={
        open && (
          <Suspense fallback={<Spin size="small" />}>
            <BellPopover listPath={listPath} canOpen={canOpen} onDone={() => setOpen(false)} />
          </Suspense>
        )
      }
    >
      <Button
        type="text"
        className="bell-button"
        data-testid="notification-bell"
        aria-label={`${t('inbox.bell')}: ${count}`}
        icon={<BellOutlined />}
      >
        {/* Ant Design's Badge would bring its animated digits into the shell every page loads with. */}
        {count > 0 && (
          <span className="bell-count" data-testid="notification-count" aria-hidden>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Button>
    </Popover>
  );
}
