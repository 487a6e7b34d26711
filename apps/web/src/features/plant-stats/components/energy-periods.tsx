import { useTranslation } from 'react-i18next';
import { ENERGY_KWH_KEYS, STAT_PERIODS, type Money, type PlantStatsSummary } from '@voltfleet/domain/plants';
import { ENERGY_QUANTITIES } from '@voltfleet/domain/telemetry';
import { StatSection } from '@/components/stat-card';
import { formatMoney, scaleEnergy } from '@/lib/number-format';

/** The currencies any period earned in, in a stable order: each gets its own row instead of a cell of six lines. */
const currenciesOf = (earnings: PlantStatsSummary['earnings']): string[] =>
  [...new Set(STAT_PERIODS.flatMap((period) => earnings[period].map((m: Money) => m.currency)))].sort();

/** Energies of the six quantities and earnings (a row per currency), for today, this month, this year and in total. */
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
            {(currenciesOf(summary.earnings).length > 0 ? currenciesOf(summary.earnings) : ['']).map((currency) => (
              <tr key={currency}>
                <th scope="row">
                  {t('plantStats.earnings')}
                  {currency && ` (${currency})`}
                </th>
                {STAT_PERIODS.map((period) => {
                  const money = summary.earnings[period].find((m) => m.currency === currency);
                  return (
                    <td key={period} data-testid={`stats-earnings-${currency}-${period}`}>
                      {money ? formatMoney(money.amount, currency, lang) : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </StatSection>
  );
}
