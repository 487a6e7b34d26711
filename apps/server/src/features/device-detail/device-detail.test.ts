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
import type { SqlParam } from '../../db/db.js';
import { Ingest } from '../telemetry/ingest.js';
import { recordIdentityConflict } from '../devices/device-writes.repository.js';

let s: TestServer;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const readingAt = Date.now() - 30_000;

// dealerA: inverter VFDETA0001 in plant "Prague roof" with every attribute set and one reading (power, battery and
// gate meter values); collector VFDETA0002 in no plant, nothing reported. dealerB: VFDETB0001.
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const a = await makeUser(s.db, { username: 'detDealerA', roleId: dealer, superiorId: root });
  const b = await makeUser(s.db, { username: 'detDealerB', roleId: dealer, superiorId: root });
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ('<b>Prague roof</b>', 1, 10, 14.4, 50.1, 'Europe/Prague', $1) RETURNING id`,
    [a.id],
  );
  const insert = async (sn: string, ownerId: number, plantId: number | null, extra: string, values: SqlParam[]) => {
    const res = await s.db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id${extra}) VALUES ($1, $2, $3, $4, $5${values
        .map((_, i) => `, $${i + 6}`)
        .join('')}) RETURNING id`,
      [
        sn,
        sn.endsWith('2') ? 'collector' : 'inverter',
        sn.endsWith('2') ? 'DTU4G' : '10K',
        ownerId,
        plantId,
        ...values,
      ],
    );
    ids[sn] = res.rows[0]!.id;
  };
  await insert(
    'VFDETA0001',
    a.id,
    rows[0]!.id,
    `, battery_model, installation_position, dsp_version, pcu_version, grid_code, battery_protocol, meter_protocol,
       template, activated_at, imported_at`,
    ['VF-LFP-10', 'Garage wall', 'V201A00D00', '4.0.1', 12, 2, 1, 'Home', new Date(), new Date('2026-01-02T03:04:05Z')],
  );
  await insert('VFDETA0002', a.id, null, '', []);
  await insert('VFDETB0001', b.id, null, '', []);
  await new Ingest(s.db).submit(
    { id: ids.VFDETA0001!, sn: 'VFDETA0001' },
    {
      sn: 'VFDETA0001',
      ts: readingAt,
      values: { pvPowerW: 2345, gridVoltageAV: 231.26, batSocPct: 55.3, gmeterChargeTodayKwh: 1.234 },
    },
  );
  tokens.a = await loginToken(s.app, 'detDealerA', 'Passw0rd-1');
  tokens.b = await loginToken(s.app, 'detDealerB', 'Passw0rd-1');
});
afterAll(() => s.close());

describe('GET /api/devices/:id/detail', () => {
  it('gives every R3.3 device field', async () => {
    const res = await api<DeviceDetail>(s.app, 'GET', `/api/devices/${ids.VFDETA0001}/detail`, { token: tokens.a });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      sn: 'VFDETA0001',
      kind: 'inverter',
      modelType: '10K',
      batteryModelType: 'VF-LFP-10',
      installationPosition: 'Garage wall',
      plantName: '<b>Prague roof</b>',
      plantTimeZone: 'Europe/Prague',
      dspVersion: 'V201A00D00',
      pcuVersion: '4.0.1',
      gridCode: 12,
      batteryProtocol: 2,
      meterProtocol: 1,
      activation: 'activated',
      importTime: '2026-01-02T03:04:05.000Z',
      runningStatus: 'online',
      template: 'Home',
      // Never confirmed by the device (the read-back of a parameter command: confirmed-settings.test.ts).
      gridConnectionLimitW: null,
      socLowerLimitPct: null,
    });
  });

  it('gives null for what was never reported, never an invented value', async () => {
    const res = await api<DeviceDetail>(s.app, 'GET', `/api/devices/${ids.VFDETA0002}/detail`, { token: tokens.a });
    expect(res.body.data).toMatchObject({
      kind: 'collector',
      batteryModelType: null,
      installationPosition: null,
      plantId: null,
      plantTimeZone: null,
      dspVersion: null,
      pcuVersion: null,
      gridCode: null,
      batteryProtocol: null,
      meterProtocol: null,
      activation: 'awaiting',
      activatedAt: null,
      runningStatus: 'offline',
      lastSeenAt: null,
      template: null,
      gridConnectionLimitW: null,
      socLowerLimitPct: null,
      identityConflict: null,
    });
  });

  it('shows the OSIM identity conflicts the gateway recorded', async () => {
    await recordIdentityConflict(s.db, ids.VFDETA0001!, '203.0.113.9');
    await recordIdentityConflict(s.db, ids.VFDETA0001!, '203.0.113.10');
    const res = await api<DeviceDetail>(s.app, 'GET', `/api/devices/${ids.VFDETA0001}/detail`, { token: tokens.a });
    expect(res.body.data.identityConflict).toEqual({
      count: 2,
      lastAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      remote: '203.0.113.10',
    });
  });
});

describe('GET /api/devices/:id/realtime', () => {
  it('groups the newest reading: the five core groups always, others only when reported', async () => {
    const res = await api<DeviceRealtime>(s.app, 'GET', `/api/devices/${ids.VFDETA0001}/realtime`, {
      token: tokens.a,
    });
    expect(res.status).toBe(200);
    const { ts, plantTimeZone, groups } = res.body.data;
    expect([ts, plantTimeZone]).toEqual([new Date(readingAt).toISOString(), 'Europe/Prague']);
    expect(groups.map((g) => g.group)).toEqual(['pv', 'grid', 'load', 'bms', 'pcs', 'gmeter']);
    const value = (key: string) => groups.flatMap((g) => g.values).find((v) => v.key === key);
    expect(value('pvPowerW')).toEqual({ key: 'pvPowerW', unit: 'W', decimals: 0, value: 2345 });
    expect(value('gridVoltageAV')).toEqual({ key: 'gridVoltageAV', unit: 'V', decimals: 1, value: 231.3 });
    expect(value('batSocPct')?.value).toBe(55);
    expect(value('gmeterChargeTodayKwh')).toMatchObject({ unit: 'kWh', value: 1.23 });
    expect(value('loadPowerW')).toMatchObject({ unit: 'W', value: null });
  });

  it('shows the core groups empty for a device that never reported', async () => {
    const res = await api<DeviceRealtime>(s.app, 'GET', `/api/devices/${ids.VFDETA0002}/realtime`, {
      token: tokens.a,
    });
    expect(res.body.data.ts).toBeNull();
    expect(res.body.data.groups.map((g) => g.group)).toEqual(['pv', 'grid', 'load', 'bms', 'pcs']);
    expect(res.body.data.groups.every((g) => g.values.every((v) => v.value === null))).toBe(true);
  });
});

describe('scope', () => {
  it.each(['detail', 'realtime', 'history?fields=pvPowerW'])(
    'answers a device of another branch on /%s exactly like a missing one',
    async (path) => {
      const foreign = await api(s.app, 'GET', `/api/devices/${ids.VFDETB0001}/${path}`, { token: tokens.a });
      const missing = await api(s.app, 'GET', `/api/devices/2000000000/${path}`, { token: tokens.a });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const own = await api(s.app, 'GET', `/api/devices/${ids.VFDETB0001}/${path}`, { token: tokens.b });
      expect(own.status).toBe(200);
    },
  );
});
