import { useTranslation } from 'react-i18next';
import type { PlantOverview } from '@voltfleet/domain/plants';
import { EnergyFlow } from '@/components/energy-flow';
import { StatSection } from '@/components/stat-card';
import { formatPlantTime } from '@/lib/format';

/**
 * Where the power flows now: the energy-flow graph of PV, load, grid (import or export) and battery (charge or
 * discharge, with its state of charge), and when the newest reading came. Today's energies are the section below
 * (TodayEnergy, with the earnings), so the graph does not repeat them.
 */
export function PowerFlow({ overview }: { overview: PlantOverview }) {
  const { t } = useTranslation();
  const { power } = overview;
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
      <div className="detail-flow">
        <EnergyFlow power={power} />
      </div>
    </StatSection>
  );
}
