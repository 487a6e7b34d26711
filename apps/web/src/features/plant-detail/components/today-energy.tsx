import { useTranslation } from 'react-i18next';
import { ENERGY_KWH_KEYS, type PlantOverview } from '@voltfleet/domain/plants';
import { ENERGY_QUANTITIES } from '@voltfleet/domain/telemetry';
import { StatCard, StatSection } from '@/components/stat-card';
import { formatMoney, scaleEnergy } from '@/lib/number-format';

/** Today's energies of the six quantities and today's earnings, "today" being the plant's local day. */
export function TodayEnergy({ overview }: { overview: PlantOverview }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <StatSection title={t('plantStats.detail.today', { date: overview.today })}>
      <div className="stat-grid">
        {ENERGY_QUANTITIES.map((quantity) => {
          const energy = scaleEnergy(overview.energyToday[ENERGY_KWH_KEYS[quantity]], lang);
          return (
            <StatCard
              key={quantity}
              label={t(`plantStats.quantities.${quantity}`)}
              value={energy.value}
              unit={energy.unit}
              data-testid={`detail-today-${quantity}`}
            />
          );
        })}
        <StatCard
          label={t('plantStats.earnings')}
          value={formatMoney(overview.earningsToday.amount, overview.earningsToday.currency, lang)}
          data-testid="detail-today-earnings"
        />
      </div>
    </StatSection>
  );
}
