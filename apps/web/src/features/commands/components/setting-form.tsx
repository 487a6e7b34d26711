import { useState } from 'react';
import { Button, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FORCED_CHARGING,
  MAX_RATED_POWER_W,
  REMOTE_COMMANDS,
  SCALAR_PARAMETERS,
  checkSetting,
  type CommandDevice,
  type CommandKind,
  type ForcedCharging,
  type IssueCommand,
  type ScalarParameterDef,
} from '@voltfleet/domain/commands';
import { TARIFF_PERIODS } from '@voltfleet/domain/tariffs';
import { type ValidationIssue } from '@voltfleet/domain/envelope';
import { message } from '@/lib/i18n';
import { planIssues, planOf, rowsOf, serverPlanErrors, type PlanErrors } from '../utils/tariff-plan';
import { categoryLabel, kindLabel } from './command-labels';
import { ForcedChargingFields } from './forced-charging-fields';
import { TariffPeriodsFields, type PeriodRowComponent } from './tariff-periods-fields';

export type Setting = Pick<IssueCommand, 'kind' | 'value' | 'forcedCharging' | 'tariff'>;

const NO_DAYS = [false, false, false, false, false, false, false];
const EMPTY_SCHEDULE: ForcedCharging = { mode: 0, chargeDays: NO_DAYS, dischargeDays: NO_DAYS };

interface Props {
  disabled: boolean;
  busy: boolean;
  /** The selected devices (a tariff plan can be loaded from their plant). */
  devices: readonly CommandDevice[];
  /** The server's refusal of the last request (shown on the tariff rows). */
  serverIssues: readonly ValidationIssue[];
  PeriodRow: PeriodRowComponent;
  onSubmit: (setting: Setting) => void;
}

interface Values {
  kind: CommandKind;
  value?: number | null;
}

/**
 * The domain's refusal of a typed value, in `lang` (the same check the server makes; the grid-connection limit up to
 * the largest rated power, each device's own rating is checked by the server). Undefined while the field is empty.
 */
export function valueIssue(kind: CommandKind, value: number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const checked = checkSetting({ kind, value });
  return checked.ok ? undefined : message(checked.issue.key, checked.issue.params);
}

const rangeLabel = (def: Extract<ScalarParameterDef, { kind: 'range' }>) =>
  `(${def.min}–${def.max === 'rated' ? MAX_RATED_POWER_W : def.max} ${def.unit})`;

/**
 * A remote command or one parameter setting, with the fields and enumerations of the domain catalogue, as an Ant
 * Design form: a value is refused by the form's own rule, with the domain's message in the app's language. The form
 * has noValidate and its fields carry no min/max/required, so the browser's bubble (in the browser's language,
 * silent about the unit) never speaks.
 */
export function SettingForm({ disabled, busy, devices, serverIssues, PeriodRow, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'powerOn';
  const value = Form.useWatch('value', form);
  const [schedule, setSchedule] = useState<ForcedCharging>(EMPTY_SCHEDULE);
  const [rows, setRows] = useState(() => rowsOf(undefined));
  const [planErrors, setPlanErrors] = useState<PlanErrors>({});
  // A server refusal is shown until the plan is edited.
  const [editedAfter, setEditedAfter] = useState<readonly ValidationIssue[] | null>(null);
  const def = SCALAR_PARAMETERS.find((p) => p.key === kind);
  const valueError = def?.kind === 'range' ? valueIssue(kind, value) : undefined;

  const submitPlan = () => {
    // The same domain rules as the server: a refused plan is shown here and nothing is sent.
    const issues = Object.entries(planIssues(rows));
    setPlanErrors(Object.fromEntries(issues.map(([path, key]) => [path, message(key)])));
    if (issues.length === 0) onSubmit({ kind: TARIFF_PERIODS, tariff: planOf(rows) });
  };

  // Runs only when the rules pass (Enter in a refused field sends nothing either).
  const submit = (values: Values) => {
    if (kind === TARIFF_PERIODS) return submitPlan();
    if (kind === FORCED_CHARGING) return onSubmit({ kind, forcedCharging: schedule });
    // An empty field goes without a value, so the server answers "Parameters cannot be empty".
    const typed = values.value;
    onSubmit(def && typed !== undefined && typed !== null ? { kind, value: typed } : { kind });
  };

  return (
    <Form<Values>
      form={form}
      className="setting-form"
      layout="vertical"
      noValidate
      initialValues={{ kind: 'powerOn' }}
      onFinish={submit}
      onValuesChange={(changed: Partial<Values>) => {
        // Another setting starts empty (a value of one means nothing to another).
        if ('kind' in changed) form.setFieldValue('value', undefined);
      }}
    >
      <Form.Item<Values> name="kind" label={t('commands.setting')}>
        <Select<CommandKind>
          data-testid="command-kind"
          style={{ maxWidth: 320 }}
          // Every setting rendered at once: the list is short, and a virtual list hides its lower entries.
          virtual={false}
          options={[
            {
              label: categoryLabel('remote'),
              options: REMOTE_COMMANDS.map((k) => ({ value: k, label: kindLabel(k) })),
            },
            {
              label: categoryLabel('parameter'),
              options: [...SCALAR_PARAMETERS.map((p) => p.key), FORCED_CHARGING, TARIFF_PERIODS].map((k) => ({
                value: k,
                label: kindLabel(k),
              })),
            },
          ]}
        />
      </Form.Item>
      {def?.kind === 'enum' ? (
        <Form.Item<Values> name="value" label={t('commands.value')}>
          <Select<number>
            allowClear
            data-testid="command-value"
            style={{ maxWidth: 320 }}
            virtual={false}
            options={def.options.map((o) => ({ value: o.value, label: message(o.label) }))}
          />
        </Form.Item>
      ) : null}
      {def?.kind === 'range' ? (
        <Form.Item<Values>
          name="value"
          label={`${t('commands.value')} ${rangeLabel(def)}`}
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            {
              validator: (_, typed: number | null | undefined) => {
                const issue = valueIssue(kind, typed);
                return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber<number> data-testid="command-value" style={{ width: 200 }} />
        </Form.Item>
      ) : null}
      {kind === FORCED_CHARGING ? <ForcedChargingFields value={schedule} onChange={setSchedule} /> : null}
      {kind === TARIFF_PERIODS ? (
        <TariffPeriodsFields
          rows={rows}
          errors={{ ...(editedAfter === serverIssues ? {} : serverPlanErrors(serverIssues)), ...planErrors }}
          devices={devices}
          PeriodRow={PeriodRow}
          onChange={(changed) => {
            setRows(changed);
            setPlanErrors({});
            setEditedAfter(serverIssues);
          }}
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        disabled={disabled || valueError !== undefined}
        loading={busy}
        data-testid="command-issue"
      >
        {t('commands.issue')}
      </Button>
    </Form>
  );
}
