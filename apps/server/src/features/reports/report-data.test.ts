import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet, demoFleetConfig, type FleetConfig } from '@voltfleet/simulator';
import { ENERGY_COUNTERS, ENERGY_QUANTITIES } from '@voltfleet/domain/telemetry';
import { type EnergyTrend } from '@voltfleet/domain/plants';
import { type Report, type ReportExportJob } from '@voltfleet/domain/reports';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { insertFleet } from '../../test/fleet-fixture.js';
import type { Queryable } from '../../db/db.js';
import { Ingest } from '../telemetry/ingest.js';
import { reportRows } from './report-file.js';
import { runExportRound } from './report-exports.service.js';
import { firstSheetOf } from '../../test/xlsx-fixtures.js';

// Ten days across the end of summer time in Prague (Sunday 25 Oct 2026, a 25-hour day) and in Chicago (Sunday
// 1 Nov 2026), readings every 5 minutes through the real ingest, which fills the device and the plant rollups.
const START = Date.parse('2026-10-23T00:00:00Z');
const END = Date.parse('2026-11-03T00:00:00Z');
const PLANTS = ['cz-praha-home', 'us-austin-ci'];
const ENERGY_INDICES = ENERGY_QUANTITIES.map((q) => ENERGY_COUNTERS[q].today);

let s: TestServer;
let token = '';
let otherToken = '';
let otherDevice = 0;
const plantIds: Record<string, number> = {};
const inverters: Record<string, number[]> = {};

beforeAll(async () => {
  s = await startTestServer();
  const demo = demoFleetConfig({ startMs: START, seed: 11 });
  const plants = demo.plants.filter((p) => PLANTS.includes(p.id));
  const config: FleetConfig = {
    seed: 11,
    startMs: START,
    plants,
    devices: demo.devices.filter((d) => PLANTS.includes(d.plantId)),
  };
  const ids = await insertFleet(s.db, config, await adminId(s.db));
  for (const p of plants) {
    plantIds[p.id] = ids.plantIds.get(p.id)!;
    inverters[p.id] = config.devices
      .filter((d) => d.plantId === p.id && d.kind === 'inverter')
      .map((d) => ids.deviceIds.get(d.sn)!);
  }
  const ingest = new Ingest(s.db, { maxBatch: 500 });
  const fleet = createFleet(config);
  for (let t = START; t < END; t += 6 * 3_600_000) {
    const pending: Promise<void>[] = [];
    fleet.advance(t + 6 * 3_600_000, 300, (r) => {
      const id = ids.deviceIds.get(r.sn);
      if (id !== undefined) pending.push(ingest.submit({ id, sn: r.sn }, r));
    });
    await Promise.all(pending);
  }
  await ingest.flush();
  token = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  // A second user with the same permission, in another branch, holding one device of their own.
  const other = await makeUser(s.db, {
    username: 'exportOther',
    roleId: await makeRole(s.db, 'Reports', ['D', 'D/E']),
    superiorId: await adminId(s.db),
  });
  otherDevice = (
    await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id) VALUES ('EXPOTHER01', 'inverter', '10K', $1) RETURNING id`,
      [other.id],
    )
  ).rows[0]!.id;
  otherToken = await loginToken(s.app, 'exportOther', 'Passw0rd-1');
}, 300_000);
afterAll(() => s.close());

const report = async (query: string) => {
  const res = await api<Report>(s.app, 'GET', `/api/reports/data?${query}`, { token });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const plantTrend = async (plant: string, range: string, date: string) => {
  const q = `quantities=${ENERGY_QUANTITIES.join(',')}&range=${range}&date=${date}`;
  const res = await api<EnergyTrend>(s.app, 'GET', `/api/plants/${plantIds[plant]}/trend?${q}`, { token });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};

/** Per quantity and slot: the report's columns of the plant's devices added up, rounded to Wh like the plant's. */
function devicesSummed(r: Report, plantDevices: readonly number[]) {
  return ENERGY_QUANTITIES.map((q) => ({
    quantity: q,
    valuesKwh: r.labels.map((_, i) => {
      const sum = r.columns
        .filter((c) => c.index === ENERGY_COUNTERS[q].today && plantDevices.includes(c.deviceId))
        .reduce((acc, c) => acc + (c.values[i] ?? 0), 0);
      return Math.round(sum * 1000) / 1000;
    }),
  }));
}

describe('data selection sums equal the plant statistics', () => {
  it.each([
    ['Prague, the 25-hour DST day, 5-minute points', 'cz-praha-home', 'day', '2026-10-25', 'step=5m'],
    ['Prague, the month of the DST change', 'cz-praha-home', 'month', '2026-10-01', ''],
    ['Chicago, the 25-hour DST day, 5-minute points', 'us-austin-ci', 'day', '2026-11-01', 'step=5m'],
    ['Chicago, a month', 'us-austin-ci', 'month', '2026-10-15', ''],
    ['Chicago, the year', 'us-austin-ci', 'year', '2026-06-01', ''],
  ])('%s', async (_what, plant, period, date, extra) => {
    const devices = inverters[plant]!;
    const r = await report(
      `deviceIds=${devices.join(',')}&indices=${ENERGY_INDICES.join(',')}&period=${period}&date=${date}&${extra}`,
    );
    const trend = await plantTrend(plant, period, date);
    expect(r.labels).toEqual(trend.labels);
    const mine = devicesSummed(r, devices);
    const energy = mine.reduce((n, s) => n + s.valuesKwh.reduce((a, v) => a + v, 0), 0);
    expect(energy, 'the period holds energy').toBeGreaterThan(1);
    for (const { quantity, valuesKwh } of mine) {
      const theirs = trend.series.find((t) => t.quantity === quantity)!.valuesKwh;
      if (devices.length === 1) expect(valuesKwh, quantity).toEqual(theirs);
      // Two inverters: each column is rounded to Wh on its own, so their sum may differ from the plant's by 1 Wh.
      else
        valuesKwh.forEach((v, i) =>
          expect(Math.abs(v - theirs[i]!), `${quantity} ${r.labels[i]}`).toBeLessThan(0.0015),
        );
    }
    // A single device's total is the sum of its slots, as the table shows it.
    for (const c of r.columns) {
      const sum = c.values.reduce<number>((a, v) => a + (v ?? 0), 0);
      expect(c.total).toBeCloseTo(sum, 6);
    }
  });

  it('labels the DST day by the local clock with the offset change in the header', async () => {
    const r = await report(
      `deviceIds=${inverters['cz-praha-home']![0]}&indices=pvPowerW,batSocPct&period=day&date=2026-10-25`,
    );
    expect(r.labels).toHaveLength(24);
    expect(r.devices[0]).toMatchObject({ timeZone: 'Europe/Prague', utcOffset: 'UTC+2 → UTC+1' });
    // The repeated hour 02:00 holds readings of both passes; measurements are averages, never totals.
    expect(r.columns.every((c) => !c.summed && c.total === null)).toBe(true);
    expect(r.columns.find((c) => c.index === 'batSocPct')!.values.filter((v) => v !== null)).toHaveLength(24);
  });

  it('refuses a measurement over a month with a localised message, and devices outside the scope', async () => {
    const id = inverters['cz-praha-home']![0];
    const res = await api(s.app, 'GET', `/api/reports/data?deviceIds=${id}&indices=batSocPct&period=month`, {
      token,
      lang: 'cs',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Ukazatel batSocPct lze zobrazit jen pro jeden den');
    const missing = await api(s.app, 'GET', `/api/reports/data?deviceIds=999999&indices=pvPowerW`, { token });
    expect(missing.status).toBe(404);
  });
});

const download = (id: number, who: string) =>
  s.app.inject({ method: 'GET', url: `/api/report-exports/${id}/file`, headers: { token: who } });
const job = async (id: number, who: string) =>
  api<ReportExportJob>(s.app, 'GET', `/api/report-exports/${id}`, { token: who });

describe('report export', () => {
  const query = () => ({
    deviceIds: inverters['us-austin-ci'],
    indices: ['pvEnergyTodayKwh', 'gridImportTodayKwh', 'pvPowerW'],
    period: 'month',
    date: '2026-10-01',
  });

  it('reads back from XLSX exactly as the table shows it, with plant-local times and the UTC offset', async () => {
    const created = await api<ReportExportJob>(s.app, 'POST', '/api/report-exports', {
      token,
      body: { query: query(), format: 'xlsx' },
    });
    expect(created.status, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ state: 'queued', progressPct: 0, format: 'xlsx' });
    expect(await runExportRound(s.db)).toBe(1);
    const file = await download(created.body.data.id, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = await firstSheetOf(file.rawPayload);
    const read: (string | number)[][] = [];
    // Empty cells (slots without data) are not stored: read every column of every row.
    const width = sheet.columnCount;
    sheet.eachRow((row) =>
      read.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value as string | number | null) ?? '')),
    );
    const table = await report(
      `deviceIds=${query().deviceIds!.join(',')}&indices=${query().indices.join(',')}&period=month&date=2026-10-01`,
    );
    expect(read).toEqual(reportRows(table, 'en'));
    expect(read[0]![0]).toBe('Time (America/Chicago UTC-5)');
    expect(read[1]![0]).toBe('2026-10-01');
    expect(read.at(-1)![0]).toBe('Total');
    expect(read).toHaveLength(1 + 31 + 1);
  });

  it('runs as a job: queued, progress, done, found again after a reload, the owner alone downloads', async () => {
    const created = await api<ReportExportJob>(s.app, 'POST', '/api/report-exports', {
      token,
      body: { query: { ...query(), period: 'day', date: '2026-11-01', step: '5m' }, format: 'csv' },
      lang: 'de',
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    // Not ready yet: no file, and the list (what the page reads after a reload) shows it waiting.
    expect((await download(id, token)).statusCode).toBe(409);
    expect((await api<ReportExportJob[]>(s.app, 'GET', '/api/report-exports', { token })).body.data[0]).toMatchObject({
      id,
      state: 'queued',
    });
    // Progress is stored as the worker goes, device by device, before the file is done.
    const progress: number[] = [];
    const watched: Queryable = {
      query: (sql, params) => {
        if (sql.includes('SET progress_pct = $2')) progress.push(Number(params?.[1]));
        return s.db.query(sql, params);
      },
    };
    expect(await runExportRound(watched)).toBe(1);
    expect(progress).toEqual([50, 99]);
    const done = (await job(id, token)).body.data;
    expect(done).toMatchObject({ state: 'done', progressPct: 100, format: 'csv' });
    expect(Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)).toBe(24 * 3_600_000);
    const csv = await download(id, token);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // German headings (the language of the request), the local clock of the 25-hour day with its offset change.
    expect(lines[0]).toMatch(/^Zeit \(America\/Chicago UTC-5 → UTC-6\),/);
    expect(lines).toHaveLength(1 + 288 + 1);
    expect(lines.at(-1)).toMatch(/^Summe,/);
    // Another user with the same permission: the job and its file do not exist for them.
    expect((await job(id, otherToken)).status).toBe(404);
    expect((await download(id, otherToken)).statusCode).toBe(404);
    expect(
      (await api<ReportExportJob[]>(s.app, 'GET', '/api/report-exports', { token: otherToken })).body.data,
    ).toEqual([]);
  });

  it('deletes expired files', async () => {
    await s.db.query(`UPDATE report_exports SET expires_at = now() - interval '1 second' WHERE owner_id = $1`, [
      await adminId(s.db),
    ]);
    await runExportRound(s.db);
    expect((await s.db.query(`SELECT id FROM report_exports`)).rows).toEqual([]);
  });

  it('marks an export failed when its device left the owner scope', async () => {
    const created = await api<ReportExportJob>(s.app, 'POST', '/api/report-exports', {
      token: otherToken,
      body: {
        query: { deviceIds: [otherDevice], indices: ['pvPowerW'], period: 'day', date: '2026-10-25' },
        format: 'xlsx',
      },
    });
    expect(created.status, created.body.msg).toBe(200);
    await s.db.query(`UPDATE devices SET owner_id = $1, plant_id = NULL WHERE id = $2`, [
      await adminId(s.db),
      otherDevice,
    ]);
    await runExportRound(s.db);
    const failed = (await job(created.body.data.id, otherToken)).body.data;
    expect(failed).toMatchObject({ state: 'failed', error: 'Cannot find a selected device' });
    expect((await download(created.body.data.id, otherToken)).statusCode).toBe(409);
  });
});
