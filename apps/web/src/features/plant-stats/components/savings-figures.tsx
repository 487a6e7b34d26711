import { useTranslation } from 'react-i18next';
import type { SavingFigures } from '@voltfleet/domain/plants';
import { StatCard } from '@/components/stat-card';
import { formatNumber, scaleMass } from '@/lib/number-format';

/** Coal saved, CO2 avoided and trees planted equivalent to an amount of generation. */
export function SavingsFigures({ figures, testId }: { figures: SavingFigures; testId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const coal = scaleMass(figures.coalKg, lang);
  const co2 = scaleMass(figures.co2Kg, lang);
  return (
    <div className="stat-grid">
      <StatCard
        label={t('plantStats.savings.coal')}
        value={coal.value}
        unit={coal.unit}
        data-testid={`${testId}-coal`}
      />
      <StatCard label={t('plantStats.savings.co2')} value={co2.value} unit={co2.unit} data-testid={`${testId}-co2`} />
      <StatCard
        label={t('plantStats.savings.trees')}
        value={formatNumber(figures.trees, lang, 1)}
        data-testid={`${testId}-trees`}
      />
    </div>
  );
}
