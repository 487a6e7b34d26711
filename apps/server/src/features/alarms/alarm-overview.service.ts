import {
  ALARM_GROUPS,
  ALARM_SEVERITIES,
  ALARM_STATES,
  ALARM_TREND_DEFAULT_BUCKETS,
  ALARM_TREND_MAX_BUCKETS,
  type AlarmOverviewFigures,
  type AlarmOverviewQuery,
  type AlarmTrendBucket,
} from '@voltfleet/domain/alarms';
import { localDay, localDayStart, localParts, shiftDay, shiftMonth } from '@voltfleet/domain/time';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { invalid } from '../../platform/errors.js';
import { namesOf, overviewByDevice, overviewByKind, overviewTrend } from './alarm-overview.repository.js';
import { plantZoneInScope, type AlarmConditions } from './alarm-search.repository.js';
import { dayConditions, groupOf, resolveFilter } from './alarm-search.service.js';
import { bucketLabel, hourLabels, labelRange, nextLabel } from './alarm-trend-labels.js';
import { ResultCache, type ResultCacheOptions } from './result-cache.js';

/** The overview's window: conditions on the raise time, labels, and its first and last instant. */
interface OverviewWindow {
  /** Plant-local days ('YYYY-MM-DD', the last inclusive), or the instant the window starts. */
  days?: { first: string; last: string };
  raisedFrom?: Date;
  labels: string[];
  from: number;
  until: number;
}

/** The window of a query; its days are calendar days (the schema checked `from` and `to`), so each has a start. */
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
      const w = localParts(now, zone);
      from = now - ((w.minute * 60 + w.second) * 1000 + (now % 1000)) - (n - 1) * 3_600_000;
    } else if (bucket === 'day') from = localDayStart(shiftDay(localDay(now, zone), 1 - n), zone)!;
    else from = localDayStart(`${shiftMonth(last, 1 - n)}-01`, zone)!;
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
        ? shiftDay(lastDay, 1 - n)
        : `${shiftMonth(lastDay.slice(0, 7), 1 - n)}-01`);
  if (firstDay > lastDay) throw invalid('to', 'alarm.dateOrder');
  const days = (Date.parse(lastDay) - Date.parse(firstDay)) / 86_400_000 + 1;
  const months =
    (Number(lastDay.slice(0, 4)) - Number(firstDay.slice(0, 4))) * 12 +
    Number(lastDay.slice(5, 7)) -
    Number(firstDay.slice(5, 7)) +
    1;
  const count = bucket === 'hour' ? days * 24 : bucket === 'day' ? days : months;
  if (count > ALARM_TREND_MAX_BUCKETS) throw tooLong();
  const from = localDayStart(firstDay, zone)!;
  const until = localDayStart(shiftDay(lastDay, 1), zone)!;
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
): Promise<AlarmOverviewFigures> {
  if (q.from && q.to && q.from > q.to) throw invalid('to', 'alarm.dateOrder');
  const zone = (q.plantId !== undefined && (await plantZoneInScope(db, caller, q.plantId))) || 'UTC';
  const window = windowOf(q, zone, now);
  const overview: AlarmOverviewFigures = {
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

/** The overview's cache: fresh for 30 s; after an alarm change a request waits up to 100 ms for the new figures. */
export class OverviewCache extends ResultCache<AlarmOverviewFigures> {
  constructor(options: Partial<ResultCacheOptions> = {}) {
    super({ freshMs: 30_000, staleMs: 300_000, waitMs: 100, maxEntries: 500, ...options });
  }
}
