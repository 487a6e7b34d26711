import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Notice } from '@voltfleet/domain/notices';
import { useDismissNotice } from '../api/dismiss-notice';
import './notices.css';

interface Props {
  /** Unseen notices, newest first; the first one is shown. */
  notices: readonly Notice[];
  /** Puts the notices off for this visit (not dismissed: they come back after the next login). */
  onClose: () => void;
  /** Where the list of every notice lives (the shell owns its routes). */
  listPath: string;
}

/**
 * One upgrade notice in the UI language. Title and text are rendered as React text, never as HTML: a notice that
 * contains markup shows it literally. Dismissing waits for the unseen list to be fetched again, so the next notice
 * (or nothing) follows without a flash of the dismissed one.
 */
export default function UpgradeNoticeDialog({ notices, onClose, listPath }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dismiss = useDismissNotice();
  const notice = notices[0];
  if (!notice) return null;
  const text = notice.texts[i18n.language as Lang] ?? notice.texts.en;
  const position = notices.length > 1 ? ` · ${t('notices.position', { index: 1, total: notices.length })}` : '';

  const showAll = () => {
    onClose();
    navigate(listPath);
  };

  return (
    <Modal
      open
      title={
        <>
          <div className="notice-kicker">{t('notices.kicker')}</div>
          <span data-testid="notice-title">{text.title}</span>
        </>
      }
      onCancel={onClose}
      closable={{ 'aria-label': t('common.close') }}
      footer={[
        <Button key="all" type="link" onClick={showAll} data-testid="notice-all">
          {t('notices.all')}
        </Button>,
        <Button
          key="dismiss"
          type="primary"
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate(notice.id)}
          data-testid="notice-dismiss"
        >
          {t('notices.dismiss')}
        </Button>,
      ]}
    >
      <p className="notice-meta">
        {t('notices.meta', { version: notice.version, date: notice.date })}
        {position}
      </p>
      <div className="notice-body" data-testid="notice-body">
        {text.body}
      </div>
    </Modal>
  );
}
