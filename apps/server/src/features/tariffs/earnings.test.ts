import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@voltfleet/domain/time';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { earningsByDay, earningsDetailByDay } from './earnings.service.js';
import { upsertTariffVersion, type PeriodMinutes } from './tariffs.repository.js';
import { storeTariffVersion } from './tariffs.service.js';

let db: Db;
let owner: number;

async function plant(name: string, timeZone: string, currency: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, currency, owner_id)
     VALUES ($1, 1, 10, 0, 0, $2, $3, $4) RETURNING id`,
    [name, timeZone, currency, owner],
  );
  return rows[0]!.id;
}

/** Energy in one 5-minute bucket (UTC start), added to the plant's 5-minute and local-day rollups like the ingest. */
async function energy(plantId: number, bucketUtc: string, e: { load: number; imp?: number; exp?: number }) {
  const tz = (await db.query<{ tz: string }>('SELECT time_zone AS tz FROM plants WHERE id = $1', [plantId])).rows[0]!
    .tz;
  const day = localDay(Date.parse(bucketUtc), tz);
  const values = [plantId, e.load, e.imp ?? 0, e.exp ?? 0];
  await db.query(
    `INSERT INTO plant_energy_5m (plant_id, bucket, load_kwh, grid_import_kwh, grid_export_kwh)
     VALUES ($1, $5::timestamptz, $2, $3, $4)`,
    [...values, bucketUtc],
  );
  await db.query(
    `INSERT INTO plant_energy_day (plant_id, day, load_kwh, grid_import_kwh, grid_export_kwh)
     VALUES ($1, $5::date, $2, $3, $4)
     ON CONFLICT (plant_id, day) DO UPDATE SET load_kwh = plant_energy_day.load_kwh + EXCLUDED.load_kwh,
       grid_import_kwh = plant_energy_day.grid_import_kwh + EXCLUDED.grid_import_kwh,
       grid_export_kwh = plant_energy_day.grid_export_kwh + EXCLUDED.grid_export_kwh`,
    [...values, day],
  );
}

const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const period = (type: 1 | 2 | 3 | 4, start: string, end: string, price: number): PeriodMinutes => ({
  type,
  startMinute: m(start),
  endMinute: m(end),
  price,
});
/** A valley from 22:00 to 06:00 expressed by the day-plan rules as 00:00–05:59 + 22:00–23:59, flat in between. */
const VALLEY_ACROSS_MIDNIGHT = [
  period(4, '00:00', '05:59', 0.2),
  period(3, '06:00', '21:59', 1),
  period(4, '22:00', '23:59', 0.2),
];

const tariff = (plantId: number, effectiveFrom: string, periods: PeriodMinutes[], currency = 'CNY') =>
  upsertTariffVersion(db, { plantId, effectiveFrom, currency, userId: owner, periods });

const byDay = async (plantId: number, from: string, to: string) =>
  Object.fromEntries((await earningsDetailByDay(db, [plantId], from, to)).map((r) => [r.day, r]));

beforeAll(async () => {
  db = await openTestDb();
  owner = await adminId(db);
});
afterAll(async () => db.close());

describe('earnings across periods that span local midnight', () => {
  it('classifies buckets by the wall-clock time of their start in UTC+8', async () => {
    const id = await plant('Shanghai_Roof', 'Asia/Shanghai', 'CNY');
    await tariff(id, '2025-01-01', VALLEY_ACROSS_MIDNIGHT);
    await energy(id, '2025-01-14T16:00:00Z', { load: 1 }); // 15th 00:00 local: valley
    await energy(id, '2025-01-15T04:00:00Z', { load: 3, imp: 1 }); // 12:00: flat, net 2 kWh
    await energy(id, '2025-01-15T15:55:00Z', { load: 1, exp: 1 }); // 23:55: valley, net 2 kWh
    await energy(id, '2025-01-15T16:00:00Z', { load: 1 }); // 16th 00:00 local: next day, valley
    await energy(id, '2025-01-15T22:00:00Z', { load: 1 }); // 16th 06:00 local: flat

    const days = await byDay(id, '2025-01-14', '2025-01-16');
    expect(Object.keys(days)).toEqual(['2025-01-15', '2025-01-16']);
    expect(days['2025-01-15']).toMatchObject({ valleyKwh: 3, flatKwh: 2, sharpKwh: 0, peakKwh: 0, noTariff: false });
    expect(days['2025-01-15']!.amount).toBeCloseTo(3 * 0.2 + 2 * 1, 9);
    expect(days['2025-01-16']!.amount).toBeCloseTo(0.2 + 1, 9);
    expect(days['2025-01-16']!.currency).toBe('CNY');
  });

  it('classifies buckets by local time in UTC-5, and on the 23-hour DST day', async () => {
    const id = await plant('NewYork_Roof', 'America/New_York', 'USD');
    await tariff(id, '2025-01-01', VALLEY_ACROSS_MIDNIGHT, 'USD');
    await energy(id, '2025-01-15T03:00:00Z', { load: 1 }); // 14th 22:00 EST: valley of the 14th
    await energy(id, '2025-01-15T05:00:00Z', { load: 1 }); // 15th 00:00: valley
    await energy(id, '2025-01-15T17:00:00Z', { load: 1 }); // 12:00: flat
    await energy(id, '2025-01-16T04:55:00Z', { load: 1 }); // 15th 23:55: valley
    // 2025-03-09: clocks go from 02:00 EST to 03:00 EDT, the local day has 23 hours.
    await energy(id, '2025-03-09T06:55:00Z', { load: 1 }); // 01:55 EST: valley
    await energy(id, '2025-03-09T10:55:00Z', { load: 1 }); // 06:55 EDT (05:55 had it been EST): flat
    await energy(id, '2025-03-10T03:55:00Z', { load: 1 }); // 23:55 EDT: valley, still the 9th

    const days = await byDay(id, '2025-01-14', '2025-03-10');
    expect(Object.keys(days)).toEqual(['2025-01-14', '2025-01-15', '2025-03-09']);
    expect(days['2025-01-14']).toMatchObject({ valleyKwh: 1, flatKwh: 0 });
    expect(days['2025-01-15']).toMatchObject({ valleyKwh: 2, flatKwh: 1 });
    expect(days['2025-01-15']!.amount).toBeCloseTo(2 * 0.2 + 1, 9);
    expect(days['2025-03-09']).toMatchObject({ valleyKwh: 2, flatKwh: 1 });
    expect(days['2025-03-09']!.currency).toBe('USD');
  });
});

describe('earnings across a tariff change', () => {
  it('keeps the old days at the old price and prices the new days at the new one', async () => {
    const id = await plant('Change_Roof', 'Europe/Prague', 'CZK');
    await tariff(id, '2025-02-01', [period(3, '00:00', '23:59', 2)], 'CZK');
    await energy(id, '2025-02-10T10:00:00Z', { load: 5 });
    await energy(id, '2025-02-11T10:00:00Z', { load: 5 });
    const before = await earningsByDay(db, [id], '2025-02-10', '2025-02-11');
    expect(before).toEqual([
      { plantId: id, day: '2025-02-10', amount: 10, currency: 'CZK' },
      { plantId: id, day: '2025-02-11', amount: 10, currency: 'CZK' },
    ]);

    // A new version from the 11th, stored the way the route stores it (which also drops the cache from then on).
    await storeTariffVersion(db, {
      plantId: id,
      effectiveFrom: '2025-02-11',
      currency: 'CZK',
      userId: owner,
      periods: [period(2, '00:00', '23:59', 3)],
    });
    const after = await earningsByDay(db, [id], '2025-02-10', '2025-02-11');
    expect(after).toEqual([
      { plantId: id, day: '2025-02-10', amount: 10, currency: 'CZK' },
      { plantId: id, day: '2025-02-11', amount: 15, currency: 'CZK' },
    ]);
  });

  it('says when no tariff was in effect instead of inventing a price', async () => {
    const id = await plant('NoTariff_Roof', 'Europe/Prague', 'EUR');
    await tariff(id, '2025-03-02', [period(3, '00:00', '23:59', 0.3)], 'EUR');
    await energy(id, '2025-03-01T10:00:00Z', { load: 4 });
    await energy(id, '2025-03-02T10:00:00Z', { load: 4 });
    expect(await earningsByDay(db, [id], '2025-03-01', '2025-03-02')).toEqual([
      { plantId: id, day: '2025-03-01', amount: 0, currency: 'EUR', noTariff: true },
      { plantId: id, day: '2025-03-02', amount: expect.closeTo(1.2, 9) as unknown, currency: 'EUR' },
    ]);
  });
});

describe('keeping the cache current', () => {
  it('recomputes a day when new or late readings arrive', async () => {
    const id = await plant('Live_Roof', 'Europe/Prague', 'EUR');
    await tariff(id, '2025-04-01', [period(3, '00:00', '23:59', 0.5)], 'EUR');
    await energy(id, '2025-04-02T08:00:00Z', { load: 2 });
    expect((await earningsByDay(db, [id], '2025-04-02', '2025-04-02'))[0]!.amount).toBe(1);
    await energy(id, '2025-04-02T09:00:00Z', { load: 4 });
    await energy(id, '2025-04-02T07:00:00Z', { load: 0, exp: 2 });
    expect((await earningsByDay(db, [id], '2025-04-02', '2025-04-02'))[0]!.amount).toBe(4);
  });

  it("uses a script's own earnings where it computes them, the tariff elsewhere", async () => {
    const id = await plant('Script_Roof', 'UTC', 'EUR');
    await tariff(id, '2025-05-01', [period(3, '00:00', '23:59', 0.5)], 'EUR');
    await energy(id, '2025-05-02T08:00:00Z', { load: 100 }); // the default sum, hidden while the script is active
    await db.query('UPDATE plants SET script_active = true WHERE id = $1', [id]);
    await db.query(
      `INSERT INTO plant_script_energy_5m (plant_id, bucket, load_kwh, earnings)
       VALUES ($1, '2025-05-02T08:00:00Z', 2, 7.5), ($1, '2025-05-02T09:00:00Z', 2, NULL)`,
      [id],
    );
    await db.query(
      `INSERT INTO plant_script_energy_day (plant_id, day, load_kwh, earnings) VALUES ($1, '2025-05-02', 4, 7.5)`,
      [id],
    );
    expect(await earningsByDay(db, [id], '2025-05-02', '2025-05-02')).toEqual([
      { plantId: id, day: '2025-05-02', amount: 7.5 + 1, currency: 'EUR' },
    ]);
    await db.query('UPDATE plants SET script_active = false WHERE id = $1', [id]);
    expect((await earningsByDay(db, [id], '2025-05-02', '2025-05-02'))[0]!.amount).toBe(50);
  });

  it('answers nothing for no plants or an empty range', async () => {
    expect(await earningsByDay(db, [], '2025-01-01', '2025-12-31')).toEqual([]);
    expect(await earningsByDay(db, [1], '2025-02-01', '2025-01-01')).toEqual([]);
  });
});
