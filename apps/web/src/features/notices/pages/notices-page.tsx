import { Suspense, useState } from 'react';
import { Button, Popconfirm, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@voltfleet/domain/i18n';
import type { Notice } from '@voltfleet/domain/notices';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/format';
import { lazyLoad } from '@/lib/lazy-load';
import { notify } from '@/lib/notice';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useNotices } from '../api/get-notices';
import { useWithdrawNotice } from '../api/withdraw-notice';
import '../components/notices.css';

// The publishing form (four languages of fields and their rules) loads when a publisher opens it.
const PublishNoticeModal = lazyLoad(() => import('../components/publish-notice-modal'));

const PUBLISH = 'E:notice.publish';

function NoticeItem({ notice, lang, onWithdraw }: { notice: Notice; lang: Lang; onWithdraw: () => void }) {
  const { t } = useTranslation();
  const text = notice.texts[lang] ?? notice.texts.en;
  return (
    <li className="notice-item" data-testid={`notice-${notice.id}`}>
      <h2>{text.title}</h2>
      <p className="notice-meta">
        {t('notices.meta', { version: notice.version, date: notice.date })} ·{' '}
        {t('notices.publishedAt', { time: formatDateTime(notice.publishedAt) })}
      </p>
      {/* Plain text: React escapes it, and pre-wrap keeps the publisher's line breaks. */}
      <div className="notice-body">{text.body}</div>
      <Can code={PUBLISH}>
        <Popconfirm
          title={t('notices.withdrawConfirm')}
          okText={t('notices.withdraw')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onWithdraw}
        >
          <Button type="link" danger style={{ paddingInline: 0 }} data-testid={`notice-withdraw-${notice.id}`}>
            {t('notices.withdraw')}
          </Button>
        </Popconfirm>
      </Can>
    </li>
  );
}

/**
 * /notices: every published upgrade notice, newest first, in the UI language (open to every signed-in user, reached
 * from the help dialog and from the notice dialog). Publishers (E:notice.publish) publish and withdraw here.
 */
export default function NoticesPage() {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [publishing, setPublishing] = useState(false);
  const notices = useNotices(paging);
  const withdraw = useWithdrawNotice();
  const items = notices.data?.items ?? [];

  return (
    <>
      <PageHeader
        title={t('notices.title')}
        extra={
          <Can code={PUBLISH}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="notice-publish"
              onClick={() => setPublishing(true)}
            >
              {t('notices.publish')}
            </Button>
          </Can>
        }
      />
      <Spin spinning={notices.isFetching}>
        {items.length === 0 && !notices.isLoading ? (
          // A line of text rather than antd Empty: importing Empty here split a chunk that several pages share.
          <p className="notice-meta">{t('notices.empty')}</p>
        ) : (
          <ul className="notice-list" data-testid="notice-list">
            {items.map((notice) => (
              <NoticeItem
                key={notice.id}
                notice={notice}
                lang={i18n.language as Lang}
                onWithdraw={() =>
                  withdraw.mutate(notice.id, {
                    onSuccess: () => {
                      notify('success', t('notices.withdrawn'));
                      // Withdrawing the last notice of a page shows the page before it.
                      if (items.length === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
                    },
                  })
                }
              />
            ))}
          </ul>
        )}
      </Spin>
      <Pager
        {...serverPagination(paging, notices.data?.total, (page, pageSize) => setPaging({ page, pageSize }))}
        hideOnSinglePage
      />
      {publishing && (
        <Suspense fallback={null}>
          <PublishNoticeModal onClose={() => setPublishing(false)} />
        </Suspense>
      )}
    </>
  );
}
