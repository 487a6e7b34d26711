import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FORCED_CHARGING,
  MAX_RATED_POWER_W,
  REMOTE_COMMANDS,
  SCALAR_PARAMETERS,
  TARIFF_PERIODS,
  checkSetting,
  translate,
  type CommandDevice,
  type CommandKind,
  type ForcedCharging,
  type IssueCommand,
  type ValidationIssue,
} from '@voltfleet/domain';
import { currentLang } from '@/lib/i18n';
import { planIssues, planOf, rowsOf, serverPlanErrors, type PlanErrors } from '../utils/tariff-plan';
import { kindLabel } from './command-labels';
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

/** A remote command or one parameter setting, with the fields and enumerations of the domain catalogue. */
export function SettingForm({ disabled, busy, devices, serverIssues, PeriodRow, onSubmit }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [kind, setKind] = useState<CommandKind>('powerOn');
  const [value, setValue] = useState('');
  const [schedule, setSchedule] = useState<ForcedCharging>(EMPTY_SCHEDULE);
  const [rows, setRows] = useState(() => rowsOf(undefined));
  const [planErrors, setPlanErrors] = useState<PlanErrors>({});
  // A server refusal is shown until the plan is edited.
  const [editedAfter, setEditedAfter] = useState<readonly ValidationIssue[] | null>(null);
  const def = SCALAR_PARAMETERS.find((p) => p.key === kind);
  // A typed number outside the range is refused here, in the app's language and with the domain's words (the form
  // has noValidate: the browser's own bubble would speak the browser's language and say nothing of the unit).
  const checked = def?.kind === 'range' && value !== '' ? checkSetting({ kind, value: Number(value) }) : undefined;
  const valueError = checked?.ok === false ? translate(checked.issue.key, lang, checked.issue.params) : undefined;

  const submitPlan = () => {
    // The same domain rules as the server: a refused plan is shown here and nothing is sent.
    const issues = Object.entries(planIssues(rows));
    setPlanErrors(Object.fromEntries(issues.map(([path, key]) => [path, translate(key, lang)])));
    if (issues.length === 0) onSubmit({ kind: TARIFF_PERIODS, tariff: planOf(rows) });
  };

  const submit = () => {
    // Issue is disabled then, which also stops Enter in the field; this covers any other way the form is submitted.
    if (valueError) return;
    if (kind === TARIFF_PERIODS) return submitPlan();
    if (kind === FORCED_CHARGING) return onSubmit({ kind, forcedCharging: schedule });
    // An empty field goes without a value, so the server answers "Parameters cannot be empty".
    onSubmit(def && value !== '' ? { kind, value: Number(value) } : { kind });
  };

  return (
    <form
      className="setting-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="filter-field">
        {t('commands.setting')}
        <select
          className="native-select"
          data-testid="command-kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as CommandKind);
            setValue('');
          }}
        >
          <optgroup label={t('commands.category.remote')}>
            {REMOTE_COMMANDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('commands.category.parameter')}>
            {[...SCALAR_PARAMETERS.map((p) => p.key), FORCED_CHARGING, TARIFF_PERIODS].map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      {def?.kind === 'enum' ? (
        <label className="filter-field">
          {t('commands.value')}
          <select
            className="native-select"
            data-testid="command-value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          >
            <option value="" />
            {def.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.names[lang]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {def?.kind === 'range' ? (
        <>
          <label className="filter-field">
            {`${t('commands.value')} (${def.min}–${def.max === 'rated' ? MAX_RATED_POWER_W : def.max} ${def.unit})`}
            <input
              type="number"
              data-testid="command-value"
              min={def.min}
              max={def.max === 'rated' ? MAX_RATED_POWER_W : def.max}
              step={1}
              value={value}
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? 'command-value-error' : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          {/* Beside the field rather than in its label, so it is not read as part of the field's name. */}
          {valueError ? (
            <Typography.Text type="danger" id="command-value-error" role="alert" data-testid="command-value-error">
              {valueError}
            </Typography.Text>
          ) : null}
        </>
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
    </form>
  );
}
