import { useTranslation } from 'react-i18next';
import type { BigScreenSummary } from '@voltfleet/domain/big-screen';
import { AlarmTallyText, NormalWithAlarmsNote, tallyAlarming } from '@/components/alarm-tally';
import { formatNumber, scaleEnergy, scaleMass } from '@/lib/number-format';

/**
 * The fleet's figures beside the map: plant statistics' own summary for the same scope (plants, installed power,
 * capacity, today's generation, CO2 avoided), and its active alarms by severity: red only when one of them puts a
 * plant in alarm (major or above), so "2 minor" never stands red beside "Alarm 0" (issue 36).
 */
export function FleetFigures({ data }: { data: BigScreenSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { summary } = data;
  const today = scaleEnergy(summary.energy.today.pvKwh, lang);
  const co2 = scaleMass(summary.savings.co2Kg, lang);
  const figures = [
    { key: 'plants', value: formatNumber(summary.counts.all, lang) },
    { key: 'power', value: formatNumber(summary.powerKw, lang), unit: 'kWp' },
    { key: 'capacity', value: formatNumber(summary.capacityKwh, lang), unit: 'kWh' },
    { key: 'today', value: today.value, unit: today.unit },
    { key: 'co2', value: co2.value, unit: co2.unit },
  ];
  const alarms = summary.activeAlarms;
  const alarmTone = tallyAlarming(alarms) ? 'alarm' : alarms.total > 0 ? 'warn' : undefined;
  return (
    <div className="bs-figures">
      {figures.map((f) => (
        <div key={f.key} className="bs-figure">
          <div className="bs-figure-label">{t(`bigScreen.figures.${f.key}`)}</div>
          <div className="bs-figure-value" data-testid={`bigscreen-figure-${f.key}`}>
            {f.value}
            {f.unit && <span className="bs-figure-unit">{f.unit}</span>}
          </div>
        </div>
      ))}
      <div className={`bs-figure${alarmTone ? ` bs-figure-${alarmTone}` : ''}`}>
        <div className="bs-figure-label">{t('bigScreen.figures.alarms')}</div>
        <div className="bs-figure-value" data-testid="bigscreen-figure-alarms">
          {formatNumber(alarms.total, lang)}
        </div>
        <div className="bs-figure-note">
          <AlarmTallyText tally={alarms} data-testid="bigscreen-alarm-tally" />
        </div>
      </div>
      <div className="bs-figure-split">
        {(['normal', 'alarm', 'offline'] as const).map((status) => (
          <span key={status} className={`bs-status bs-status-${status}`} data-testid={`bigscreen-count-${status}`}>
            {t(`bigScreen.status.${status}`)} {formatNumber(summary.counts[status], lang)}
          </span>
        ))}
        <span className="bs-figure-note">
          <NormalWithAlarmsNote tally={alarms} data-testid="bigscreen-normal-with-alarms" />
        </span>
      </div>
    </div>
  );
}
