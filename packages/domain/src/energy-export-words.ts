import type { Lang } from './languages.js';
import type { ReportExportFormat, ReportStep } from './reports.js';

/**
 * The energy export's constants and words, without zod: the plant and device pages read them for their export dialog
 * in their first download (energy-export.ts holds the query schema the server validates with). The words live here,
 * not in the language files, so the dialog brings its own texts instead of growing the shell's download.
 */

/** `month`: one row per plant-local day of a month; `year`: one row per month of a year. */
export const ENERGY_EXPORT_PERIODS = ['month', 'year'] as const;
export type EnergyExportPeriod = (typeof ENERGY_EXPORT_PERIODS)[number];
/** Most devices one export reads (a plant's whole fleet fits; a year of them is 1,200 rows per 100 devices). */
export const ENERGY_EXPORT_MAX_DEVICES = 100;
/** Requests per user per minute: a file is built from the rollups on every request. */
export const ENERGY_EXPORT_RATE = { max: 20, windowMs: 60_000 } as const;

/** The month before a plant-local day's month ('2026-12-02' → '2026-11'): what "last month" means at a plant. */
export function previousMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The file's name: the period it holds ('energy-2026-11.xlsx', 'energy-2026.csv'). */
export const energyExportFileName = (period: string, format: ReportExportFormat) => `energy-${period}.${format}`;

/** A row's slot: a day of a month, or a month of a year; one value of an energy sums that slot. */
export const energyExportStep = (period: EnergyExportPeriod): Extract<ReportStep, '1d' | '1mo'> =>
  period === 'month' ? '1d' : '1mo';

const n = (zh: string, en: string, cs: string, de: string): Record<Lang, string> => ({ zh, en, cs, de });

/** Words of the file (besides the energies' names) and of the pages' export dialog, in every language. */
export const ENERGY_EXPORT_WORDS = {
  day: n('日期（电站当地）', 'Day (plant time)', 'Den (čas elektrárny)', 'Tag (Anlagenzeit)'),
  month: n('月份（电站当地）', 'Month (plant time)', 'Měsíc (čas elektrárny)', 'Monat (Anlagenzeit)'),
  sheet: n('电量', 'Energy', 'Energie', 'Energie'),
  action: n('导出电量', 'Export energy', 'Exportovat energii', 'Energie exportieren'),
  devices: n('设备', 'Devices', 'Zařízení', 'Geräte'),
  allDevices: n(
    '全部设备（{count} 台）',
    'All devices ({count})',
    'Všechna zařízení ({count})',
    'Alle Geräte ({count})',
  ),
  period: n('周期', 'Period', 'Období', 'Zeitraum'),
  periodMonth: n('一个月的每日电量', 'Daily values of a month', 'Denní hodnoty měsíce', 'Tageswerte eines Monats'),
  periodYear: n('一年的每月电量', 'Monthly values of a year', 'Měsíční hodnoty roku', 'Monatswerte eines Jahres'),
  monthField: n('月份', 'Month', 'Měsíc', 'Monat'),
  yearField: n('年份', 'Year', 'Rok', 'Jahr'),
  format: n('格式', 'Format', 'Formát', 'Format'),
  download: n('下载', 'Download', 'Stáhnout', 'Herunterladen'),
  cancel: n('取消', 'Cancel', 'Zrušit', 'Abbrechen'),
  noDevices: n(
    '请至少选择一台设备',
    'Select at least one device',
    'Vyberte alespoň jedno zařízení',
    'Wählen Sie mindestens ein Gerät',
  ),
  tooManyDevices: n(
    '每个文件最多 {max} 台设备',
    'At most {max} devices per file',
    'Nejvýše {max} zařízení na jeden soubor',
    'Höchstens {max} Geräte pro Datei',
  ),
  hint: n(
    '电量取自已存储的每日和每月汇总，按电站当地时间；每台设备每天（或每月）一行。',
    'Energies from the stored daily and monthly totals, in the plant’s local time; one row per device and day (or month).',
    'Energie z uložených denních a měsíčních součtů v místním čase elektrárny; jeden řádek na zařízení a den (nebo měsíc).',
    'Energien aus den gespeicherten Tages- und Monatssummen in der Ortszeit der Anlage; eine Zeile je Gerät und Tag (oder Monat).',
  ),
} as const;
