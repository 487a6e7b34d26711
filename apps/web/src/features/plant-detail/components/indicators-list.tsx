import { useTranslation } from 'react-i18next';
import type { PlantIndicators } from '@voltfleet/domain/plants';
import { StatCard } from '@/components/stat-card';
import { formatNumber } from '@/lib/number-format';
import { formatPlantTime } from '@/lib/format';

/** The named figures of the plant's script, each with its unit and when it was computed. */
export function IndicatorsList({ indicators, timeZone }: { indicators: PlantIndicators; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="stat-grid" data-testid="detail-indicators">
      {indicators.map((indicator) => (
        <div
          key={indicator.name}
          title={t('plantStats.detail.computedAt', { time: formatPlantTime(indicator.computedAt, timeZone) })}
        >
          <StatCard
            label={indicator.name}
            value={formatNumber(indicator.value, i18n.language, 3)}
            unit={indicator.unit || undefined}
            data-testid={`detail-indicator-${indicator.name}`}
          />
        </div>
      ))}
    </div>
  );
}
