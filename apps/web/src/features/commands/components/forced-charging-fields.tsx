import { useTranslation } from 'react-i18next';
import { WEEKDAYS, WEEKLY_FORCED_CHARGING, type ForcedCharging } from '@voltfleet/domain';
import { formatWeekdayOf } from '@/lib/format';
import { currentLang } from '@/lib/i18n';

interface Props {
  value: ForcedCharging;
  onChange: (value: ForcedCharging) => void;
}

/** Weekly forced charging: mode, per-weekday charge and discharge enables, one charge and one discharge period. */
export function ForcedChargingFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const set = (next: Partial<ForcedCharging>) => onChange({ ...value, ...next });
  const toggle = (side: 'chargeDays' | 'dischargeDays', day: number) =>
    set({ [side]: value[side].map((on, i) => (i === day ? !on : on)) });
  const time = (field: 'chargeStart' | 'chargeEnd' | 'dischargeStart' | 'dischargeEnd', label: string) => (
    <label className="filter-field">
      {label}
      <input
        type="time"
        data-testid={`fc-${field}`}
        value={value[field] ?? ''}
        onChange={(e) => set({ [field]: e.target.value || undefined })}
      />
    </label>
  );

  return (
    <fieldset className="forced-charging">
      <label className="filter-field">
        {t('commands.mode')}
        <select
          className="native-select"
          value={value.mode}
          onChange={(e) => set({ mode: Number(e.target.value) as ForcedCharging['mode'] })}
        >
          {WEEKLY_FORCED_CHARGING.map((o) => (
            <option key={o.value} value={o.value}>
              {o.names[lang]}
            </option>
          ))}
        </select>
      </label>
      <table>
        <thead>
          <tr>
            <th />
            {WEEKDAYS.map((d) => (
              <th key={d}>{formatWeekdayOf(d, lang)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['chargeDays', 'dischargeDays'] as const).map((side) => (
            <tr key={side}>
              <th scope="row">{t(side === 'chargeDays' ? 'commands.charge' : 'commands.discharge')}</th>
              {WEEKDAYS.map((d) => (
                <td key={d}>
                  <input type="checkbox" checked={value[side][d]} onChange={() => toggle(side, d)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="filter-bar">
        {time('chargeStart', `${t('commands.charge')} ${t('commands.start')}`)}
        {time('chargeEnd', `${t('commands.charge')} ${t('commands.end')}`)}
        {time('dischargeStart', `${t('commands.discharge')} ${t('commands.start')}`)}
        {time('dischargeEnd', `${t('commands.discharge')} ${t('commands.end')}`)}
      </div>
    </fieldset>
  );
}
