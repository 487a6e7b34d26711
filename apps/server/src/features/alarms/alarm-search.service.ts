import {
  ALARM_CATALOGUE,
  ALARM_COUNT_CAP,
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  ALARM_STATES,
  ALARM_TREND_DEFAULT_BUCKETS,
  ALARM_TREND_MAX_BUCKETS,
  LANGUAGES,
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
  type AlarmOverview,
  type AlarmOverviewQuery,
  type AlarmPage,
  type AlarmRow,
  type AlarmSearchQuery,
  type AlarmTrendBucket,
  type Lang,
} from '@voltfleet/domain';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid, notFound } from '../../platform/errors.js';
import {
  acknowledgeInScope,
  alarmEvents,
  alarmPage,
  alarmScopeOf,
  countAlarms,
  devicesMatchingSn,
  findAlarmInScope,
  namesOf,
  overviewByDevice,
  overviewByKind,
  overviewTrend,
  plantZoneInScope,
  plantZones,
  plantsMatchingName,
  type AckedAlarm,
  type AlarmConditions,
  type AlarmRecord,
  type AlarmScope,
  type DayBound,
} from './alarm-search.repository.js';
import {
  addDays,
  addMonths,
  bucketLabel,
  hourLabels,
  labelRange,
  localDay,
  nextLabel,
  wallClock,
  zonedDayStart,
} from './alarm-time.js';

/** An ILIKE pattern that finds `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const UNKNOWN_NAMES = LANGUAGES.map((lang) => unknownAlarm(0).name[lang].replace('0', '{n}'));

/**
 * What of the alarm catalogue a search text matches, worked out here rather than in SQL (the names live in the
 * catalogue, in four languages): the codes whose name in any language or whose code contains the text, and LIKE
 * patterns for "unknown code N" alarms ("Unknown code 77", "未知故障码 77", "unknown.77", or just "77").
 */
export function catalogueMatches(text: string): { codes: string[]; codePatterns: string[] } {
  const q = text.toLowerCase();
  const codes = ALARM_CATALOGUE.filter(
    (e) => e.code.toLowerCase().includes(q) || LANGUAGES.some((lang) => e.name[lang].toLowerCase().includes(q)),
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

/** Where `day` starts in the zone of each plant (and in UTC), grouped by instant. */
export function dayBound(day: string, zones: readonly { time_zone: string; ids: number[] }[]): DayBound {
  const utc = zonedDayStart(day, 'UTC');
  const byInstant = new Map<number, number[]>();
  for (const z of zones) {
    const at = zonedDayStart(day, z.time_zone);
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
    untilDay: to ? dayBound(addDays(to, 1), zones) : undefined,
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

const groupOf = (g: string): AlarmGroup =>
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
    name: entryOf(r.code, r.device_code).name[lang],
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

/** The drawer: one alarm of the caller's devices with cause, handling and timeline; anything else is "not found". */
export async function getAlarmDetail(db: Queryable, caller: Caller, id: number, lang: Lang): Promise<AlarmDetail> {
  const record = await findAlarmInScope(db, caller, id);
  if (!record) throw notFound();
  const entry = entryOf(record.code, record.device_code);
  const events = await alarmEvents(db, id);
  return {
    ...toAlarmRow(record, lang),
    cause: entry.cause[lang],
    handling: entry.handling[lang],
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

/** The overview's window: conditions on the raise time, labels, and its first and last instant. */
interface OverviewWindow {
  /** Plant-local days ('YYYY-MM-DD', the last inclusive), or the instant the window starts. */
  days?: { first: string; last: string };
  raisedFrom?: Date;
  labels: string[];
  from: number;
  until: number;
}

function windowOf(q: AlarmOverviewQuery, zone: string, now: number): OverviewWindow {
  const bucket = q.bucket;
  const n = ALARM_TREND_DEFAULT_BUCKETS[bucket];
  const tooLong = () => invalid('from', 'alarm.trendTooLong', { max: ALARM_TREND_MAX_BUCKETS });
  if (!q.from && !q.to) {
    // The last n buckets in the label zone, the current one included.
    const last = bucketLabel(now, zone, bucket);
    let from: number;
    if (bucket === 'hour') {
      // The start of the current wall-clock hour (a :30 or :45 offset zone's hours start off the UTC hour).
      const w = wallClock(now, zone);
      from = now - ((w.minute * 60 + w.second) * 1000 + (now % 1000)) - (n - 1) * 3_600_000;
    } else if (bucket === 'day') from = zonedDayStart(addDays(localDay(now, zone), 1 - n), zone);
    else from = zonedDayStart(`${addMonths(last, 1 - n)}-01`, zone);
    const labels =
      bucket === 'hour'
        ? hourLabels(from, now + 1, zone, ALARM_TREND_MAX_BUCKETS)
        : labelRange(bucketLabel(from, zone, bucket), last, bucket, ALARM_TREND_MAX_BUCKETS);
    return { raisedFrom: new Date(from), labels, from, until: now };
  }
  // Plant-local days: the missing end is today (in the label zone), the missing start the default span before it.
  const lastDay = q.to ?? localDay(now, zone);
  const firstDay =
    q.from ??
    (bucket === 'hour'
      ? lastDay
      : bucket === 'day'
        ? addDays(lastDay, 1 - n)
        : `${addMonths(lastDay.slice(0, 7), 1 - n)}-01`);
  if (firstDay > lastDay) throw invalid('to', 'alarm.dateOrder');
  const days = (Date.parse(lastDay) - Date.parse(firstDay)) / 86_400_000 + 1;
  const months =
    (Number(lastDay.slice(0, 4)) - Number(firstDay.slice(0, 4))) * 12 +
    Number(lastDay.slice(5, 7)) -
    Number(firstDay.slice(5, 7)) +
    1;
  const count = bucket === 'hour' ? days * 24 : bucket === 'day' ? days : months;
  if (count > ALARM_TREND_MAX_BUCKETS) throw tooLong();
  const from = zonedDayStart(firstDay, zone);
  const until = zonedDayStart(addDays(lastDay, 1), zone);
  const labels =
    bucket === 'hour'
      ? hourLabels(from, until, zone, ALARM_TREND_MAX_BUCKETS + 48)
      : labelRange(
          bucket === 'day' ? firstDay : firstDay.slice(0, 7),
          bucket === 'day' ? lastDay : lastDay.slice(0, 7),
          bucket,
          ALARM_TREND_MAX_BUCKETS,
        );
  return { days: { first: firstDay, last: lastDay }, labels, from, until: until - 1 };
}

/**
 * The labels of the trend: the window's, extended to any bucket the alarms were raised in outside it (plant-local
 * days of other zones reach into the neighbouring days of the label zone), without gaps.
 */
function trendLabels(window: string[], raised: Iterable<string>, bucket: AlarmTrendBucket): string[] {
  const data = [...raised].sort();
  let labels = window;
  const first = data[0];
  const last = data[data.length - 1];
  if (first !== undefined && labels[0] !== undefined && first < labels[0]) {
    const before = labelRange(first, labels[0], bucket, ALARM_TREND_MAX_BUCKETS).filter((l) => l < labels[0]!);
    labels = [...before, ...labels];
  }
  const end = labels[labels.length - 1];
  if (last !== undefined && end !== undefined && last > end)
    labels = [...labels, ...labelRange(nextLabel(end, bucket), last, bucket, ALARM_TREND_MAX_BUCKETS)];
  return labels;
}

const zeroRecord = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Top `n` ids by count (ties: the smaller id first). */
function top(counts: Map<number, number>, n: number): [number, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, n);
}

/**
 * The overview of the alarms of the caller's devices that match the filters and were raised in the window: counts
 * by severity, state and group, unacknowledged and flapping ones, the mean time to recover, the trend of raised and
 * recovered alarms per bucket, and the 10 plants and devices with the most of them.
 */
export async function alarmOverview(
  db: Queryable,
  caller: Caller,
  q: AlarmOverviewQuery,
  now = Date.now(),
): Promise<AlarmOverview> {
  if (q.from && q.to && q.from > q.to) throw invalid('to', 'alarm.dateOrder');
  const zone = (q.plantId !== undefined && (await plantZoneInScope(db, caller, q.plantId))) || 'UTC';
  const window = windowOf(q, zone, now);
  const overview: AlarmOverview = {
    total: 0,
    bySeverity: zeroRecord(ALARM_SEVERITIES),
    byState: zeroRecord(ALARM_STATES),
    byGroup: zeroRecord(ALARM_GROUPS),
    unacknowledged: 0,
    flapping: 0,
    mttrSeconds: null,
    timeZone: zone,
    from: new Date(window.from).toISOString(),
    to: new Date(window.until).toISOString(),
    trend: {
      bucket: q.bucket,
      labels: window.labels,
      raised: window.labels.map(() => 0),
      recovered: window.labels.map(() => 0),
    },
    topPlants: [],
    topDevices: [],
  };
  const resolved = await resolveFilter(db, caller, { ...q, from: undefined, to: undefined });
  if (!resolved) return overview;
  const conditions: AlarmConditions = {
    ...resolved.conditions,
    ...(window.days ? await dayConditions(db, window.days.first, window.days.last) : { raisedFrom: window.raisedFrom }),
  };
  const [devices, kinds, trend] = await Promise.all([
    overviewByDevice(db, resolved.scope, conditions),
    overviewByKind(db, resolved.scope, conditions),
    overviewTrend(db, resolved.scope, conditions, q.bucket, zone),
  ]);

  let recovered = 0;
  let recoveredSeconds = 0;
  for (const k of kinds) {
    overview.total += k.n;
    overview.byState[k.state] += k.n;
    const severity = ALARM_SEVERITIES[k.severity_rank];
    if (severity) overview.bySeverity[severity] += k.n;
    overview.byGroup[groupOf(k.group_name)] += k.n;
    if (k.unack) overview.unacknowledged += k.n;
    if (k.flapping) overview.flapping += k.n;
    recovered += k.recovered;
    recoveredSeconds += k.recovered_s ?? 0;
  }
  overview.mttrSeconds = recovered > 0 ? Math.round(recoveredSeconds / recovered) : null;
  const byDevice = new Map<number, number>();
  const byPlant = new Map<number, number>();
  for (const d of devices) {
    byDevice.set(d.device_id, (byDevice.get(d.device_id) ?? 0) + d.n);
    if (d.plant_id !== null) byPlant.set(d.plant_id, (byPlant.get(d.plant_id) ?? 0) + d.n);
  }

  const labels = trendLabels(window.labels, trend.raised.keys(), q.bucket);
  overview.trend = {
    bucket: q.bucket,
    labels,
    raised: labels.map((l) => trend.raised.get(l) ?? 0),
    // Recoveries after the window's last bucket are outside the chart.
    recovered: labels.map((l) => trend.recovered.get(l) ?? 0),
  };

  const topDevices = top(byDevice, 10);
  const topPlants = top(byPlant, 10);
  const names = await namesOf(
    db,
    topDevices.map(([id]) => id),
    topPlants.map(([id]) => id),
  );
  overview.topDevices = topDevices.map(([deviceId, count]) => ({
    deviceId,
    sn: names.devices.get(deviceId) ?? '',
    count,
  }));
  overview.topPlants = topPlants.map(([plantId, count]) => ({ plantId, name: names.plants.get(plantId) ?? '', count }));
  return overview;
}

/**
 * A short-lived cache of results per caller and query, so a dashboard that many tabs refresh costs one aggregation:
 * an entry is fresh for `freshMs`, then served while one refresh runs in the background for up to `staleMs`; any
 * alarm event this process hears (raised, acknowledged, recovered — its own or another process's, through the live
 * bus) and any acknowledgement clears it, so a change shows at the next request. Concurrent requests for the same
 * key share one computation.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; value?: T; running?: Promise<T> }>();
  private generation = 0;

  constructor(private readonly options: { freshMs: number; staleMs: number; maxEntries: number }) {}

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.options.freshMs <= 0) return compute();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry?.value !== undefined && now - entry.at < this.options.freshMs) return entry.value;
    if (entry?.running)
      return entry.value !== undefined && now - entry.at < this.options.staleMs ? entry.value : entry.running;
    if (entry?.value !== undefined && now - entry.at < this.options.staleMs) {
      this.refresh(key, compute).catch(() => undefined);
      return entry.value;
    }
    return this.refresh(key, compute);
  }

  private refresh(key: string, compute: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const previous = this.entries.get(key);
    const running = compute();
    this.entries.set(key, {
      at: previous?.at ?? 0,
      ...(previous?.value !== undefined ? { value: previous.value } : {}),
      running,
    });
    running.then(
      (value) => {
        // A result computed before a clear() may predate the change that cleared it: not kept.
        if (generation !== this.generation) return;
        this.entries.delete(key);
        if (this.entries.size >= this.options.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.set(key, { at: Date.now(), value });
      },
      () => {
        if (generation === this.generation) this.entries.delete(key);
      },
    );
    return running;
  }
}

/** The overview's cache (ResultCache of overviews). */
export class OverviewCache extends ResultCache<AlarmOverview> {}
