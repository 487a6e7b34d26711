import { Checkbox, Form, Select, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type ForcedCharging } from '@voltfleet/domain/commands';
import { WEEKLY_FORCED_CHARGING } from '@voltfleet/domain/devices';
import { formatWeekdayOf } from '@/lib/format';
import { currentLang, message } from '@/lib/i18n';
import { hhmmOf, timeOfDay } from '@/lib/time-of-day';

interface Props {
  value: ForcedCharging;
  onChange: (value: ForcedCharging) => void;
}

type TimeField = 'chargeStart' | 'chargeEnd' | 'dischargeStart' | 'dischargeEnd';

/** Weekly forced charging: mode, per-weekday charge and discharge enables, one charge and one discharge period. */
export function ForcedChargingFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const set = (next: Partial<ForcedCharging>) => onChange({ ...value, ...next });
  const toggle = (side: 'chargeDays' | 'dischargeDays', day: number) =>
    set({ [side]: value[side].map((on, i) => (i === day ? !on : on)) });
  const time = (field: TimeField, label: string) => (
    <Form.Item label={label}>
      <TimePicker
        format="HH:mm"
        needConfirm={false}
        data-testid={`fc-${field}`}
        value={timeOfDay(value[field])}
        onChange={(v) => set({ [field]: hhmmOf(v) ?? undefined })}
      />
    </Form.Item>
  );

  return (
    <fieldset className="forced-charging">
      <Form.Item label={t('commands.mode')}>
        <Select<ForcedCharging['mode']>
          data-testid="fc-mode"
          style={{ maxWidth: 320 }}
          value={value.mode}
          options={WEEKLY_FORCED_CHARGING.map((o) => ({ value: o.value, label: message(o.label) }))}
          onChange={(mode) => set({ mode })}
        />
      </Form.Item>
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
                  <Checkbox
                    aria-label={`${t(side === 'chargeDays' ? 'commands.charge' : 'commands.discharge')} ${formatWeekdayOf(d, lang)}`}
                    checked={value[side][d]}
                    onChange={() => toggle(side, d)}
                  />
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
