import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FORCED_CHARGING,
  MAX_RATED_POWER_W,
  REMOTE_COMMANDS,
  SCALAR_PARAMETERS,
  TARIFF_PERIODS,
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

  const submitPlan = async () => {
    // The same domain rules as the server: a refused plan is shown here and nothing is sent.
    const issues = Object.entries(planIssues(rows));
    const { translate } = await import('@/lib/domain-messages');
    setPlanErrors(Object.fromEntries(issues.map(([path, key]) => [path, translate(key, lang)])));
    if (issues.length === 0) onSubmit({ kind: TARIFF_PERIODS, tariff: planOf(rows) });
  };

  const submit = () => {
    if (kind === TARIFF_PERIODS) return void submitPlan();
    if (kind === FORCED_CHARGING) return onSubmit({ kind, forcedCharging: schedule });
    // An empty field goes without a value, so the server answers "Parameters cannot be empty".
    onSubmit(def && value !== '' ? { kind, value: Number(value) } : { kind });
  };

  return (
    <form
      className="setting-form"
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
        <label className="filter-field">
          {`${t('commands.value')} (${def.min}–${def.max === 'rated' ? MAX_RATED_POWER_W : def.max} ${def.unit})`}
          <input
            type="number"
            data-testid="command-value"
            min={def.min}
            max={def.max === 'rated' ? MAX_RATED_POWER_W : def.max}
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
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
      <Button type="primary" htmlType="submit" disabled={disabled} loading={busy} data-testid="command-issue">
        {t('commands.issue')}
      </Button>
    </form>
  );
}
