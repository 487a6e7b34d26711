import type { Lang } from '../languages.js';
import { translate } from '../messages.js';
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

/** An SMS budget was reached (issue 38): what the administrators' mail says. */
export interface SmsBudgetNoticePayload {
  /** Per destination number a day, per client address an hour, or the platform's hourly cap. */
  budget: 'number' | 'client' | 'platform';
  limit: number;
  /** The start of the window (ISO) in which it was reached; told once per window. */
  windowStart: string;
}

/** A webhook whose deliveries failed for a day was switched off (issue 40): what its owner's mail says. */
export interface WebhookDisabledNoticePayload {
  webhookId: number;
  url: string;
  /** Since when (ISO) every delivery failed. */
  since: string;
}

export type NoticePayload =
  | { kind: 'webhookDisabled'; payload: WebhookDisabledNoticePayload }
  | { kind: 'alarm'; payload: AlarmNoticePayload }
  | { kind: 'digest'; payload: DigestPayload }
  | { kind: 'workorder'; payload: WorkOrderNoticePayload }
  | { kind: 'smsBudget'; payload: SmsBudgetNoticePayload };

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

/** The locale each language's dates are written in (the words themselves are the catalogue's `mail` namespace). */
const DATE_LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en-GB', cs: 'cs-CZ', de: 'de-DE' };

type MailWord =
  | 'raised'
  | 'flapping'
  | 'recovered'
  | 'plant'
  | 'device'
  | 'alarm'
  | 'severity'
  | 'time'
  | 'rule'
  | 'open'
  | 'flappingNote'
  | 'digestIntro'
  | 'workOrder'
  | 'workOrderAssignedBy'
  | 'due'
  | 'none'
  | 'since';

const word = (key: MailWord, lang: Lang): string => translate(`mail.${key}`, lang);

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
    formatted = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone,
    }).format(date);
  } catch {
    // A zone this runtime does not know: UTC, said so.
    zone = 'UTC';
    formatted = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: zone,
    }).format(date);
  }
  return `${formatted} (${zone})`;
}

const alarmName = (code: string, lang: Lang) => {
  const entry = alarmByCode(code);
  return entry ? translate(entry.name, lang) : code;
};
const severityName = (s: AlarmSeverity, lang: Lang) =>
  ALARM_SEVERITIES.includes(s) ? translate(ALARM_SEVERITY_LABELS[s], lang) : s;

function alarmLines(p: AlarmNoticePayload, lang: Lang): [string, string][] {
  return [
    [word('plant', lang), p.plantName],
    [word('device', lang), p.deviceSn],
    [word('alarm', lang), `${alarmName(p.code, lang)} (${p.code})`],
    [word('severity', lang), severityName(p.severity, lang)],
    [word('time', lang), plantTime(p.at, p.timeZone, lang)],
    [word('rule', lang), p.ruleName],
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

const eventWord = (event: AlarmNoticePayload['event'], lang: Lang) => word(event, lang);

/** The mail and SMS of one outbox row, in `lang`; `baseUrl` is where the portal is reached (PUBLIC_URL). */
export function renderNotice(notice: NoticePayload, lang: Lang, baseUrl: string): RenderedNotice {
  const base = baseUrl.replace(/\/+$/, '');
  if (notice.kind === 'alarm') {
    const p = notice.payload;
    const name = alarmName(p.code, lang);
    const subject = `[Voltfleet] ${eventWord(p.event, lang)}: ${name} – ${p.plantName}`;
    const href = `${base}${alarmLink(p.alarmId)}`;
    const notes = p.event === 'flapping' ? [word('flappingNote', lang)] : [];
    const { text, html } = page(alarmLines(p, lang), notes, { label: word('open', lang), href });
    const sms = `${eventWord(p.event, lang)}: ${name} – ${p.plantName} / ${p.deviceSn}, ${plantTime(p.at, p.timeZone, lang)}`;
    return { subject, text, html, sms };
  }
  if (notice.kind === 'digest') {
    const p = notice.payload;
    const total = p.items.length + p.more;
    const subject = translate('mail.digestSubject', lang, { count: total, rule: p.ruleName });
    const rows = p.items.map((i): [string, string] => [
      plantTime(i.at, i.timeZone, lang),
      `${eventWord(i.event, lang)}: ${alarmName(i.code, lang)} – ${i.plantName} / ${i.deviceSn}`,
    ]);
    const notes = [word('digestIntro', lang)];
    const tail = p.more > 0 ? [translate('mail.more', lang, { count: p.more })] : [];
    const { text, html } = page(rows, notes, { label: word('open', lang), href: `${base}${ALARM_SEARCH_PATH}` });
    const more = tail.map((t) => `\n${t}`).join('');
    const htmlMore = tail.map((t) => `<p>${escapeHtml(t)}</p>`).join('');
    return {
      subject,
      text: text + more,
      html: html.replace('</body>', `${htmlMore}</body>`),
      sms: subject.replace('[Voltfleet] ', ''),
    };
  }
  if (notice.kind === 'smsBudget') return renderSmsBudget(notice.payload, lang);
  if (notice.kind === 'webhookDisabled') return renderWebhookDisabled(notice.payload, lang, base);
  const p = notice.payload;
  const subject = translate('mail.workOrderSubject', lang, { id: p.workOrderId, title: p.title });
  const lines: [string, string][] = [
    [word('workOrder', lang), `#${p.workOrderId} ${p.title}`],
    [word('workOrderAssignedBy', lang), p.by],
    [word('plant', lang), p.plantName ?? word('none', lang)],
    [word('due', lang), p.due ?? word('none', lang)],
  ];
  const { text, html } = page(lines, [], {
    label: `#${p.workOrderId}`,
    href: `${base}/workOrders?open=${p.workOrderId}`,
  });
  return { subject, text, html, sms: subject.replace('[Voltfleet] ', '') };
}

function renderSmsBudget(p: SmsBudgetNoticePayload, lang: Lang): RenderedNotice {
  const subject = translate('mail.smsBudgetSubject', lang);
  const note = translate(`mail.smsBudget.${p.budget}`, lang, { limit: p.limit });
  const { text, html } = page([[word('since', lang), plantTime(p.windowStart, 'UTC', lang)]], [note], null);
  return { subject, text, html, sms: subject.replace('[Voltfleet] ', '') };
}

function renderWebhookDisabled(p: WebhookDisabledNoticePayload, lang: Lang, base: string): RenderedNotice {
  const subject = translate('mail.webhookDisabledSubject', lang);
  const since = plantTime(p.since, 'UTC', lang);
  const note = translate('mail.webhookDisabled', lang, { url: p.url, since });
  const { text, html } = page([], [note], { label: 'Voltfleet', href: `${base}/personalCenter` });
  return { subject, text, html, sms: subject.replace('[Voltfleet] ', '') };
}
