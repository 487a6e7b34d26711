import { Button, Popconfirm, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_GROUP_LABELS,
  ALARM_SEVERITY_LABELS,
  alarmByCode,
  type NotificationRule,
} from '@voltfleet/domain/alarms';
import { DataTable, type Column } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import type { PagerConfig } from '@/lib/paging';
import { useCan } from '@/lib/permissions';
import { message } from '@/lib/i18n';
import { alarmText } from '@/lib/labels';

interface Props {
  rules: NotificationRule[];
  loading: boolean;
  pagination: PagerConfig;
  /** The rule whose switch is being saved (its switch spins). */
  switching: number | null;
  onEdit: (rule: NotificationRule) => void;
  onSwitch: (rule: NotificationRule, enabled: boolean) => void;
  onDelete: (rule: NotificationRule) => void;
  /** Opens the rule's delivery log (everyone who sees the page may read it). */
  onLog: (rule: NotificationRule) => void;
}

/** At most `shown` names, then "+N" for the rest: a cell stays one or two lines however long the list. */
function names(list: readonly string[], shown = 3): string {
  const head = list.slice(0, shown).join(', ');
  return list.length > shown ? `${head} +${list.length - shown}` : head;
}

/** The notification rules with their switch, edit and delete; each control only with its function permission. */
export function NotificationRuleTable(props: Props) {
  const { rules, loading, pagination, switching, onEdit, onSwitch, onDelete, onLog } = props;
  const { t } = useTranslation();
  const canEdit = useCan('C/C:rule.edit');
  const canDelete = useCan('C/C:rule.delete');

  const alarmsOf = (rule: NotificationRule) => {
    const chosen = [
      ...rule.groups.map((g) => message(ALARM_GROUP_LABELS[g])),
      ...rule.codes.map((c) => alarmText(alarmByCode(c)) ?? c),
    ];
    const which = chosen.length > 0 ? names(chosen) : t('notificationRules.allAlarms');
    return t('notificationRules.alarmsValue', { which, severity: message(ALARM_SEVERITY_LABELS[rule.minSeverity]) });
  };

  const columns: Column<NotificationRule>[] = [
    { title: t('notificationRules.columns.name'), dataIndex: 'name', fixed: 'left' },
    {
      title: t('notificationRules.columns.plants'),
      key: 'plants',
      render: (_, rule) =>
        rule.allPlants ? t('notificationRules.allPlants') : names(rule.plants.map((p) => p.name)) || '—',
    },
    { title: t('notificationRules.columns.alarms'), key: 'alarms', render: (_, rule) => alarmsOf(rule) },
    {
      title: t('notificationRules.columns.receivers'),
      key: 'receivers',
      render: (_, rule) =>
        names([
          ...rule.users.map((u) => u.name || u.username),
          ...rule.emails,
          ...rule.phones.map((p) => `${p.prePhoneCode} ${p.phone}`),
        ]) || '—',
    },
    {
      title: t('notificationRules.columns.channels'),
      dataIndex: 'channels',
      render: (channels) => channels.map((c) => t(`notificationRules.channels.${c}`)).join(', '),
    },
    {
      title: t('notificationRules.columns.limits'),
      key: 'limits',
      render: (_, rule) => t('notificationRules.limitsValue', { hourly: rule.hourlyLimit, daily: rule.dailyLimit }),
    },
    {
      title: t('notificationRules.columns.enabled'),
      dataIndex: 'enabled',
      render: (enabled, rule) => (
        <Switch
          checked={enabled}
          disabled={!canEdit}
          loading={switching === rule.id}
          aria-label={t('notificationRules.switchLabel', { name: rule.name })}
          data-testid={`rule-switch-${rule.id}`}
          onChange={(next) => onSwitch(rule, next)}
        />
      ),
    },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: formatDateTime },
  ];

  columns.push({
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, rule) => (
      <Space size={0}>
        <Button type="link" data-testid={`rule-log-${rule.id}`} onClick={() => onLog(rule)}>
          {t('notificationRules.deliveries.log')}
        </Button>
        {canEdit && (
          <Button type="link" data-testid={`rule-edit-${rule.id}`} onClick={() => onEdit(rule)}>
            {t('common.edit')}
          </Button>
        )}
        {canDelete && (
          <Popconfirm
            title={t('notificationRules.deleteConfirm', { name: rule.name })}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(rule)}
          >
            <Button type="link" danger data-testid={`rule-delete-${rule.id}`}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  });

  return (
    <DataTable<NotificationRule>
      rowKey="id"
      data-testid="rule-table"
      rowTestId={(rule) => `rule-row-${rule.id}`}
      columns={columns}
      dataSource={rules}
      loading={loading}
      pagination={pagination}
    />
  );
}
