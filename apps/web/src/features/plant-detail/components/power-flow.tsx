import { useTranslation } from 'react-i18next';
import type { PlantOverview } from '@voltfleet/domain';
import { StatCard, StatSection } from '@/components/stat-card';
import { formatNumber, scalePower } from '@/lib/number-format';
import { formatPlantTime } from '@/lib/format';

/** Where the power flows now: PV, load, grid (import or export) and battery (charge or discharge) with its SoC. */
export function PowerFlow({ overview }: { overview: PlantOverview }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { power } = overview;
  const card = (key: string, label: string, w: number | null) => {
    const v = scalePower(w === null ? null : Math.abs(w), lang);
    return <StatCard key={key} label={label} value={v.value} unit={v.unit} data-testid={`detail-power-${key}`} />;
  };
  const grid = power.gridPowerW ?? 0;
  const battery = power.batPowerW ?? 0;
  return (
    <StatSection
      title={t('plantStats.detail.powerFlow')}
      extra={
        <span className="stat-note" data-testid="detail-reading-at">
          {power.readingAt
            ? t('plantStats.detail.readingAt', { time: formatPlantTime(power.readingAt, overview.timeZone) })
            : t('plantStats.detail.noLive')}
        </span>
      }
    >
      <div className="stat-grid">
        {card('pv', t('plantStats.detail.pvPower'), power.pvPowerW)}
        {card('load', t('plantStats.detail.loadPower'), power.loadPowerW)}
        {card(
          'grid',
          grid < 0 ? t('plantStats.detail.gridExport') : t('plantStats.detail.gridImport'),
          power.gridPowerW,
        )}
        {card(
          'battery',
          battery < 0 ? t('plantStats.detail.batteryCharge') : t('plantStats.detail.batteryDischarge'),
          power.batPowerW,
        )}
        <StatCard
          label={t('plantStats.detail.soc')}
          value={power.batSocPct === null ? '—' : formatNumber(power.batSocPct, lang, 1)}
          unit={power.batSocPct === null ? undefined : '%'}
          data-testid="detail-power-soc"
        />
      </div>
    </StatSection>
  );
}
