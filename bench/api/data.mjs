// The api benchmark's data: a year of readings for BENCH_API_DEVICES inverters (default 1,000) in a migrated
// PostgreSQL database, written by COPY, with the energy rollups the ingest would have written for them and a year of
// alarms.
//
// Density (one reading a minute for a year would be 525 M rows, more than this machine's disk and time allow): one
// reading an hour for the year (BENCH_API_DAYS) and one a minute for the last BENCH_API_MINUTE_DAYS days (default 2),
// so a device's 24-hour history is the real minute data.
//
// Where the readings come from: the simulator (packages/simulator), 4 inverters with batteries in each of the 8 time
// zones of the fleet (32 simulated inverter-years, realistic values of 75 fields, faults, weather, daily counter
// resets at local midnight). Each database device replays the simulated inverter of its plant's zone it is mapped to
// (its "template"): simulating 1,000 inverter-years here would take longer than the rest of the run. The energy
// deltas of each reading and the rollup increments are computed by the server's own chain code (placeInChain,
// addContributions of features/telemetry/chain.ts) on each template, so readings and rollups agree exactly as the
// ingest's would. The 5-minute rollups are written for the last BENCH_API_5M_DAYS days only (default 3: none of the
// measured requests reads older ones); daily and monthly rollups for the whole year. Plant rollups are the sums of
// their devices' (what the ingest adds to them).
//
// Rows are written in time order (all devices' readings of an hour, then the next hour), as the ingest writes them,
// so a device's rows are spread over the table's pages as in a real database, not packed together.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ROOT, round } from '../support.mjs';
import { ZONES, loadAlarms, prepareFleet } from '../alarm-search/data.mjs';

export const DEVICES = Number(process.env.BENCH_API_DEVICES ?? 1000);
export const DAYS = Number(process.env.BENCH_API_DAYS ?? 365);
export const MINUTE_DAYS = Number(process.env.BENCH_API_MINUTE_DAYS ?? 2);
export const FIVE_MIN_DAYS = Number(process.env.BENCH_API_5M_DAYS ?? 3);
export const ALARMS = Number(process.env.BENCH_API_ALARMS ?? 100_000);
const TEMPLATES_PER_ZONE = 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A city of each zone of alarm-search's ZONES (same order): where the zone's simulated inverters stand. */
const ZONE_SITES = {
  'Europe/Prague': [49.2, 16.6],
  'Europe/Berlin': [51.05, 13.74],
  'Asia/Shanghai': [31.3, 120.58],
  'Australia/Sydney': [-32.93, 151.78],
  'America/New_York': [42.65, -73.75],
  'America/Sao_Paulo': [-22.9, -47.06],
  'Africa/Johannesburg': [-25.75, 28.19],
  'Asia/Kolkata': [18.52, 73.86],
};

const iso = (ms) => new Date(ms).toISOString();

/** The simulated template inverters: readings of the year (hourly, then each minute), in time order per inverter. */
async function simulateTemplates(nowMs) {
  const { createFleet, demoFleetConfig } = await import(`${ROOT}/packages/simulator/dist/index.js`);
  const startMs = Math.floor((nowMs - DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
  const minuteFromMs = Math.floor((nowMs - MINUTE_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
  const demo = demoFleetConfig({ startMs, seed: 23 });
  const demoInverters = demo.devices.filter((d) => d.kind === 'inverter');
  const batteries = demo.devices.filter((d) => d.kind === 'battery');
  const plants = ZONES.map(([zone], z) => ({
    ...demo.plants[z % demo.plants.length],
    id: `api-zone-${z}`,
    timeZone: zone,
    latitude: ZONE_SITES[zone][0],
    longitude: ZONE_SITES[zone][1],
    storageCabinet: false,
  }));
  const templates = [];
  const devices = [];
  plants.forEach((plant, z) => {
    for (let k = 0; k < TEMPLATES_PER_ZONE; k++) {
      const from = demoInverters[(z * TEMPLATES_PER_ZONE + k) % demoInverters.length];
      const sn = `VFAPIT${z}${k}`;
      templates.push({ sn, zone: plant.timeZone, zoneIndex: z, model: from.model, readings: [] });
      devices.push({ ...from, sn, plantId: plant.id, collectorSn: undefined, reportIntervalS: 60 });
      const battery = batteries.find((b) => b.inverterSn === from.sn);
      if (battery) devices.push({ ...battery, sn: `VFAPIB${z}${k}`, inverterSn: sn, plantId: plant.id });
    }
  });
  const bySn = new Map(templates.map((t) => [t.sn, t]));
  const fleet = createFleet({ seed: 23, startMs, plants, devices });
  const keep = (r) => bySn.get(r.sn).readings.push({ ts: r.ts, seq: r.seq ?? null, values: r.values, extra: r.extra });
  fleet.advanceSparse(minuteFromMs, { stepSeconds: 3600, onReading: keep });
  fleet.advance(Math.floor(nowMs / 60_000) * 60_000, 60, keep);
  return { templates, startMs, minuteFromMs };
}

/**
 * Each template's readings placed in a chain by the server's code (deltas from the previous reading), and the
 * rollup increments of those intervals in the zone's calendar.
 */
async function chainTemplates(templates, dist) {
  const { placeInChain, addContributions, emptyIncrements, incrementRows } = await import(
    `${dist}/features/telemetry/chain.js`
  );
  const { ratedPowerW } = await import(`${ROOT}/packages/domain/dist/devices/index.js`);
  for (const [t, tpl] of templates.entries()) {
    const rated = ratedPowerW(tpl.model) || 10_000;
    // As the ingest bounds them (features/telemetry/ingest.ts), with the smallest plant of the fleet (50 kW).
    const grid = Math.max(3 * rated, 3000 * 50);
    const incoming = tpl.readings.map((r) => ({ deviceId: t, ...r, extra: r.extra ?? null }));
    const result = placeInChain([], incoming, {
      timeZone: tpl.zone,
      ratedPowerW: rated,
      maxPowerW: { load: grid, gridImport: grid },
    });
    const inc = emptyIncrements();
    addContributions(inc, t, result.contributions, tpl.zone);
    tpl.rows = result.inserts;
    tpl.rollups = { fiveMin: incrementRows(inc.fiveMin), day: incrementRows(inc.day), month: incrementRows(inc.month) };
  }
}

/** COPY input (an iterable of strings or buffers) through one connection of the pool. */
async function copyInto(db, sql, chunks) {
  const { from } = (await import('pg-copy-streams')).default;
  const client = await db.native.connect();
  try {
    await pipeline(Readable.from(chunks), client.query(from(sql)));
  } finally {
    client.release();
  }
}

/** COPY of CSV lines into `table (columns)`. */
const copyCsv = (db, table, columns, chunks) =>
  copyInto(db, `COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`, chunks);

/** Lines joined into ≈ 1 MB strings (one stream write each). */
function* batched(lines) {
  let buf = '';
  for (const line of lines) {
    buf += line;
    if (buf.length > 1_000_000) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/**
 * The whole data set: users, plants and devices (alarm-search's fleet shape: three branches, plants in 8 zones),
 * readings, rollups and alarms. `db` is migrated and seeded. Returns the fleet (users, plants, devices with their
 * templates) and what was written.
 */
export async function loadApiData(db, hashPassword, dist, nowMs) {
  const started = performance.now();
  const lap = (() => {
    let t = performance.now();
    return () => {
      const s = round((performance.now() - t) / 1000, 1);
      t = performance.now();
      return s;
    };
  })();
  const fleet = await prepareFleet(db, hashPassword, {
    plantCount: Math.max(1, Math.round(DEVICES / 10)),
    deviceCount: DEVICES,
  });
  const { templates, startMs, minuteFromMs } = await simulateTemplates(nowMs);
  const simulateSeconds = lap();
  console.log(`api data: ${templates.length} inverters simulated in ${simulateSeconds} s`);
  await chainTemplates(templates, dist);
  const chainSeconds = lap();
  console.log(`api data: deltas and rollup increments in ${chainSeconds} s`);
  // Each device replays a template of its plant's zone.
  const zoneIndex = new Map(ZONES.map(([zone], z) => [zone, z]));
  const clones = templates.map(() => []);
  fleet.devices.forEach((d, i) => {
    const t = zoneIndex.get(d.plant.zone) * TEMPLATES_PER_ZONE + (i % TEMPLATES_PER_ZONE);
    d.template = t;
    clones[t].push(d.id);
  });
  await db.query(
    `UPDATE devices d SET model = v.model, last_reading_at = v.ts, last_seen_at = v.ts
       FROM unnest($1::int4[], $2::text[], $3::timestamptz[]) AS v(id, model, ts) WHERE d.id = v.id`,
    [
      fleet.devices.map((d) => d.id),
      fleet.devices.map((d) => templates[d.template].model),
      fleet.devices.map((d) => iso(templates[d.template].rows.at(-1).ts)),
    ],
  );

  // Readings: the months' partitions, then one binary COPY (the ingest's own format and encoder,
  // features/telemetry/copy-binary.ts) in time order.
  const { FIELD_COLUMNS, deltaColumns, rollupColumn } = await import(`${dist}/features/telemetry/columns.js`);
  const { ensurePartitions } = await import(`${dist}/features/telemetry/ingest.repository.js`);
  const { CopyBinaryWriter, columnWriter } = await import(`${dist}/features/telemetry/copy-binary.js`);
  const { ENERGY_QUANTITIES } = await import(`${ROOT}/packages/domain/dist/telemetry/index.js`);
  const months = new Set();
  for (let m = startMs; m <= nowMs + DAY_MS; m += DAY_MS) months.add(iso(m).slice(0, 7));
  await ensurePartitions(db, months);
  const columns = [
    'device_id',
    'ts',
    'seq',
    'prev_ts',
    'extra',
    ...FIELD_COLUMNS.map((c) => c.column),
    ...ENERGY_QUANTITIES.flatMap((q) => [deltaColumns(q).kwh, deltaColumns(q).next]),
    'received_at',
  ];
  const writers = FIELD_COLUMNS.map((c) => ({ key: c.key, write: columnWriter(c.type) }));
  // Each template reading encoded once as a whole COPY row with device id 0; a device's row is a copy of those bytes
  // with its id written in (the id's value follows the row's field count and the id's length word: bytes 6–9).
  const HEADER = 19;
  const encode = (r) => {
    const w = new CopyBinaryWriter(2048);
    w.row(columns.length);
    w.int4(0);
    w.timestamptz(r.ts);
    w.int8(r.seq);
    w.timestamptz(r.prevTs);
    w.jsonb(r.extra ? JSON.stringify(r.extra) : null);
    for (const { key, write } of writers) write(w, r.values[key]);
    for (const q of ENERGY_QUANTITIES) {
      w.float8(r.delta[q]);
      w.float8(r.deltaNext[q]);
    }
    w.timestamptz(r.ts);
    const all = w.finish();
    return Buffer.from(all.subarray(HEADER, all.length - 2));
  };
  const events = [];
  templates.forEach((tpl, t) => {
    if (clones[t].length === 0) return;
    for (const r of tpl.rows) events.push({ ts: r.ts, t, bytes: encode(r) });
  });
  events.sort((a, b) => a.ts - b.ts || a.t - b.t);
  let readings = 0;
  function* readingChunks() {
    const head = new CopyBinaryWriter(64).finish();
    yield Buffer.from(head.subarray(0, HEADER));
    let chunk = Buffer.allocUnsafe(4 << 20);
    let at = 0;
    for (const e of events)
      for (const id of clones[e.t]) {
        if (at + e.bytes.length > chunk.length) {
          yield chunk.subarray(0, at);
          chunk = Buffer.allocUnsafe(4 << 20);
          at = 0;
        }
        e.bytes.copy(chunk, at);
        chunk.writeInt32BE(id, at + 6);
        at += e.bytes.length;
        readings++;
      }
    const trailer = Buffer.alloc(2);
    trailer.writeInt16BE(-1);
    yield Buffer.concat([chunk.subarray(0, at), trailer]);
  }
  await copyInto(db, `COPY readings (${columns.join(', ')}) FROM STDIN (FORMAT binary)`, readingChunks());
  const copySeconds = lap();
  console.log(`api data: ${readings} readings copied in ${copySeconds} s`);

  // The 5-minute values of the minute days, by the server's own job (decision 0019), as if it had run since then: the
  // covered span starts with the minute days (the hourly year's history is of 30-minute bins, read raw).
  const { setValuesProgress } = await import(`${dist}/features/telemetry/values-5m.repository.js`);
  const { aggregateValues } = await import(`${dist}/features/telemetry/values-5m.job.js`);
  await setValuesProgress(db, { coveredFrom: new Date(minuteFromMs), coveredTo: new Date(minuteFromMs) });
  const quiet = { debug: () => {}, error: () => {} };
  const values = await aggregateValues(db, quiet, { maxChunks: 100_000 });
  const valuesSeconds = lap();
  console.log(`api data: ${values.aggregated} 5-minute value rows up to ${values.coveredTo} in ${valuesSeconds} s`);

  // Device rollups from the templates' increments; plant rollups as the sums of their devices'.
  const energyCols = ENERGY_QUANTITIES.map(rollupColumn);
  const fiveMinFrom = iso(nowMs - FIVE_MIN_DAYS * DAY_MS);
  const rollupLines = function* (kind) {
    for (const [t, tpl] of templates.entries())
      for (const row of tpl.rollups[kind]) {
        if (kind === 'fiveMin' && row.at < fiveMinFrom) continue;
        const tail = `${row.at},${ENERGY_QUANTITIES.map((q) => row.energy[q]).join(',')}\n`;
        for (const id of clones[t]) yield `${id},${tail}`;
      }
  };
  const tables = [
    ['fiveMin', '5m', 'bucket'],
    ['day', 'day', 'day'],
    ['month', 'month', 'month'],
  ];
  for (const [kind, suffix, at] of tables) {
    await copyCsv(db, `device_energy_${suffix}`, ['device_id', at, ...energyCols], batched(rollupLines(kind)));
    await db.exec(
      `INSERT INTO plant_energy_${suffix} (plant_id, ${at}, ${energyCols.join(', ')})
       SELECT d.plant_id, e.${at}, ${energyCols.map((c) => `sum(e.${c})`).join(', ')}
         FROM device_energy_${suffix} e JOIN devices d ON d.id = e.device_id
        WHERE d.plant_id IS NOT NULL GROUP BY 1, 2`,
    );
  }
  const rollupSeconds = lap();
  const alarms = await loadAlarms(db, fleet, ALARMS);
  const alarmSeconds = lap();
  // What autovacuum would have done by then (statistics, visibility map for index-only scans).
  await db.exec(`VACUUM ANALYZE`);
  const vacuumSeconds = lap();
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM device_energy_day)::int AS day_rows,
            (SELECT count(*) FROM device_energy_5m)::int AS five_min_rows,
            pg_total_relation_size('readings')::float8 AS readings_bytes,
            pg_total_relation_size('device_values_5m')::float8 AS values_bytes,
            (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = 'readings'::regclass)::float8 AS partitions_bytes`,
  );
  return {
    fleet,
    templates,
    data: {
      devices: fleet.devices.length,
      plants: fleet.plants.length,
      simulatedInverters: templates.length,
      readings,
      readingsPerDevice: round(readings / fleet.devices.length),
      density: `one reading an hour from ${iso(startMs)}, one a minute from ${iso(minuteFromMs)}`,
      partitions: months.size,
      readingsGb: round(Number(rows[0].partitions_bytes ?? rows[0].readings_bytes) / 1e9, 2),
      rollupRows: { fiveMinute: rows[0].five_min_rows, day: rows[0].day_rows, fiveMinuteFrom: fiveMinFrom },
      values5m: {
        rows: values.aggregated,
        coveredFrom: iso(minuteFromMs),
        coveredTo: values.coveredTo,
        gb: round(Number(rows[0].values_bytes) / 1e9, 3),
      },
      alarms: { total: alarms.total, active: alarms.active },
      seconds: {
        simulate: simulateSeconds,
        chain: chainSeconds,
        copyReadings: copySeconds,
        copyReadingsRowsPerS: round(readings / copySeconds),
        values5m: valuesSeconds,
        rollups: rollupSeconds,
        alarms: alarmSeconds,
        vacuumAnalyze: vacuumSeconds,
        total: round((performance.now() - started) / 1000, 1),
      },
    },
  };
}

/** Readings and rollups agree: for a few devices, the sum of the readings' energy deltas against their daily rollups. */
export async function rollupGap(db, deviceIds) {
  const { rows } = await db.query(
    `SELECT coalesce(max(abs(r.kwh - coalesce(e.kwh, 0))), 0)::float8 AS gap, count(*)::int AS devices
       FROM (SELECT device_id, sum(d_pv_kwh + d_load_kwh + d_grid_import_kwh + d_bat_charge_kwh) AS kwh FROM readings
              WHERE device_id = ANY($1::int4[]) GROUP BY 1) r
       LEFT JOIN (SELECT device_id, sum(pv_kwh + load_kwh + grid_import_kwh + bat_charge_kwh) AS kwh
                    FROM device_energy_day WHERE device_id = ANY($1::int4[]) GROUP BY 1) e USING (device_id)`,
    [deviceIds],
  );
  return { devices: rows[0].devices, largestGapKwh: rows[0].gap };
}

/**
 * The 5-minute values agree with the readings: for a few devices, a covered UTC day's bins from the table (as the
 * history reads them) against the readings binned (the raw path), the largest difference over every value.
 */
export async function valuesGap(db, dist, deviceIds, dayStartMs) {
  const { readingBins } = await import(`${dist}/features/device-detail/device-history.repository.js`);
  const { valueBins: fiveMinuteBins, VALUE_COLUMNS } = await import(
    `${dist}/features/telemetry/values-5m.repository.js`
  );
  const fields = VALUE_COLUMNS.map((c) => c.key);
  let gap = 0;
  let bins = 0;
  for (const deviceId of deviceIds) {
    const w = { deviceId, fromMs: dayStartMs, toMs: dayStartMs + DAY_MS };
    const [table, raw] = await Promise.all([fiveMinuteBins(db, w, fields), readingBins(db, w, fields, 300_000)]);
    if (table.length !== raw.length)
      throw new Error(`api data: device ${deviceId} has ${table.length} bins from the table, ${raw.length} raw`);
    table.forEach((row, i) => {
      for (const key of fields) {
        const a = row[key] === null ? null : Number(row[key]);
        const b = raw[i][key];
        if ((a === null) !== (b === null)) throw new Error(`api data: device ${deviceId} ${key} null in one path only`);
        if (a !== null) gap = Math.max(gap, Math.abs(a - b) / Math.max(1, Math.abs(b)));
      }
    });
    bins += table.length;
  }
  return { devices: deviceIds.length, bins, largestRelativeGap: gap };
}
