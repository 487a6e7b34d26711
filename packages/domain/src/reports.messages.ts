import type { Lang } from './languages.js';

/** Messages of report templates and data selection (spread into MESSAGES; every entry in zh, en, cs and de). */
export const REPORT_MESSAGES = {
  'report.noDevices': {
    zh: '请至少选择一台设备',
    en: 'Select at least one device',
    cs: 'Vyberte alespoň jedno zařízení',
    de: 'Wählen Sie mindestens ein Gerät',
  },
  'report.tooManyDevices': {
    zh: '最多只能选择 {max} 台设备',
    en: 'At most {max} devices can be selected',
    cs: 'Lze vybrat nejvýše {max} zařízení',
    de: 'Es können höchstens {max} Geräte ausgewählt werden',
  },
  'report.duplicateDevice': {
    zh: '同一设备不能重复选择',
    en: 'A device can be selected only once',
    cs: 'Zařízení lze vybrat jen jednou',
    de: 'Ein Gerät kann nur einmal ausgewählt werden',
  },
  'report.noIndices': {
    zh: '请至少选择一个指标',
    en: 'Select at least one index',
    cs: 'Vyberte alespoň jeden ukazatel',
    de: 'Wählen Sie mindestens eine Kennzahl',
  },
  'report.tooManyIndices': {
    zh: '最多只能选择 {max} 个指标',
    en: 'At most {max} indices can be selected',
    cs: 'Lze vybrat nejvýše {max} ukazatelů',
    de: 'Es können höchstens {max} Kennzahlen ausgewählt werden',
  },
  'report.duplicateIndex': {
    zh: '同一指标不能重复选择',
    en: 'An index can be selected only once',
    cs: 'Ukazatel lze vybrat jen jednou',
    de: 'Eine Kennzahl kann nur einmal ausgewählt werden',
  },
  'report.unknownIndex': {
    zh: '该指标不存在或没有历史数据',
    en: 'This index does not exist or has no history',
    cs: 'Tento ukazatel neexistuje nebo nemá historii',
    de: 'Diese Kennzahl gibt es nicht oder sie hat keinen Verlauf',
  },
  'report.dayOnlyIndex': {
    zh: '指标 {field} 只能按天查询',
    en: 'The index {field} can be shown for a single day only',
    cs: 'Ukazatel {field} lze zobrazit jen pro jeden den',
    de: 'Die Kennzahl {field} kann nur für einen einzelnen Tag gezeigt werden',
  },
  'report.rangeTooLong': {
    zh: '日期范围最多 366 天',
    en: 'The date range can be at most 366 days',
    cs: 'Rozsah dat může mít nejvýše 366 dní',
    de: 'Der Datumsbereich darf höchstens 366 Tage umfassen',
  },
  'report.templateNotFound': {
    zh: '找不到该模板',
    en: 'Cannot find this template',
    cs: 'Tuto šablonu nelze najít',
    de: 'Diese Vorlage wurde nicht gefunden',
  },
  'report.deviceNotFound': {
    zh: '找不到所选设备',
    en: 'Cannot find a selected device',
    cs: 'Vybrané zařízení nelze najít',
    de: 'Ein ausgewähltes Gerät wurde nicht gefunden',
  },
  'report.exportNotFound': {
    zh: '找不到该导出文件，可能已过期',
    en: 'Cannot find this export; it may have expired',
    cs: 'Tento export nelze najít; možná již vypršel',
    de: 'Dieser Export wurde nicht gefunden; er ist vielleicht abgelaufen',
  },
  'report.exportNotReady': {
    zh: '导出尚未完成',
    en: 'The export is not finished yet',
    cs: 'Export ještě není dokončen',
    de: 'Der Export ist noch nicht fertig',
  },
  'report.exportFailed': {
    zh: '导出失败，请重试',
    en: 'The export failed, please try again',
    cs: 'Export selhal, zkuste to prosím znovu',
    de: 'Der Export ist fehlgeschlagen, bitte erneut versuchen',
  },
} satisfies Record<string, Record<Lang, string>>;
