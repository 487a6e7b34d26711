import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail, DeviceRealtime } from '@voltfleet/domain/telemetry';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { addPlant } from '../../test/plant-figures-fixture.js';
import { Ingest } from '../telemetry/ingest.js';

// Batteries and collectors have no link of their own (issue 36): a battery's values are its inverter's BMS fields, a
// collector knows what the devices behind it report. Dealer A:
//   plant "Roof" (Prague): LKCOL01 collector ← LKINV01 inverter (heard, full BMS reading) ← LKBAT01 battery;
//                          LKBAT02 battery without a link (its plant's inverter with a battery is LKINV01)
//   plant "Barn" (Prague): LKINV02 inverter (heard, a reading without battery values) ← LKBAT03 battery;
//                          LKINV03 inverter (silent for an hour, never reported) ← LKBAT04 battery
//   in no plant:           LKCOL02 collector, nothing behind it, never heard
// Dealer B: LKINVB1 inverter reporting through dealer A's LKCOL01 (never shown to A).
let s: TestServer;
const ids: Record<string, number> = {};
const tokens = { a: '', b: '' };
const readingAt = Date.now() - 30_000;
/** When LKINV01 was last heard: the ingest of its reading marks it seen (read back after it). */
let inverterSeenAt: Date;
const bms = {
  batVoltageV: 51.24,
  batCurrentA: -29.3,
  batPowerW: -1500,
  batSocPct: 63.4,
  batSohPct: 98,
  batTempC: 24.46,
  batCellVoltageMaxV: 3.2151,
  batCellVoltageMaxNo: 7,
  batCellVoltageMinV: 3.1982,
  batCellVoltageMinNo: 12,
  batCellTempMaxC: 26,
  batCellTempMinC: 23.3,
};

async function device(
  sn: string,
  kind: 'inverter' | 'battery' | 'collector',
  owner: number,
  plantId: number | null,
  via: string | null,
  lastSeen: Date | null,
) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id, reports_via, last_seen_at, activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
    [sn, kind, kind === 'collector' ? 'DTU4G' : '10K', owner, plantId, via ? ids[via]! : null, lastSeen],
  );
  ids[sn] = rows[0]!.id;
}

/** A reading through the real ingest, as a link stores it. */
async function reading(sn: string, ts: number, values: Record<string, number>) {
  const ingest = new Ingest(s.db, { maxBatch: 10 });
  await ingest.submit({ id: ids[sn]!, sn }, { sn, ts, values });
  await ingest.flush();
}

const detail = async (sn: string, token = tokens.a) =>
  (await api<DeviceDetail>(s.app, 'GET', `/api/devices/${ids[sn]}/detail`, { token })).body.data;
const realtime = async (sn: string) =>
  (await api<DeviceRealtime>(s.app, 'GET', `/api/devices/${ids[sn]}/realtime`, { token: tokens.a })).body.data;
const link = (sn: string, kind: 'inverter' | 'battery' | 'collector') => ({ id: ids[sn], sn, kind });

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'linkDealerA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'linkDealerB', roleId: dealer, superiorId: root });
  const roof = await addPlant(s.db, { name: 'Roof', ownerId: a.id, timeZone: 'Europe/Prague' });
  const barn = await addPlant(s.db, { name: 'Barn', ownerId: a.id, timeZone: 'Europe/Prague' });
  await device('LKCOL01', 'collector', a.id, roof, null, null);
  await device('LKINV01', 'inverter', a.id, roof, 'LKCOL01', null);
  await device('LKBAT01', 'battery', a.id, roof, 'LKINV01', null);
  await device('LKBAT02', 'battery', a.id, roof, null, null);
  await device('LKINV02', 'inverter', a.id, barn, null, null);
  await device('LKBAT03', 'battery', a.id, barn, 'LKINV02', null);
  await device('LKINV03', 'inverter', a.id, barn, null, new Date(Date.now() - 3_600_000));
  await device('LKBAT04', 'battery', a.id, barn, 'LKINV03', null);
  await device('LKCOL02', 'collector', a.id, null, null, null);
  await device('LKINVB1', 'inverter', b.id, null, 'LKCOL01', null);
  await reading('LKINV01', readingAt, { pvPowerW: 2100, ...bms });
  await reading('LKINV02', readingAt, { pvPowerW: 900, gridPowerW: -300 });
  const seen = await s.db.query<{ last_seen_at: Date }>(`SELECT last_seen_at FROM devices WHERE sn = 'LKINV01'`);
  inverterSeenAt = seen.rows[0]!.last_seen_at;
  // B's inverter behind A's collector was heard after A's: A's page must still not take its contact.
  await s.db.query(`UPDATE devices SET last_seen_at = now() + interval '1 second' WHERE sn = 'LKINVB1'`);
  tokens.a = await loginToken(s.app, 'linkDealerA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'linkDealerB', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('a battery, through the inverter it reports via', () => {
  it('is online via that inverter, last seen at its newest reading', async () => {
    expect(await detail('LKBAT01')).toMatchObject({
      runningStatus: 'online',
      lastSeenAt: null,
      onlineRule: 'reportsVia',
      onlineVia: link('LKINV01', 'inverter'),
      lastContact: { at: new Date(readingAt).toISOString(), via: link('LKINV01', 'inverter') },
      behind: [],
    });
  });

  it("shows the BMS fields of the inverter's newest reading, rounded, and null for what it did not carry", async () => {
    const data = await realtime('LKBAT01');
    expect(data.source).toEqual(link('LKINV01', 'inverter'));
    expect([data.ts, data.plantTimeZone]).toEqual([new Date(readingAt).toISOString(), 'Europe/Prague']);
    expect(data.groups.map((g) => g.group)).toEqual(['bms']);
    const values = Object.fromEntries(data.groups[0]!.values.map((v) => [v.key, v.value]));
    expect(values).toMatchObject({
      batVoltageV: 51.2,
      batCurrentA: -29.3,
      batPowerW: -1500,
      batSocPct: 63,
      batSohPct: 98,
      batTempC: 24.5,
      batCellVoltageMaxV: 3.215,
      batCellVoltageMaxNo: 7,
      batCellVoltageMinV: 3.198,
      batCellVoltageMinNo: 12,
      batCellTempMaxC: 26,
      batCellTempMinC: 23.3,
      batCycleCount: null,
      batInsulationPosKohm: null,
    });
  });

  it("without a link, reads its plant's inverter that has a battery", async () => {
    expect(await detail('LKBAT02')).toMatchObject({
      runningStatus: 'online',
      onlineRule: 'plant',
      onlineVia: link('LKINV01', 'inverter'),
      lastContact: { at: new Date(readingAt).toISOString(), via: link('LKINV01', 'inverter') },
    });
    const data = await realtime('LKBAT02');
    expect(data.source).toEqual(link('LKINV01', 'inverter'));
    expect(data.groups[0]!.values.find((v) => v.key === 'batSocPct')?.value).toBe(63);
  });

  it('says whose reading carries no battery values: the source and time are given, every value null', async () => {
    const data = await realtime('LKBAT03');
    expect(data.source).toEqual(link('LKINV02', 'inverter'));
    expect(data.ts).toBe(new Date(readingAt).toISOString());
    expect(data.groups.map((g) => g.group)).toEqual(['bms']);
    expect(data.groups[0]!.values.every((v) => v.value === null)).toBe(true);
  });

  it('is offline with its silent inverter, which never reported: no link named, no time invented', async () => {
    expect(await detail('LKBAT04')).toMatchObject({
      runningStatus: 'offline',
      onlineRule: 'reportsVia',
      onlineVia: null,
      lastContact: null,
    });
    const data = await realtime('LKBAT04');
    expect([data.source, data.ts]).toEqual([link('LKINV03', 'inverter'), null]);
  });
});

describe('a collector', () => {
  it('is online via the device behind it, last contacted when that device was, and lists what is in scope', async () => {
    expect(await detail('LKCOL01')).toMatchObject({
      runningStatus: 'online',
      lastSeenAt: null,
      onlineRule: 'behind',
      onlineVia: link('LKINV01', 'inverter'),
      lastContact: { at: inverterSeenAt.toISOString(), via: link('LKINV01', 'inverter') },
      behind: [
        {
          ...link('LKINV01', 'inverter'),
          model: '10K',
          runningStatus: 'online',
          lastSeenAt: inverterSeenAt.toISOString(),
        },
      ],
    });
  });

  it('with nothing behind it and no plant is offline, with nothing invented', async () => {
    expect(await detail('LKCOL02')).toMatchObject({
      runningStatus: 'offline',
      onlineRule: 'plant',
      onlineVia: null,
      lastContact: null,
      behind: [],
    });
  });

  it("an inverter is online by itself, and lists the battery behind it; its realtime is its own reading's", async () => {
    expect(await detail('LKINV01')).toMatchObject({
      onlineRule: 'own',
      onlineVia: null,
      lastContact: { at: inverterSeenAt.toISOString(), via: null },
      behind: [{ ...link('LKBAT01', 'battery'), runningStatus: 'online', lastSeenAt: null }],
    });
    const data = await realtime('LKINV01');
    expect(data.source).toBeNull();
    expect(data.groups.map((g) => g.group)).toContain('pv');
  });
});

describe('scope', () => {
  it("names no device of another branch: B's inverter behind A's collector is not A's to see", async () => {
    const mine = await detail('LKCOL01');
    expect(mine.behind.map((d) => d.sn)).toEqual(['LKINV01']);
    const foreign = await api(s.app, 'GET', `/api/devices/${ids.LKCOL01}/detail`, { token: tokens.b });
    expect(foreign.status).toBe(404);
  });
});
