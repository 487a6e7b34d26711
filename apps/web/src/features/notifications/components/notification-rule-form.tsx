import { useMemo, useRef, useState } from 'react';
import { Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NotificationRule, NotificationRuleOptions } from '@voltfleet/domain/alarms';
import { reportFormError } from '@/lib/form-rules';
import { notifySuccess } from '@/lib/success';
import { useNotificationRuleOptions } from '../api/get-notification-rule-options';
import { useSaveNotificationRule } from '../api/save-notification-rule';
import { RuleFormFields } from './rule-form-fields';
import {
  checkRuleForm,
  fieldNameOf,
  initialRuleValues,
  sentRows,
  type FieldError,
  type RuleFormValues,
} from './rule-form-model';

const FIELDS = Object.keys(initialRuleValues(null));

/**
 * Create (rule === null) or edit a notification rule in a drawer; mounted while open (and loaded only then). The
 * whole rule is checked with the domain schema before it is sent, so cross-field problems (no receiver, SMS without
 * a phone, hourly above daily) show under their fields at once; the server's answers land there too.
 */
export default function NotificationRuleForm({
  rule,
  onClose,
}: {
  rule: NotificationRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Untyped: errors are set by name paths built at run time (['phones', 2, 'phone']), which the typed form refuses.
  const [form] = Form.useForm();
  const [initialValues] = useState(() => initialRuleValues(rule));
  const options = useNotificationRuleOptions();
  const save = useSaveNotificationRule();
  // The rule's own plants and users stay choosable by name even where the scope's list no longer holds them.
  const choices = useMemo((): NotificationRuleOptions | undefined => {
    if (!options.data) return undefined;
    const plants = [...options.data.plants];
    for (const p of rule?.plants ?? []) if (!plants.some((o) => o.plantId === p.plantId)) plants.push(p);
    const users = [...options.data.users];
    for (const u of rule?.users ?? []) if (!users.some((o) => o.id === u.id)) users.push(u);
    return { plants, users };
  }, [options.data, rule]);
  const creating = rule === null;

  // The fields whose errors this form set last time: a Form.List's own errors are not among getFieldsError().
  const shown = useRef<FieldError['name'][]>([]);
  const show = (errors: readonly FieldError[]) => {
    // Earlier messages go first: a field fixed since must not keep its old error.
    form.setFields(shown.current.map((name) => ({ name, errors: [] })));
    form.setFields(errors.map((e) => ({ name: e.name, errors: [e.message] })));
    shown.current = errors.map((e) => e.name);
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as RuleFormValues;
    const checked = checkRuleForm(values);
    if (!checked.input) {
      show(checked.errors);
      return;
    }
    show([]);
    try {
      await save.mutateAsync({ id: rule?.id ?? null, input: checked.input });
      notifySuccess(creating ? 'success.added' : 'success.edited');
      onClose();
    } catch (error) {
      const rows = sentRows(values);
      reportFormError(error, FIELDS, (issues) =>
        show(issues.map((issue) => ({ name: fieldNameOf(issue.path, rows), message: issue.message }))),
      );
    }
  };

  return (
    <Drawer
      open
      width={560}
      title={creating ? t('notificationRules.add') : t('notificationRules.edit')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="rule-form-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" autoComplete="off" initialValues={initialValues} data-testid="rule-form">
        <RuleFormFields options={choices} loadingOptions={options.isLoading} />
      </Form>
    </Drawer>
  );
}
