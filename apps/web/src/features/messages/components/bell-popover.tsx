import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MESSAGE_BELL_LATEST, type Message } from '@voltfleet/domain/notices';
import { useMessageChanges } from '../api/change-messages';
import { useMessages } from '../api/get-messages';
import { notifySuccess } from '@/lib/success';
import { MessageItem } from './message-item';
import './messages.css';

/**
 * The bell's popover: the newest unread messages (opening one marks it read and follows its link, or goes to the
 * list), "mark all read" and "view all".
 */
export default function BellPopover({
  listPath,
  canOpen,
  onDone,
}: {
  listPath: string;
  canOpen: (link: string) => boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const latest = useMessages({ page: 1, pageSize: MESSAGE_BELL_LATEST, read: 'unread' });
  const changes = useMessageChanges();
  const items = latest.data?.items ?? [];

  const open = (message: Message) => {
    changes.read.mutate([message.id]);
    onDone();
    void navigate(message.link && canOpen(message.link) ? message.link : listPath);
  };

  return (
    <div className="bell-popover" data-testid="bell-popover">
      {items.length === 0 && !latest.isLoading ? (
        <p className="message-empty">{t('inbox.noUnread')}</p>
      ) : (
        <ul className="message-list">
          {items.map((message) => (
            <MessageItem key={message.id} message={message} onOpen={() => open(message)} />
          ))}
        </ul>
      )}
      <div className="bell-footer">
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          data-testid="bell-read-all"
          disabled={items.length === 0}
          onClick={() => changes.readAll.mutate(undefined, { onSuccess: () => notifySuccess('success.cleared') })}
        >
          {t('inbox.markAllRead')}
        </Button>
        <Link to={listPath} onClick={onDone} data-testid="bell-view-all">
          {t('inbox.viewAll')}
        </Link>
      </div>
    </div>
  );
}
