import { useState } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportQueryInput } from '@voltfleet/domain/reports';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { useReportData } from '../api/get-report-data';
import { ExportPanel } from '../components/export-panel';
import { ReportChart } from '../components/report-chart';
import { ReportTable } from '../components/report-table';
import { SelectionForm } from '../components/selection-form';
import './data-select-page.css';

/**
 * /userCenter/dataSelect (D/E): a template's or an ad-hoc choice's values over a plant-local day, month, year or
 * range, as charts and a table, and exported to XLSX or CSV by a job on the server.
 */
export default function DataSelectPage() {
  return <DataSelectPageContent />;
}

function DataSelectPageContent() {
  const { t } = useTranslation();
  const title = usePageName('dataSelect');
  const [query, setQuery] = useState<ReportQueryInput | null>(null);
  const report = useReportData(query);
  return (
    <>
      <PageHeader title={title} />
      <SelectionForm onQuery={setQuery} />
      <ExportPanel query={query} />
      {report.data && (
        <Flex vertical gap={16} data-testid="report-result">
          <ReportChart report={report.data} />
          <ReportTable report={report.data} />
        </Flex>
      )}
      {!report.data && <div className="report-hint">{query ? t('reports.loading') : t('reports.hint')}</div>}
    </>
  );
}
