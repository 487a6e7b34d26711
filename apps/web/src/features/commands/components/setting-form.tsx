import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FORCED_CHARGING,
  MAX_RATED_POWER_W,
  REMOTE_COMMANDS,
  SCALAR_PARAMETERS,
  type CommandKind,
  type ForcedCharging,
  type IssueCommand,
} from '@voltfleet/domain';
import { currentLang } from '@/lib/i18n';
import { kindLabel } from './command-labels';
import { ForcedChargingFields } from './forced-charging-fields';

export type Setting = Pick<IssueCommand, 'kind' | 'value' | 'forcedCharging'>;

const NO_DAYS = [false, false, false, false, false, false, false];
const EMPTY_SCHEDULE: ForcedCharging = { mode: 0, chargeDays: NO_DAYS, dischargeDays: NO_DAYS };

interface Props {
  disabled: boolean;
  busy: boolean;
  onSubmit: (setting: Setting) => void;
}

/** A remote command or one parameter setting, with the fields and enumerations of the domain catalogue. */
export function SettingForm({ disabled, busy, onSubmit }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [kind, setKind] = useState<CommandKind>('powerOn');
  const [value, setValue] = useState('');
  const [schedule, setSchedule] = useState<ForcedCharging>(EMPTY_SCHEDULE);
  const def = SCALAR_PARAMETERS.find((p) => p.key === kind);

  const submit = () => {
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
            {[...SCALAR_PARAMETERS.map((p) => p.key), FORCED_CHARGING].map((k) => (
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
      <Button type="primary" htmlType="submit" disabled={disabled} loading={busy} data-testid="command-issue">
        {t('commands.issue')}
      </Button>
    </form>
  );
}
