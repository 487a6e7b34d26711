import {
  REPORT_WORDS,
  reportColumnTitle,
  reportTimeTitle,
  type Report,
  type ReportExportFormat,
} from '@voltfleet/domain/reports';
import { type Lang, translate, translator } from '@voltfleet/domain/i18n';
import { sheetFile, type SheetCell } from '../../platform/spreadsheet.js';

/**
 * The report as rows of cells, as the page's table shows it: a heading row (the time column names each zone with its
 * UTC offset over the period), one row per plant-local slot, and a total row when any column is an energy.
 */
export function reportRows(report: Report, lang: Lang): SheetCell[][] {
  const sn = new Map(report.devices.map((d) => [d.id, d.sn]));
  const t = translator(lang);
  const heading = [
    reportTimeTitle(report.devices, t),
    ...report.columns.map((c) => reportColumnTitle(sn.get(c.deviceId) ?? '', c.index, t, report.step)),
  ];
  const rows: SheetCell[][] = [heading];
  report.labels.forEach((label, i) => rows.push([label, ...report.columns.map((c) => c.values[i] ?? '')]));
  if (report.columns.some((c) => c.summed))
    rows.push([t(REPORT_WORDS.total), ...report.columns.map((c) => c.total ?? '')]);
  return rows;
}

/** The report as a file in `format` (platform/spreadsheet.ts writes it and neutralises every cell). */
export function reportFile(report: Report, format: ReportExportFormat, lang: Lang): Promise<Buffer> {
  const [heading = [], ...rows] = reportRows(report, lang);
  const headers = heading.map(String);
  return sheetFile(
    { name: translate(REPORT_WORDS.sheet, lang), headers, widths: headers.map((_, i) => (i === 0 ? 36 : 28)), rows },
    format,
  );
}
