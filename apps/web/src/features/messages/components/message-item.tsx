import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Message } from '@voltfleet/domain/notices';
import { formatDateTime } from '@/lib/format';
import { describeMessage } from './describe-message';

/**
 * One message: an unread dot, its sentence in the reader's language with a detail line, its kind and when it came.
 * `leading` (a selection box) and `actions` sit before and after it.
 */
export function MessageItem({
  message,
  leading,
  actions,
  onOpen,
}: {
  message: Message;
  leading?: ReactNode;
  actions?: ReactNode;
  /** Opening the message (a click on its text): marks it read and follows its link. */
  onOpen?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { text, detail } = describeMessage(message, t, i18n.language as Lang);
  const unread = message.readAt === null;
  return (
    <li
      className={`message-item${unread ? ' is-unread' : ''}`}
      data-testid={`message-${message.id}`}
      data-unread={unread}
    >
      {leading}
      <span className="message-dot" aria-label={unread ? t('inbox.unread') : undefined} />
      <div className="message-main">
        {onOpen ? (
          <a
            className="message-text"
            role="button"
            tabIndex={0}
            onClick={onOpen}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onOpen();
            }}
          >
            {text}
          </a>
        ) : (
          <div className="message-text">{text}</div>
        )}
        <div className="message-meta">
          {t(`inbox.kinds.${message.kind}`)} · {formatDateTime(message.createdAt)}
          {detail ? ` · ${detail}` : ''}
        </div>
      </div>
      {actions}
    </li>
  );
}
