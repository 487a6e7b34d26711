import { useMemo } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ALARM_CATALOGUE,
  ALARM_GROUP_LABELS,
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  ALARM_SEVERITY_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIMIT_MAX,
  NOTIFICATION_LIMIT_MIN,
  NOTIFICATION_RULE_LIMITS,
  notificationRuleNameSchema,
  type NotificationRuleOptions,
} from '@voltfleet/domain/alarms';
import { PHONE_PREFIXES } from '@voltfleet/domain/validation';
import { schemaRule } from '@/lib/form-rules';
import { newPhoneRow } from './rule-form-model';
import { message } from '@/lib/i18n';
import { alarmText } from '@/lib/labels';

const prefixOptions = PHONE_PREFIXES.map((p) => ({ value: p, label: p }));
const nameRules = [schemaRule(notificationRuleNameSchema)];

interface Props {
  options: NotificationRuleOptions | undefined;
  loadingOptions: boolean;
}

/** The alarm choices in the UI language: groups, catalogue entries (name and code) and severities. */
function alarmChoices() {
  return {
    groups: ALARM_GROUPS.map((g) => ({ value: g, label: message(ALARM_GROUP_LABELS[g]) })),
    codes: ALARM_CATALOGUE.map((a) => ({ value: a.code, label: `${alarmText(a)} (${a.code})` })),
    severities: ALARM_SEVERITIES.map((s) => ({ value: s, label: message(ALARM_SEVERITY_LABELS[s]) })),
  };
}

/** The fields of the rule form: what notifies (plants, alarms), whom (users, e-mails, phones), how and how often. */
export function RuleFormFields({ options, loadingOptions }: Props) {
  const { t } = useTranslation();
  const alarms = alarmChoices();
  const plantOptions = useMemo(
    () => (options?.plants ?? []).map((p) => ({ value: p.plantId, label: p.name })),
    [options?.plants],
  );
  const userOptions = useMemo(
    () =>
      (options?.users ?? []).map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.username})` : u.username })),
    [options?.users],
  );
  const allPlants = Form.useWatch<boolean | undefined>('allPlants');

  return (
    <>
      <Form.Item name="name" label={t('notificationRules.form.name')} rules={nameRules} required>
        <Input maxLength={NOTIFICATION_RULE_LIMITS.name} data-testid="rule-form-name" />
      </Form.Item>

      <Form.Item name="allPlants" label={t('notificationRules.form.allPlants')} valuePropName="checked">
        <Switch data-testid="rule-form-all-plants" />
      </Form.Item>
      {allPlants === false && (
        <Form.Item name="plantIds" label={t('notificationRules.form.plants')} required>
          <Select
            mode="multiple"
            options={plantOptions}
            loading={loadingOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('notificationRules.form.plantsPlaceholder')}
            data-testid="rule-form-plants"
          />
        </Form.Item>
      )}

      <Form.Item
        name="groups"
        label={t('notificationRules.form.groups')}
        extra={t('notificationRules.form.emptyIsAll')}
      >
        <Select mode="multiple" options={alarms.groups} allowClear data-testid="rule-form-groups" />
      </Form.Item>
      <Form.Item name="codes" label={t('notificationRules.form.codes')} extra={t('notificationRules.form.codesHint')}>
        <Select
          mode="multiple"
          options={alarms.codes}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          data-testid="rule-form-codes"
        />
      </Form.Item>
      <Form.Item name="minSeverity" label={t('notificationRules.form.minSeverity')}>
        <Select options={alarms.severities} data-testid="rule-form-severity" />
      </Form.Item>

      <Form.Item
        name="userIds"
        label={t('notificationRules.form.users')}
        extra={t('notificationRules.form.receiversHint')}
      >
        <Select
          mode="multiple"
          options={userOptions}
          loading={loadingOptions}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="rule-form-users"
        />
      </Form.Item>
      <Form.Item label={t('notificationRules.form.emails')}>
        <Form.List name="emails">
          {(fields, { add, remove }, { errors }) => (
            <>
              {/* A row's input is noStyle: its errors show under the row's outer item. */}
              {fields.map((field) => (
                <Form.Item key={field.key} style={{ marginBottom: 8 }}>
                  <Space.Compact block>
                    <Form.Item name={field.name} noStyle>
                      <Input type="email" data-testid={`rule-form-email-${field.name}`} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('notificationRules.form.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Space.Compact>
                </Form.Item>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < NOTIFICATION_RULE_LIMITS.emails && (
                <Button icon={<PlusOutlined />} onClick={() => add('')} data-testid="rule-form-add-email">
                  {t('notificationRules.form.addEmail')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={t('notificationRules.form.phones')}>
        <Form.List name="phones">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Form.Item key={field.key} style={{ marginBottom: 8 }}>
                  <Space.Compact block>
                    <Form.Item name={[field.name, 'prePhoneCode']} noStyle>
                      <Select style={{ width: 100 }} options={prefixOptions} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'phone']} noStyle>
                      <Input inputMode="numeric" data-testid={`rule-form-phone-${field.name}`} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('notificationRules.form.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Space.Compact>
                </Form.Item>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < NOTIFICATION_RULE_LIMITS.phones && (
                <Button icon={<PlusOutlined />} onClick={() => add(newPhoneRow())} data-testid="rule-form-add-phone">
                  {t('notificationRules.form.addPhone')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>

      <Form.Item name="channels" label={t('notificationRules.form.channels')} required>
        <Checkbox.Group
          data-testid="rule-form-channels"
          options={NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: t(`notificationRules.channels.${c}`) }))}
        />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="hourlyLimit" label={t('notificationRules.form.hourlyLimit')} required>
          <InputNumber
            min={NOTIFICATION_LIMIT_MIN}
            max={NOTIFICATION_LIMIT_MAX}
            precision={0}
            data-testid="rule-form-hourly"
          />
        </Form.Item>
        <Form.Item name="dailyLimit" label={t('notificationRules.form.dailyLimit')} required>
          <InputNumber
            min={NOTIFICATION_LIMIT_MIN}
            max={NOTIFICATION_LIMIT_MAX}
            precision={0}
            data-testid="rule-form-daily"
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="recoveryNotices"
        label={t('notificationRules.form.recoveryNotices')}
        valuePropName="checked"
        extra={t('notificationRules.form.recoveryNoticesHint')}
      >
        <Switch data-testid="rule-form-recovery" />
      </Form.Item>
      <Form.Item name="enabled" label={t('notificationRules.form.enabled')} valuePropName="checked">
        <Switch data-testid="rule-form-enabled" />
      </Form.Item>
    </>
  );
}
