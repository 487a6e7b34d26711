import { Suspense, useState } from 'react';
import { Button, Flex, Input, Segmented } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotificationRule } from '@voltfleet/domain/alarms';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { notifySuccess } from '@/lib/success';
import { useDeleteNotificationRule } from '../api/delete-notification-rule';
import { useNotificationRules, type NotificationRuleListParams } from '../api/get-notification-rules';
import { useSetNotificationRuleEnabled } from '../api/set-notification-rule-enabled';
import { NotificationRuleTable } from '../components/notification-rule-table';

// The form (catalogue choices, validation) loads when first opened, keeping the list light.
const NotificationRuleForm = lazyLoad(() => import('../components/notification-rule-form'));
const DeliveryLogDrawer = lazyLoad(() => import('../components/delivery-log-drawer'));

/**
 * /alarmCenter/alarmRules (C/C): the alarm notification rules of the caller's subtree, with a name search, a state
 * filter, paging, and (by function permission) add, edit, switch on/off and delete.
 */
export default function NotificationRulesPage() {
  return <NotificationRulesPageContent />;
}

function NotificationRulesPageContent() {
  const { t } = useTranslation();
  const title = usePageName('alarmRules');
  const [params, setParams] = useState<NotificationRuleListParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<{ rule: NotificationRule | null } | null>(null);
  const [logOf, setLogOf] = useState<NotificationRule | null>(null);
  const rules = useNotificationRules(params);
  const remove = useDeleteNotificationRule();
  const toggle = useSetNotificationRuleEnabled();

  const onDelete = (rule: NotificationRule) =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        notifySuccess('success.deleted');
        // Deleting the last row of a page shows the page before it.
        if (rules.data?.items.length === 1 && params.page > 1) setParams((p) => ({ ...p, page: p.page - 1 }));
      },
    });

  const onSwitch = (rule: NotificationRule, enabled: boolean) =>
    toggle.mutate({ id: rule.id, enabled }, { onSuccess: () => notifySuccess('success.saved') });

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Can code="C/C:rule.add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="rule-add"
              onClick={() => setEditing({ rule: null })}
            >
              {t('notificationRules.add')}
            </Button>
          </Can>
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('notificationRules.searchPlaceholder')}
          style={{ maxWidth: 320 }}
          data-testid="rule-search"
          onSearch={(name) => setParams((p) => ({ ...p, name: name.trim() || undefined, page: 1 }))}
        />
        <Segmented<NotificationRuleListParams['enabled'] | 'all'>
          value={params.enabled ?? 'all'}
          data-testid="rule-status-filter"
          options={[
            { value: 'all', label: t('notificationRules.allStates') },
            { value: 'true', label: t('notificationRules.enabled') },
            { value: 'false', label: t('notificationRules.disabled') },
          ]}
          onChange={(value) => setParams((p) => ({ ...p, enabled: value === 'all' ? undefined : value, page: 1 }))}
        />
      </Flex>
      <NotificationRuleTable
        rules={rules.data?.items ?? []}
        loading={rules.isFetching}
        switching={toggle.isPending ? (toggle.variables?.id ?? null) : null}
        onEdit={(rule) => setEditing({ rule })}
        onSwitch={onSwitch}
        onDelete={onDelete}
        onLog={setLogOf}
        pagination={serverPagination(params, rules.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
      />
      {editing && (
        <Suspense fallback={null}>
          <NotificationRuleForm rule={editing.rule} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {logOf && (
        <Suspense fallback={null}>
          <DeliveryLogDrawer rule={logOf} onClose={() => setLogOf(null)} />
        </Suspense>
      )}
    </>
  );
}
