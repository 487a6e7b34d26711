import { useState } from 'react';
import { Button, Checkbox, Popconfirm, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '@voltfleet/domain/notices';
import { FilterSheet } from '@/components/filter-sheet';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { notifySuccess } from '@/lib/success';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useMessageChanges } from '../api/change-messages';
import { useMessages } from '../api/get-messages';
import { useUnreadCount } from '../api/get-unread-count';
import { MessageFilters, dayRange, type MessageFilterValues } from '../components/message-filters';
import { MessageItem } from '../components/message-item';
import '../components/messages.css';

export interface MessagesPageProps {
  /** Whether this user can open a message's link (a page of a module they hold); others show no link. */
  canOpen?: (link: string) => boolean;
}

/**
 * /messages: the signed-in user's own in-app messages (alarms, commands, upgrades, work orders, notices), newest first,
 * filtered by kind, read state and days. Opening one marks it read and follows its link; selected ones are marked
 * read or deleted (after a confirmation); "mark all read" clears the bell. Every change reaches the user's other tabs
 * through the live channel.
 */
export default function MessagesPage({ canOpen = () => true }: MessagesPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<MessageFilterValues>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const list = useMessages({ ...paging, kind: filters.kind, read: filters.read, ...dayRange(filters) });
  const unread = useUnreadCount().data?.count ?? 0;
  const changes = useMessageChanges();
  const items = list.data?.items ?? [];
  // Only what is on this page stays selected (a refresh may have taken some away).
  const chosen = items.filter((m) => selected.has(m.id)).map((m) => m.id);

  const select = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const open = (message: Message) => {
    if (message.readAt === null) changes.read.mutate([message.id]);
    if (message.link && canOpen(message.link)) void navigate(message.link);
  };

  const remove = (ids: number[]) =>
    changes.remove.mutate(ids, {
      onSuccess: () => {
        notifySuccess('success.deleted');
        setSelected(new Set());
        // Deleting the whole last page shows the page before it.
        if (ids.length === items.length && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
      },
    });

  return (
    <>
      <PageHeader
        title={t('inbox.title')}
        extra={
          <Button
            data-testid="messages-read-all"
            disabled={unread === 0}
            loading={changes.readAll.isPending}
            onClick={() => changes.readAll.mutate(undefined, { onSuccess: () => notifySuccess('success.cleared') })}
          >
            {t('inbox.markAllRead')}
          </Button>
        }
      />
      {/* On a phone the filters wait in a sheet behind a button that counts those set. */}
      <FilterSheet
        count={Object.values(filters).filter((v) => v !== undefined).length}
        closeOn={JSON.stringify(filters)}
        testId="messages-filters"
      >
        <MessageFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPaging((p) => ({ ...p, page: 1 }));
            setSelected(new Set());
          }}
        />
      </FilterSheet>
      <div className="message-toolbar">
        <Checkbox
          data-testid="messages-select-all"
          aria-label={t('inbox.selectAll')}
          checked={items.length > 0 && chosen.length === items.length}
          indeterminate={chosen.length > 0 && chosen.length < items.length}
          onChange={(e) => setSelected(new Set(e.target.checked ? items.map((m) => m.id) : []))}
        >
          {t('inbox.selected', { count: chosen.length })}
        </Checkbox>
        <Button
          size="small"
          data-testid="messages-mark-read"
          disabled={chosen.length === 0}
          onClick={() => changes.read.mutate(chosen, { onSuccess: () => setSelected(new Set()) })}
        >
          {t('inbox.markRead')}
        </Button>
        <Popconfirm
          title={t('inbox.deleteConfirm', { count: chosen.length })}
          okText={t('inbox.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={chosen.length === 0}
          onConfirm={() => remove(chosen)}
        >
          <Button size="small" danger data-testid="messages-delete" disabled={chosen.length === 0}>
            {t('inbox.delete')}
          </Button>
        </Popconfirm>
      </div>
      <Spin spinning={list.isFetching}>
        {items.length === 0 && !list.isLoading ? (
          <p className="message-empty" data-testid="messages-empty">
            {t('inbox.empty')}
          </p>
        ) : (
          <ul className="message-list" data-testid="message-list">
            {items.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                onOpen={() => open(message)}
                leading={
                  // The box's label is its touch target on a phone (messages.css).
                  <Checkbox
                    className="message-select"
                    aria-label={t('inbox.selectRow')}
                    data-testid={`message-select-${message.id}`}
                    checked={selected.has(message.id)}
                    onChange={(e) => select(message.id, e.target.checked)}
                  />
                }
                actions={
                  message.readAt === null && (
                    <Button
                      type="link"
                      size="small"
                      data-testid={`message-read-${message.id}`}
                      onClick={() => changes.read.mutate([message.id])}
                    >
                      {t('inbox.markRead')}
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        )}
      </Spin>
      <Pager
        {...serverPagination(paging, list.data?.total, (page, pageSize) => setPaging({ page, pageSize }))}
        hideOnSinglePage
      />
    </>
  );
}
