import {
  ALARM_CATALOGUE,
  ALARM_COUNT_CAP,
  ALARM_GROUPS,
  UNKNOWN_ALARM_PREFIX,
  alarmByCode,
  alarmFilterSchema,
  isUnknownAlarmCode,
  severityRank,
  unknownAlarm,
  type AlarmAck,
  type AlarmDetail,
  type AlarmEntry,
  type AlarmEventKind,
  type AlarmFilter,
  type AlarmGroup,
  type AlarmLiveEvent,
  type AlarmPage,
  type AlarmRow,
  type AlarmSearchQuery,
} from '@voltfleet/domain/alarms';
import { LANGUAGES, type Lang, translate } from '@voltfleet/domain/i18n';
import { localDayStart, shiftDay } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid, notFound } from '../../platform/errors.js';
import {
  alarmEvents,
  alarmPage,
  alarmScopeOf,
  countAlarms,
  devicesMatchingSn,
  findAlarmInScope,
  plantZones,
  plantsMatchingName,
  type AlarmConditions,
  type AlarmRecord,
  type AlarmScope,
  type DayBound,
} from './alarm-search.repository.js';
import { acknowledgeInScope, type AckedAlarm } from './alarms.repository.js';
import type { ResultCache } from './result-cache.js';

/** An ILIKE pattern that finds `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const UNKNOWN_NAMES = LANGUAGES.map((lang) => translate(unknownAlarm(0).name, lang, { n: '{n}' }));

/**
 * What of the alarm catalogue a search text matches, worked out here rather than in SQL (the names live in the
 * catalogue, in four languages): the codes whose name in any language or whose code contains the text, and LIKE
 * patterns for "unknown code N" alarms ("Unknown code 77", "未知故障码 77", "unknown.77", or just "77").
 */
export function catalogueMatches(text: string): { codes: string[]; codePatterns: string[] } {
  const q = text.toLowerCase();
  const codes = ALARM_CATALOGUE.filter(
    (e) =>
      e.code.toLowerCase().includes(q) || LANGUAGES.some((lang) => translate(e.name, lang).toLowerCase().includes(q)),
  ).map((e) => e.code);
  const patterns = new Set<string>();
  for (const template of [...UNKNOWN_NAMES, `${UNKNOWN_ALARM_PREFIX}{n}`]) {
    const prefix = template.slice(0, template.indexOf('{n}')).toLowerCase();
    if (prefix.includes(q)) {
      patterns.add(`${UNKNOWN_ALARM_PREFIX}%`);
      continue;
    }
    // The end of the prefix and then digits: the numbers that start with them.
    const m = /^(.*?)(\d+)$/.exec(q);
    if (m && prefix.endsWith(m[1]!) && m[1] !== '') patterns.add(`${UNKNOWN_ALARM_PREFIX}${m[2]}%`);
  }
  // Digits alone may stand anywhere in the number.
  if (/^\d+$/.test(q)) patterns.add(`${UNKNOWN_ALARM_PREFIX}%${q}%`);
  return {
    codes,
    codePatterns: patterns.has(`${UNKNOWN_ALARM_PREFIX}%`) ? [`${UNKNOWN_ALARM_PREFIX}%`] : [...patterns],
  };
}

/**
 * Where `day` starts in the zone of each plant (and in UTC), grouped by instant. `day` is a calendar day the filter
 * schema has checked, so it has a start in every zone.
 */
export function dayBound(day: string, zones: readonly { time_zone: string; ids: number[] }[]): DayBound {
  const utc = localDayStart(day, 'UTC')!;
  const byInstant = new Map<number, number[]>();
  for (const z of zones) {
    const at = localDayStart(day, z.time_zone)!;
    if (at === utc) continue; // the ELSE branch
    byInstant.set(at, [...(byInstant.get(at) ?? []), ...z.ids]);
  }
  const instants = [utc, ...byInstant.keys()];
  return {
    earliest: new Date(Math.min(...instants)),
    latest: new Date(Math.max(...instants)),
    utc: new Date(utc),
    groups: [...byInstant].map(([at, plants]) => ({ at: new Date(at), plants })),
  };
}

/** The plant-local day conditions of `from` (inclusive) and `to` (inclusive: before the day after it). */
export async function dayConditions(
  db: Queryable,
  from: string | undefined,
  to: string | undefined,
): Promise<Pick<AlarmConditions, 'fromDay' | 'untilDay'>> {
  if (!from && !to) return {};
  const zones = await plantZones(db);
  return {
    fromDay: from ? dayBound(from, zones) : undefined,
    untilDay: to ? dayBound(shiftDay(to, 1), zones) : undefined,
  };
}

/** The filters as repository conditions, or null when nothing can match (a text or serial number matching nothing). */
async function conditionsOf(db: Queryable, scope: AlarmScope, f: AlarmFilter): Promise<AlarmConditions | null> {
  if (f.from && f.to && f.from > f.to) throw invalid('to', 'alarm.dateOrder');
  const c: AlarmConditions = {
    plantId: f.plantId,
    deviceId: f.deviceId,
    severityRank: f.severity ? severityRank(f.severity) : undefined,
    state: f.state,
    group: f.group,
    ack: f.ack,
    code: f.code || undefined,
    ...(await dayConditions(db, f.from, f.to)),
  };
  if (f.sn) {
    c.devices = await devicesMatchingSn(db, scope, containsPattern(f.sn));
    if (c.devices.length === 0) return null;
  }
  if (f.q) {
    const pattern = containsPattern(f.q);
    const [devices, plants] = await Promise.all([
      devicesMatchingSn(db, scope, pattern),
      plantsMatchingName(db, pattern),
    ]);
    c.text = { ...catalogueMatches(f.q), devices, plants };
    const t = c.text;
    if (!t.codes.length && !t.codePatterns.length && !t.devices.length && !t.plants.length) return null;
  }
  return c;
}

/** The scope and conditions of a search, export or overview; null when nothing can match. */
export async function resolveFilter(
  db: Queryable,
  caller: Caller,
  f: AlarmFilter,
): Promise<{ scope: AlarmScope; conditions: AlarmConditions } | null> {
  const scope = await alarmScopeOf(db, caller);
  const conditions = await conditionsOf(db, scope, f);
  if (!conditions || (!scope.all && scope.devices.length === 0)) return null;
  return { scope, conditions };
}

/** The catalogue entry of a stored code ("unknown code N" for codes the catalogue lacks). */
export function entryOf(code: string, deviceCode: number | null): AlarmEntry {
  const known = alarmByCode(code);
  if (known) return known;
  const n = isUnknownAlarmCode(code) ? Number(code.slice(UNKNOWN_ALARM_PREFIX.length)) : NaN;
  return unknownAlarm(Number.isSafeInteger(n) ? n : (deviceCode ?? 0));
}

/** An entry's name, cause or handling in a language (an unknown code's number filled in). */
export const alarmText = (entry: AlarmEntry, part: 'name' | 'cause' | 'handling', lang: Lang): string =>
  translate(entry[part], lang, entry.params);

export const groupOf = (g: string): AlarmGroup =>
  (ALARM_GROUPS as readonly string[]).includes(g) ? (g as AlarmGroup) : 'other';
const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The API shape of an alarm, its name in the caller's language. */
export function toAlarmRow(r: AlarmRecord, lang: Lang): AlarmRow {
  return {
    id: Number(r.id),
    code: r.code,
    deviceCode: r.device_code,
    group: groupOf(r.group_name),
    severity: r.severity,
    state: r.state,
    name: alarmText(entryOf(r.code, r.device_code), 'name', lang),
    deviceId: r.device_id,
    sn: r.sn,
    plantId: r.plant_id,
    plantName: r.plant_name,
    timeZone: r.time_zone ?? 'UTC',
    raisedAt: iso(r.raised_at)!,
    lastSeenAt: iso(r.last_seen_at)!,
    recoveredAt: iso(r.recovered_at),
    flapping: r.flapping,
    flaps: r.flaps,
    acknowledgedAt: iso(r.acknowledged_at),
    acknowledgedBy: r.acknowledged_by,
    ackNote: r.ack_note,
  };
}

/**
 * One page of the alarms of the caller's devices that match the filters. The total is exact up to ALARM_COUNT_CAP
 * (`totalCapped` beyond), and pages past the cap are not listed: narrow the filters to see further. `counts` keeps
 * totals per caller and filters for a while (the pages of one search, the same default view in many tabs).
 */
export async function searchAlarms(
  db: Queryable,
  caller: Caller,
  q: AlarmSearchQuery,
  lang: Lang,
  counts?: ResultCache<number>,
): Promise<AlarmPage> {
  const empty: AlarmPage = { items: [], total: 0, page: q.page, pageSize: q.pageSize, totalCapped: false };
  const resolved = await resolveFilter(db, caller, q);
  if (!resolved) return empty;
  const { scope, conditions } = resolved;
  const offset = (q.page - 1) * q.pageSize;
  const filter = Object.keys(alarmFilterSchema.shape).map((k) => q[k as keyof AlarmFilter]);
  const count = () => countAlarms(db, scope, conditions, ALARM_COUNT_CAP);
  const [total, rows] = await Promise.all([
    counts ? counts.get(`${caller.id}|${caller.path}|${JSON.stringify(filter)}`, count) : count(),
    offset < ALARM_COUNT_CAP
      ? alarmPage(db, scope, conditions, { sort: q.sort, order: q.order, limit: q.pageSize, offset })
      : Promise.resolve([]),
  ]);
  return {
    items: rows.map((r) => toAlarmRow(r, lang)),
    total: Math.min(total, ALARM_COUNT_CAP),
    totalCapped: total > ALARM_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The newest active alarms of these plants (a big screen's ticker: the scope is its plants, already checked by the
 * caller) and how many are active in all, counted like the search's total.
 */
export async function newestActiveAlarms(
  db: Queryable,
  plantIds: readonly number[],
  limit: number,
  lang: Lang,
): Promise<{ alarms: AlarmRow[]; total: number }> {
  if (plantIds.length === 0) return { alarms: [], total: 0 };
  const everything: AlarmScope = { all: true, devices: [] };
  const conditions: AlarmConditions = { state: 'active', plants: plantIds };
  const [total, rows] = await Promise.all([
    countAlarms(db, everything, conditions, ALARM_COUNT_CAP),
    alarmPage(db, everything, conditions, { sort: 'raisedAt', order: 'desc', limit, offset: 0 }),
  ]);
  return { alarms: rows.map((r) => toAlarmRow(r, lang)), total: Math.min(total, ALARM_COUNT_CAP) };
}

/** The drawer: one alarm of the caller's devices with cause, handling and timeline; anything else is "not found". */
export async function getAlarmDetail(db: Queryable, caller: Caller, id: number, lang: Lang): Promise<AlarmDetail> {
  const record = await findAlarmInScope(db, caller, id);
  if (!record) throw notFound();
  const entry = entryOf(record.code, record.device_code);
  const events = await alarmEvents(db, id);
  return {
    ...toAlarmRow(record, lang),
    cause: alarmText(entry, 'cause', lang),
    handling: alarmText(entry, 'handling', lang),
    events: events.map((e) => ({
      at: new Date(e.at).toISOString(),
      kind: e.kind as AlarmEventKind,
      user: e.username,
      note: e.note,
    })),
  };
}

/** The live event of an alarm the caller acknowledged. */
const ackEvent = (a: AckedAlarm): AlarmLiveEvent => ({
  type: 'alarm',
  event: 'acknowledged',
  alarm: {
    id: Number(a.id),
    deviceId: a.device_id,
    plantId: a.plant_id,
    code: a.code,
    severity: a.severity,
    state: a.state,
    raisedAt: new Date(a.raised_at).toISOString(),
    recoveredAt: iso(a.recovered_at),
  },
});

/**
 * Acknowledges the alarms of the caller's devices among `ids` that nobody acknowledged yet, with the note; ids out
 * of scope, unknown or acknowledged already are left alone (and not told apart). Returns the live events to push.
 */
export async function acknowledgeAlarms(
  db: Queryable,
  caller: Caller,
  body: AlarmAck,
): Promise<{ acknowledged: number; ids: number[]; events: AlarmLiveEvent[] }> {
  const ids = [...new Set(body.ids)];
  const acked = await acknowledgeInScope(db, caller, ids, body.note === '' ? null : body.note);
  return { acknowledged: acked.length, ids: acked.map((a) => Number(a.id)), events: acked.map(ackEvent) };
}
