import type { Lang } from '../languages.js';

/** Messages of the Alarm Center's search, drawer, acknowledgement, export and overview. */
export const ALARM_MESSAGES = {
  'alarm.invalidDate': {
    zh: '请输入有效日期（YYYY-MM-DD）',
    en: 'Enter a valid date (YYYY-MM-DD)',
    cs: 'Zadejte platné datum (RRRR-MM-DD)',
    de: 'Bitte ein gültiges Datum eingeben (JJJJ-MM-TT)',
  },
  'alarm.dateOrder': {
    zh: '开始日期不能晚于结束日期',
    en: 'The start date must not be after the end date',
    cs: 'Počáteční datum nesmí být po koncovém datu',
    de: 'Das Startdatum darf nicht nach dem Enddatum liegen',
  },
  'alarm.trendTooLong': {
    zh: '该时间范围的趋势点过多（最多 {max} 个），请缩短范围或选择更大的时间粒度',
    en: 'This range has too many trend points (at most {max}); choose a shorter range or a larger interval',
    cs: 'Tento rozsah má příliš mnoho bodů trendu (nejvýše {max}); zvolte kratší rozsah nebo delší interval',
    de: 'Dieser Zeitraum hat zu viele Trendpunkte (höchstens {max}); bitte einen kürzeren Zeitraum oder ein größeres Intervall wählen',
  },
  'alarm.acknowledged': {
    zh: '已确认 {count} 条告警',
    en: '{count} alarm(s) acknowledged',
    cs: 'Potvrzeno alarmů: {count}',
    de: '{count} Alarm(e) quittiert',
  },
  'alarm.needsFilter': {
    zh: '请从设备或电站详情中查看其告警',
    en: 'Open the alarms from a device or plant detail',
    cs: 'Alarmy otevřete z detailu zařízení nebo elektrárny',
    de: 'Alarme bitte aus den Details eines Geräts oder einer Anlage öffnen',
  },
} satisfies Record<string, Record<Lang, string>>;
