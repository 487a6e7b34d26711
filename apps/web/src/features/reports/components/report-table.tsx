import { useTranslation } from 'react-i18next';
import { REPORT_WORDS, reportColumnTitle, reportTimeTitle, type Report } from '@voltfleet/domain/reports';
import { DataTable, type Column } from '@/components/data-table';
import { formatFixed } from '@/lib/number-format';
import { message } from '@/lib/i18n';

interface Row {
  slot: string;
  values: (number | null)[];
}

/** The report as a table: one row per plant-local slot, one column per device and index, energies totalled. */
export function ReportTable({ report }: { report: Report }) {
  const { i18n } = useTranslation();
  const sn = new Map(report.devices.map((d) => [d.id, d.sn]));
  const rows: Row[] = report.labels.map((slot, i) => ({
    slot,
    values: report.columns.map((c) => c.values[i] ?? null),
  }));
  if (report.columns.some((c) => c.summed))
    rows.push({ slot: message(REPORT_WORDS.total), values: report.columns.map((c) => c.total) });
  const columns: Column<Row>[] = [
    { dataIndex: 'slot', title: reportTimeTitle(report.devices, message), width: 200, fixed: 'left' },
    ...report.columns.map((c, k): Column<Row> => ({
      key: `${c.deviceId}-${c.index}`,
      title: reportColumnTitle(sn.get(c.deviceId) ?? '', c.index, message, report.step),
      width: 170,
      align: 'right',
      render: (_, row) => {
        const v = row.values[k];
        return v === null || v === undefined ? '' : formatFixed(v, i18n.language, c.summed ? 3 : c.decimals);
      },
    })),
  ];
  return <DataTable<Row> rowKey="slot" columns={columns} dataSource={rows} data-testid="report-table" />;
}
