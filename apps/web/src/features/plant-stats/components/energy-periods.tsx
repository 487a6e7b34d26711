import { useTranslation } from 'react-i18next';
import {
  ENERGY_KWH_KEYS,
  ENERGY_QUANTITIES,
  STAT_PERIODS,
  type Money,
  type PlantStatsSummary,
} from '@voltfleet/domain';
import { StatSection } from '@/components/stat-card';
import { formatMoney, scaleEnergy } from '@/lib/number-format';

function Earnings({ amounts, lang }: { amounts: readonly Money[]; lang: string }) {
  if (amounts.length === 0) return <>—</>;
  return amounts.map((m) => <div key={m.currency}>{formatMoney(m.amount, m.currency, lang)}</div>);
}

/** Energies of the six quantities and earnings per currency, for today, this month, this year and in total. */
export function EnergyPeriods({ summary }: { summary: PlantStatsSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <StatSection title={t('plantStats.energy')}>
      <div className="stat-table-scroll">
        <table className="stat-table" data-testid="stats-energy">
          <thead>
            <tr>
              <th />
              {STAT_PERIODS.map((period) => (
                <th key={period}>{t(`plantStats.periods.${period}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ENERGY_QUANTITIES.map((quantity) => (
              <tr key={quantity}>
                <th scope="row">{t(`plantStats.quantities.${quantity}`)}</th>
                {STAT_PERIODS.map((period) => {
                  const energy = scaleEnergy(summary.energy[period][ENERGY_KWH_KEYS[quantity]], lang);
                  return (
                    <td key={period} data-testid={`stats-energy-${quantity}-${period}`}>
                      {energy.value} {energy.unit}
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr>
              <th scope="row">{t('plantStats.earnings')}</th>
              {STAT_PERIODS.map((period) => (
                <td key={period} data-testid={`stats-earnings-${period}`}>
                  <Earnings amounts={summary.earnings[period]} lang={lang} />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </StatSection>
  );
}
