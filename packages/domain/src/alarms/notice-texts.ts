import type { Lang } from '../languages.js';
import { alarmByCode } from './catalogue.js';
import { ALARM_SEVERITY_LABELS } from './alarm-labels.js';
import { ALARM_SEVERITIES, type AlarmSeverity } from './alarm-types.js';

/**
 * The words of alarm notices and other mail/SMS (the delivery job renders them when it sends, in the receiver's
 * language): one owner for what an e-mail or SMS says, so the tests read the same texts the job sends.
 */

/** One alarm's raise, flapping or recovery as the outbox stores it (names copied when the notice was decided). */
export interface AlarmNoticePayload {
  alarmId: number;
  event: 'raised' | 'flapping' | 'recovered';
  code: string;
  severity: AlarmSeverity;
  plantName: string;
  deviceSn: string;
  /** When it happened (ISO), shown in the plant's zone. */
  at: string;
  timeZone: string;
  ruleName: string;
}

export interface DigestPayload {
  ruleName: string;
  /** The held notices, oldest first (at most DIGEST_ITEM_LIMIT; `more` counts the rest). */
  items: AlarmNoticePayload[];
  more: number;
}

export interface WorkOrderNoticePayload {
  workOrderId: number;
  title: string;
  event: 'assigned';
  by: string;
  plantName: string | null;
  due: string | null;
}

export type NoticePayload =
  | { kind: 'alarm'; payload: AlarmNoticePayload }
  | { kind: 'digest'; payload: DigestPayload }
  | { kind: 'workorder'; payload: WorkOrderNoticePayload };

/** The alarm search page's query parameter that opens one alarm's detail. */
export const ALARM_LINK_PARAM = 'alarm';
/** The alarm search page with one alarm's detail open: the in-app messages' and the mails' link to an alarm. */
export const ALARM_SEARCH_PATH = '/alarmCenter/alarmSearch';
export const alarmLink = (alarmId: number): string => `${ALARM_SEARCH_PATH}?${ALARM_LINK_PARAM}=${alarmId}`;

/** A digest lists this many notices in full; the rest are counted. */
export const DIGEST_ITEM_LIMIT = 50;

export interface RenderedNotice {
  subject: string;
  /** The plain-text part (and the SMS text's source). */
  text: string;
  /** The HTML part: every name escaped. */
  html: string;
  /** One short line for SMS. */
  sms: string;
}

interface Words {
  locale: string;
  raised: string;
  flapping: string;
  recovered: string;
  plant: string;
  device: string;
  alarm: string;
  severity: string;
  time: string;
  rule: string;
  open: string;
  flappingNote: string;
  digestSubject: (n: number, rule: string) => string;
  digestIntro: string;
  more: (n: number) => string;
  woSubject: (id: number, title: string) => string;
  workOrder: string;
  woAssignedBy: string;
  due: string;
  none: string;
}

const WORDS: Record<Lang, Words> = {
  zh: {
    locale: 'zh-CN',
    raised: '告警',
    flapping: '告警频繁反复',
    recovered: '告警已恢复',
    plant: '电站',
    device: '设备',
    alarm: '告警',
    severity: '级别',
    time: '时间',
    rule: '告警规则',
    open: '查看告警',
    flappingNote: '该告警反复出现又消失（频繁反复）。在它稳定之前不会再为每次重复单独通知。',
    digestSubject: (n, rule) => `[Voltfleet] 规则“${rule}”达到推送上限，汇总 ${n} 条告警通知`,
    digestIntro: '该规则的每小时或每日推送上限已达到，以下通知被暂缓，现合并发送：',
    more: (n) => `另有 ${n} 条未列出。`,
    woSubject: (id, title) => `[Voltfleet] 工单 #${id} 已指派给您：${title}`,
    workOrder: '工单',
    woAssignedBy: '指派人',
    due: '截止日期',
    none: '无',
  },
  en: {
    locale: 'en-GB',
    raised: 'Alarm',
    flapping: 'Flapping alarm',
    recovered: 'Alarm recovered',
    plant: 'Plant',
    device: 'Device',
    alarm: 'Alarm',
    severity: 'Severity',
    time: 'Time',
    rule: 'Alarm rule',
    open: 'Open the alarm',
    flappingNote:
      'This alarm keeps coming and going (flapping). You will not be notified of each repeat until it settles.',
    digestSubject: (n, rule) => `[Voltfleet] ${n} alarm notices held back by the limits of rule "${rule}"`,
    digestIntro: "The rule's hourly or daily limit was reached; these notices were held and are sent together:",
    more: (n) => `${n} more not listed.`,
    woSubject: (id, title) => `[Voltfleet] Work order #${id} assigned to you: ${title}`,
    workOrder: 'Work order',
    woAssignedBy: 'Assigned by',
    due: 'Due',
    none: 'none',
  },
  cs: {
    locale: 'cs-CZ',
    raised: 'Alarm',
    flapping: 'Kolísající alarm',
    recovered: 'Alarm odezněl',
    plant: 'Elektrárna',
    device: 'Zařízení',
    alarm: 'Alarm',
    severity: 'Závažnost',
    time: 'Čas',
    rule: 'Pravidlo alarmu',
    open: 'Otevřít alarm',
    flappingNote:
      'Tento alarm se opakovaně objevuje a mizí (kolísá). Dokud se neustálí, nebudete upozorňováni na každé opakování.',
    digestSubject: (n, rule) => `[Voltfleet] Souhrn ${n} oznámení zadržených limity pravidla „${rule}“`,
    digestIntro: 'Hodinový nebo denní limit pravidla byl dosažen; tato oznámení byla zadržena a posílají se společně:',
    more: (n) => `Dalších ${n} neuvedeno.`,
    woSubject: (id, title) => `[Voltfleet] Pracovní příkaz č. ${id} vám byl přidělen: ${title}`,
    workOrder: 'Pracovní příkaz',
    woAssignedBy: 'Přidělil(a)',
    due: 'Termín',
    none: 'žádný',
  },
  de: {
    locale: 'de-DE',
    raised: 'Alarm',
    flapping: 'Flatternder Alarm',
    recovered: 'Alarm behoben',
    plant: 'Anlage',
    device: 'Gerät',
    alarm: 'Alarm',
    severity: 'Schweregrad',
    time: 'Zeit',
    rule: 'Alarmregel',
    open: 'Alarm öffnen',
    flappingNote:
      'Dieser Alarm kommt und geht immer wieder (flattert). Bis er sich beruhigt, werden Sie nicht bei jeder Wiederholung benachrichtigt.',
    digestSubject: (n, rule) => `[Voltfleet] ${n} Alarmmeldungen, durch die Limits der Regel „${rule}“ zurückgehalten`,
    digestIntro:
      'Das stündliche oder tägliche Limit der Regel war erreicht; diese Meldungen wurden zurückgehalten und kommen gesammelt:',
    more: (n) => `${n} weitere nicht aufgeführt.`,
    woSubject: (id, title) => `[Voltfleet] Arbeitsauftrag Nr. ${id} wurde Ihnen zugewiesen: ${title}`,
    workOrder: 'Arbeitsauftrag',
    woAssignedBy: 'Zugewiesen von',
    due: 'Fällig',
    none: 'keins',
  },
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A time in the plant's zone, with the zone named (a receiver elsewhere must not guess). */
export function plantTime(iso: string, timeZone: string, lang: Lang): string {
  const date = new Date(iso);
  let zone = timeZone;
  let formatted: string;
  try {
    formatted = new Intl.DateTimeFormat(WORDS[lang].locale, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone,
    }).format(date);
  } catch {
    // A zone this runtime does not know: UTC, said so.
    zone = 'UTC';
    formatted = new Intl.DateTimeFormat(WORDS[lang].locale, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: zone,
    }).format(date);
  }
  return `${formatted} (${zone})`;
}

const alarmName = (code: string, lang: Lang) => alarmByCode(code)?.name[lang] ?? code;
const severityName = (s: AlarmSeverity, lang: Lang) =>
  ALARM_SEVERITIES.includes(s) ? ALARM_SEVERITY_LABELS[s][lang] : s;

function alarmLines(p: AlarmNoticePayload, lang: Lang): [string, string][] {
  const w = WORDS[lang];
  return [
    [w.plant, p.plantName],
    [w.device, p.deviceSn],
    [w.alarm, `${alarmName(p.code, lang)} (${p.code})`],
    [w.severity, severityName(p.severity, lang)],
    [w.time, plantTime(p.at, p.timeZone, lang)],
    [w.rule, p.ruleName],
  ];
}

function page(lines: [string, string][], notes: string[], link: { label: string; href: string } | null) {
  const text = [...notes, ...lines.map(([k, v]) => `${k}: ${v}`), ...(link ? [`${link.label}: ${link.href}`] : [])];
  const html = [
    ...notes.map((n) => `<p>${escapeHtml(n)}</p>`),
    '<table>',
    ...lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
  ];
  return { text: text.join('\n'), html: `<!doctype html><html><body>${html.join('\n')}</body></html>` };
}

const eventWord = (event: AlarmNoticePayload['event'], lang: Lang) => WORDS[lang][event];

/** The mail and SMS of one outbox row, in `lang`; `baseUrl` is where the portal is reached (PUBLIC_URL). */
export function renderNotice(notice: NoticePayload, lang: Lang, baseUrl: string): RenderedNotice {
  const w = WORDS[lang];
  const base = baseUrl.replace(/\/+$/, '');
  if (notice.kind === 'alarm') {
    const p = notice.payload;
    const name = alarmName(p.code, lang);
    const subject = `[Voltfleet] ${eventWord(p.event, lang)}: ${name} – ${p.plantName}`;
    const href = `${base}${alarmLink(p.alarmId)}`;
    const notes = p.event === 'flapping' ? [w.flappingNote] : [];
    const { text, html } = page(alarmLines(p, lang), notes, { label: w.open, href });
    const sms = `${eventWord(p.event, lang)}: ${name} – ${p.plantName} / ${p.deviceSn}, ${plantTime(p.at, p.timeZone, lang)}`;
    return { subject, text, html, sms };
  }
  if (notice.kind === 'digest') {
    const p = notice.payload;
    const total = p.items.length + p.more;
    const subject = w.digestSubject(total, p.ruleName);
    const rows = p.items.map((i): [string, string] => [
      plantTime(i.at, i.timeZone, lang),
      `${eventWord(i.event, lang)}: ${alarmName(i.code, lang)} – ${i.plantName} / ${i.deviceSn}`,
    ]);
    const notes = [w.digestIntro];
    const tail = p.more > 0 ? [w.more(p.more)] : [];
    const { text, html } = page(rows, notes, { label: w.open, href: `${base}${ALARM_SEARCH_PATH}` });
    const more = tail.map((t) => `\n${t}`).join('');
    const htmlMore = tail.map((t) => `<p>${escapeHtml(t)}</p>`).join('');
    return {
      subject,
      text: text + more,
      html: html.replace('</body>', `${htmlMore}</body>`),
      sms: subject.replace('[Voltfleet] ', ''),
    };
  }
  const p = notice.payload;
  const subject = w.woSubject(p.workOrderId, p.title);
  const lines: [string, string][] = [
    [w.workOrder, `#${p.workOrderId} ${p.title}`],
    [w.woAssignedBy, p.by],
    [w.plant, p.plantName ?? w.none],
    [w.due, p.due ?? w.none],
  ];
  const { text, html } = page(lines, [], {
    label: `#${p.workOrderId}`,
    href: `${base}/workOrders?open=${p.workOrderId}`,
  });
  return { subject, text, html, sms: subject.replace('[Voltfleet] ', '') };
}
