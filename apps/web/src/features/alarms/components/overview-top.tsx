import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlarmFilter, AlarmOverview } from '@voltfleet/domain/alarms';
import { StatSection } from '@/components/stat-card';
import { formatNumber } from '@/lib/number-format';
import { alarmSearchUrl } from '../utils/search-params';
import './alarms.css';

interface Row {
  key: number;
  name: string;
  count: number;
  filter: AlarmFilter;
}

function TopTable({
  title,
  nameHeader,
  rows,
  testId,
}: {
  title: string;
  nameHeader: string;
  rows: Row[];
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <StatSection title={title}>
      <div className="stat-table-scroll">
        <table className="stat-table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{nameHeader}</th>
              <th scope="col">{t('alarms.overview.count')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`${testId}-${row.key}`}>
                <td>
                  <Link to={alarmSearchUrl(row.filter)}>{row.name}</Link>
                </td>
                <td>
                  <Link to={alarmSearchUrl(row.filter)}>{formatNumber(row.count, i18n.language, 0)}</Link>
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={2} className="alarm-muted">
                  {t('alarms.overview.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </StatSection>
  );
}

/** The ten plants and the ten devices with the most of the filtered alarms, each opening the search for them. */
export function OverviewTop({ overview, filter }: { overview: AlarmOverview; filter: AlarmFilter }) {
  const { t } = useTranslation();
  return (
    <div className="alarm-top-lists">
      <TopTable
        title={t('alarms.overview.topPlants')}
        nameHeader={t('alarms.columns.plant')}
        testId="alarm-top-plants"
        rows={overview.topPlants.map((p) => ({
          key: p.plantId,
          name: p.name,
          count: p.count,
          filter: { ...filter, plantId: p.plantId },
        }))}
      />
      <TopTable
        title={t('alarms.overview.topDevices')}
        nameHeader={t('alarms.columns.sn')}
        testId="alarm-top-devices"
        rows={overview.topDevices.map((d) => ({
          key: d.deviceId,
          name: d.sn,
          count: d.count,
          filter: { ...filter, deviceId: d.deviceId, sn: d.sn },
        }))}
      />
    </div>
  );
}
