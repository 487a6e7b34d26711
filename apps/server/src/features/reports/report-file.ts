import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  REPORT_WORDS,
  reportColumnTitle,
  reportTimeTitle,
  type Lang,
  type Report,
  type ReportExportFormat,
} from '@voltfleet/domain';
import { neutraliseCell } from '../../platform/spreadsheet.js';

type Cell = string | number;

/**
 * The report as rows of cells, as the page's table shows it: a heading row (the time column names each zone with its
 * UTC offset over the period), one row per plant-local slot, and a total row when any column is an energy.
 */
export function reportRows(report: Report, lang: Lang): Cell[][] {
  const sn = new Map(report.devices.map((d) => [d.id, d.sn]));
  const heading = [
    reportTimeTitle(report.devices, lang),
    ...report.columns.map((c) => reportColumnTitle(sn.get(c.deviceId) ?? '', c.index, lang, report.step)),
  ];
  const rows: Cell[][] = [heading.map((h) => neutraliseCell(h))];
  report.labels.forEach((label, i) => rows.push([label, ...report.columns.map((c) => c.values[i] ?? '')]));
  if (report.columns.some((c) => c.summed))
    rows.push([REPORT_WORDS.total[lang], ...report.columns.map((c) => c.total ?? '')]);
  return rows;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
const csvField = (value: Cell) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV with a byte-order mark (spreadsheet programs then read UTF-8) and CRLF line ends. */
function reportCsv(rows: readonly Cell[][]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** An .xlsx workbook written as a stream, the heading row bold. */
async function reportXlsx(rows: readonly Cell[][], lang: Lang): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(REPORT_WORDS.sheet[lang]);
  sheet.columns = (rows[0] ?? []).map((_, i) => ({ width: i === 0 ? 36 : 28 }));
  rows.forEach((cells, i) => {
    const row = sheet.addRow(cells);
    if (i === 0) row.font = { bold: true };
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** The report as a file in `format`. */
export async function reportFile(report: Report, format: ReportExportFormat, lang: Lang): Promise<Buffer> {
  const rows = reportRows(report, lang);
  return format === 'csv' ? reportCsv(rows) : reportXlsx(rows, lang);
}
