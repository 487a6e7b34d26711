import { useTranslation } from 'react-i18next';
import type { BigScreenSummary } from '@voltfleet/domain';
import { formatNumber, scaleEnergy, scaleMass } from '@/lib/number-format';

/**
 * The fleet's figures beside the map: plant statistics' own summary for the same scope (plants, installed power,
 * capacity, today's generation, CO2 avoided), and the active alarms.
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
    { key: 'alarms', value: formatNumber(data.activeAlarms, lang), tone: data.activeAlarms > 0 ? 'alarm' : undefined },
  ];
  return (
    <div className="bs-figures">
      {figures.map((f) => (
        <div key={f.key} className={`bs-figure${f.tone ? ` bs-figure-${f.tone}` : ''}`}>
          <div className="bs-figure-label">{t(`bigScreen.figures.${f.key}`)}</div>
          <div className="bs-figure-value" data-testid={`bigscreen-figure-${f.key}`}>
            {f.value}
            {f.unit && <span className="bs-figure-unit">{f.unit}</span>}
          </div>
        </div>
      ))}
      <div className="bs-figure-split">
        {(['normal', 'alarm', 'offline'] as const).map((status) => (
          <span key={status} className={`bs-status bs-status-${status}`} data-testid={`bigscreen-count-${status}`}>
            {t(`bigScreen.status.${status}`)} {formatNumber(summary.counts[status], lang)}
          </span>
        ))}
      </div>
    </div>
  );
}
