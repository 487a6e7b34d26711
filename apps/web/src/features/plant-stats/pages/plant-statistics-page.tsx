import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageSpin } from '@/components/page-spin';
import { StatSection } from '@/components/stat-card';
import { formatNumber } from '@/lib/number-format';
import { usePageName } from '@/lib/page-name';
import { useStatsSummary } from '../api/get-summary';
import { EnergyPeriods } from '../components/energy-periods';
import { FleetTrendPanel } from '../components/fleet-trend-panel';
import { SavingsFigures } from '../components/savings-figures';
import { StatusCounts } from '../components/status-counts';

/** /plantCenter/plantStatistics: every figure over the plants the user may see, each plant in its own time zone. */
export default function PlantStatisticsPage() {
  const { t, i18n } = useTranslation();
  const title = usePageName('plantStatistics');
  const summary = useStatsSummary();
  const data = summary.data;
  return (
    <>
      <PageHeader title={title} />
      {!data ? (
        summary.isPending && <PageSpin />
      ) : (
        <>
          <StatusCounts summary={data} />
          <EnergyPeriods summary={data} />
          <StatSection
            title={t('plantStats.savings.title')}
            extra={
              <span className="stat-note">
                {t('plantStats.savings.basis', { kwh: formatNumber(data.savings.pvKwh, i18n.language) })}
              </span>
            }
          >
            <SavingsFigures figures={data.savings} testId="stats-savings" />
          </StatSection>
        </>
      )}
      <FleetTrendPanel />
    </>
  );
}
