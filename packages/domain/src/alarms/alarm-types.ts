import type { Lang } from '../languages.js';

/** Alarm groups of R8.7; `other` holds only the "unknown code N" entries. */
export const ALARM_GROUPS = [
  'grid',
  'ac',
  'pv',
  'bus',
  'battery',
  'wiring',
  'insulation',
  'hardware',
  'communication',
  'other',
] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

/** Severities, most severe first; a plant is in alarm while it has an active alarm of `major` or above. */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** One text in each of the four languages. */
export type AlarmText = Readonly<Record<Lang, string>>;

/** One alarm of the catalogue: what it is, why it happens and what to do, in four languages. */
export interface AlarmEntry {
  /** Stable code `group.camelCaseName`; stored with every alarm, never renamed. */
  readonly code: string;
  readonly group: AlarmGroup;
  readonly severity: AlarmSeverity;
  readonly name: AlarmText;
  readonly cause: AlarmText;
  readonly handling: AlarmText;
}

/** Texts in the order zh, en, cs, de. */
export function text(zh: string, en: string, cs: string, de: string): AlarmText {
  return { zh, en, cs, de };
}

// R8.8: the typical handling, appended to the alarm's own first steps.
const TYPICAL = text(
  '通常等待其自行恢复。若未恢复：在 App 中关机，完全断电，待电网恢复正常后重新开机。若故障仍然存在，请联系售后服务。',
  'Usually wait for it to clear by itself. If it does not: shut the inverter down in the app, power it off completely, wait until the grid is normal and start it again. If the fault persists, contact support.',
  'Obvykle vyčkejte, až porucha sama odezní. Pokud ne: vypněte měnič v aplikaci, zcela jej odpojte od napájení, počkejte, až bude síť v pořádku, a znovu jej spusťte. Pokud porucha přetrvává, kontaktujte servisní podporu.',
  'In der Regel die selbsttätige Rückkehr in den Normalbetrieb abwarten. Andernfalls den Wechselrichter in der App ausschalten, vollständig spannungsfrei schalten, warten, bis das Netz wieder normal ist, und ihn neu starten. Besteht die Störung weiter, den Support kontaktieren.',
);

// For faults that must not simply be restarted into (wiring, insulation, short circuit): check first, then support.
const CHECK_FIRST = text(
  '排除原因前请勿反复重启。若检查后故障仍然存在，请联系售后服务。',
  'Do not restart repeatedly before the cause is removed. If the fault persists after the check, contact support.',
  'Dokud příčina není odstraněna, měnič opakovaně nerestartujte. Pokud porucha po kontrole přetrvává, kontaktujte servisní podporu.',
  'Vor Beseitigung der Ursache nicht wiederholt neu starten. Besteht die Störung nach der Prüfung weiter, den Support kontaktieren.',
);

/** How an entry's own steps end: R8.8's typical handling, or check-first for faults a restart must not mask. */
export type HandlingTail = 'typical' | 'checkFirst';

/** Builds a catalogue entry; the handling is the entry's own steps followed by the chosen tail. */
export function alarm(
  code: string,
  group: AlarmGroup,
  severity: AlarmSeverity,
  texts: { name: AlarmText; cause: AlarmText; steps: AlarmText; tail?: HandlingTail },
): AlarmEntry {
  const tail = texts.tail === 'checkFirst' ? CHECK_FIRST : TYPICAL;
  const join = (lang: Lang, sep: string): string => `${texts.steps[lang]}${sep}${tail[lang]}`;
  return {
    code,
    group,
    severity,
    name: texts.name,
    cause: texts.cause,
    handling: { zh: join('zh', ''), en: join('en', ' '), cs: join('cs', ' '), de: join('de', ' ') },
  };
}

/** 0 for critical … 3 for warning; a plant is in alarm while it has an active alarm of rank 1 (major) or less. */
export function severityRank(severity: AlarmSeverity): number {
  return ALARM_SEVERITIES.indexOf(severity);
}

/** The highest rank (lowest severity) that still puts a device and its plant in alarm. */
export const ALARM_STATUS_MAX_RANK = 1;
