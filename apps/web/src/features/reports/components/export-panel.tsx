import { Button, Progress, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportExportFormat, ReportExportJob, ReportQueryInput } from '@voltfleet/domain/reports';
import { formatDateTime } from '@/lib/format';
import { downloadReportExport, useCreateReportExport, useReportExports } from '../api/report-exports';

/**
 * Exports of the current selection to XLSX or CSV, built as jobs on the server: each shows its progress and, when
 * done, a download link until it expires. The list is read from the server, so a reload finds running jobs again.
 */
export function ExportPanel({ query }: { query: ReportQueryInput | null }) {
  const { t } = useTranslation();
  const jobs = useReportExports();
  const create = useCreateReportExport();
  const start = (format: ReportExportFormat) => query && create.mutate({ query, format });
  return (
    <div className="report-exports" data-testid="report-exports">
      <Space wrap>
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined />}
            disabled={!query}
            loading={create.isPending && create.variables?.format === format}
            onClick={() => start(format)}
            data-testid={`report-export-${format}`}
          >
            {t(`reports.export.${format}`)}
          </Button>
        ))}
      </Space>
      {(jobs.data ?? []).slice(0, 5).map((job) => (
        <ExportJobRow key={job.id} job={job} />
      ))}
    </div>
  );
}

function ExportJobRow({ job }: { job: ReportExportJob }) {
  const { t } = useTranslation();
  const status = job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active';
  return (
    <div className="report-export-job" data-testid={`report-export-job-${job.id}`} data-state={job.state}>
      <Typography.Text>{job.fileName}</Typography.Text>
      <Typography.Text type="secondary">{formatDateTime(job.createdAt)}</Typography.Text>
      <Progress percent={job.progressPct} status={status} size="small" style={{ width: 160 }} />
      {job.state === 'done' && (
        <Button
          type="link"
          onClick={() => void downloadReportExport(job)}
          data-testid={`report-export-download-${job.id}`}
        >
          {t('reports.export.download')}
        </Button>
      )}
      {job.state === 'failed' && <Typography.Text type="danger">{job.error}</Typography.Text>}
      {(job.state === 'queued' || job.state === 'running') && (
        <Typography.Text type="secondary">{t(`reports.export.${job.state}`)}</Typography.Text>
      )}
    </div>
  );
}
