import { useTranslation } from 'react-i18next';
import { STAT_PERIODS, type PlantSavings } from '@voltfleet/domain/plants';
import { StatSection } from '@/components/stat-card';
import { formatNumber, scaleEnergy, scaleMass } from '@/lib/number-format';

/** Energy saving and emission reduction per period, and the factors they come from. */
export function SavingsTab({ savings }: { savings: PlantSavings }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const text = (scaled: { value: string; unit: string }) => `${scaled.value} ${scaled.unit}`;
  const { factors } = savings;
  return (
    <StatSection
      title={t('plantStats.savings.title')}
      extra={
        <span className="stat-note" data-testid="detail-savings-factors">
          {t('plantStats.detail.factors', {
            coal: formatNumber(factors.coalKgPerKwh, lang, 4),
            co2: formatNumber(factors.co2KgPerKwh, lang, 4),
            trees: formatNumber(factors.treesPerKwh, lang, 4),
            // The form follows the number shown (4 decimals): Czech "0,0415 stromu", English "0.0415 trees".
            count: Math.round(factors.treesPerKwh * 1e4) / 1e4,
          })}
        </span>
      }
    >
      <div className="stat-table-scroll">
        <table className="stat-table" data-testid="detail-savings">
          <thead>
            <tr>
              <th />
              <th>{t('plantStats.quantities.pv')}</th>
              <th>{t('plantStats.savings.coal')}</th>
              <th>{t('plantStats.savings.co2')}</th>
              <th>{t('plantStats.savings.trees')}</th>
            </tr>
          </thead>
          <tbody>
            {STAT_PERIODS.map((period) => {
              const figures = savings.periods[period];
              return (
                <tr key={period} data-testid={`detail-savings-${period}`}>
                  <th scope="row">{t(`plantStats.periods.${period}`)}</th>
                  <td>{text(scaleEnergy(figures.pvKwh, lang))}</td>
                  <td>{text(scaleMass(figures.coalKg, lang))}</td>
                  <td>{text(scaleMass(figures.co2Kg, lang))}</td>
                  <td>{formatNumber(figures.trees, lang, 1)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </StatSection>
  );
}
