import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { severityRank, type AlarmSeverity } from '@voltfleet/domain/alarms';
import { type DeviceKind, type RunningStatus } from '@voltfleet/domain/devices';
import { type PlantStatus } from '@voltfleet/domain/plants';
import type { Db } from '../../db/db.js';
import { adminId, openTestDb } from '../../test/harness.js';
import { runningStatusIsSql, runningStatusSql } from './device-status.js';
import { allDeviceStatuses, allPlantStatuses } from './devices.repository.js';
import { watchStatuses } from './status-watcher.js';

// The status rule of device-status.ts, case by case: each case is a plant of its own with the devices it lists.

const OFFLINE_SECONDS = 300;

interface DeviceSpec {
  kind: DeviceKind;
  /** Seconds since the device itself was last heard from; null: never. */
  seen: number | null;
  /** The device (of this case) whose link carries its data. */
  via?: string;
  /** Installed in no plant. */
  noPlant?: boolean;
  alarms?: { severity: AlarmSeverity; state?: 'active' | 'recovered' }[];
}

interface Case {
  devices: Record<string, DeviceSpec>;
  expected: Record<string, RunningStatus>;
  plant: PlantStatus;
}

const inverter = (seen: number | null, extra: Partial<DeviceSpec> = {}): DeviceSpec => ({
  kind: 'inverter',
  seen,
  ...extra,
});
const battery = (extra: Partial<DeviceSpec> = {}): DeviceSpec => ({ kind: 'battery', seen: null, ...extra });
const collector = (extra: Partial<DeviceSpec> = {}): DeviceSpec => ({ kind: 'collector', seen: null, ...extra });
const active = (severity: AlarmSeverity) => ({ severity });
const recovered = (severity: AlarmSeverity) => ({ severity, state: 'recovered' as const });

const CASES: Record<string, Case> = {
  'an inverter heard within the threshold is online': {
    devices: { INV: inverter(10) },
    expected: { INV: 'online' },
    plant: 'normal',
  },
  'an inverter silent beyond the threshold, or never heard, is offline': {
    devices: { OLD: inverter(OFFLINE_SECONDS + 60), NEVER: inverter(null) },
    expected: { OLD: 'offline', NEVER: 'offline' },
    plant: 'offline',
  },
  'a battery follows its inverter, not the plant': {
    devices: {
      UP: inverter(10),
      DOWN: inverter(900),
      BUP: battery({ via: 'UP' }),
      BDOWN: battery({ via: 'DOWN' }),
    },
    expected: { UP: 'online', DOWN: 'offline', BUP: 'online', BDOWN: 'offline' },
    plant: 'normal',
  },
  'a collector is online while any inverter reporting through it is': {
    devices: {
      COL: collector(),
      A: inverter(900, { via: 'COL' }),
      B: inverter(20, { via: 'COL' }),
    },
    expected: { COL: 'online', A: 'offline', B: 'online' },
    plant: 'normal',
  },
  'a collector whose inverters are all silent is offline, though another inverter of the plant reports': {
    devices: {
      COL: collector(),
      A: inverter(900, { via: 'COL' }),
      OTHER: inverter(5),
    },
    expected: { COL: 'offline', A: 'offline', OTHER: 'online' },
    plant: 'normal',
  },
  'a battery and a collector without links take the plant’s inverters': {
    devices: { INV: inverter(30), BAT: battery(), COL: collector() },
    expected: { INV: 'online', BAT: 'online', COL: 'online' },
    plant: 'normal',
  },
  'without links and with the plant’s inverters silent they are offline': {
    devices: { INV: inverter(OFFLINE_SECONDS + 1), BAT: battery(), COL: collector() },
    expected: { INV: 'offline', BAT: 'offline', COL: 'offline' },
    plant: 'offline',
  },
  'a battery in no plant and without a link is offline': {
    devices: { INV: inverter(5), LOOSE: battery({ noPlant: true }) },
    expected: { INV: 'online', LOOSE: 'offline' },
    plant: 'normal',
  },
  'a battery heard from itself is online even when its inverter is silent': {
    devices: { INV: inverter(900), BAT: battery({ via: 'INV', seen: 10 }) },
    expected: { INV: 'offline', BAT: 'online' },
    plant: 'offline',
  },
  'an active critical or major alarm puts an online device in alarm': {
    devices: {
      CRIT: inverter(5, { alarms: [active('critical')] }),
      MAJOR: inverter(5, { alarms: [active('major')] }),
    },
    expected: { CRIT: 'alarm', MAJOR: 'alarm' },
    plant: 'alarm',
  },
  'a minor or warning alarm does not': {
    devices: {
      MINOR: inverter(5, { alarms: [active('minor')] }),
      WARN: inverter(5, { alarms: [active('warning'), active('minor')] }),
    },
    expected: { MINOR: 'online', WARN: 'online' },
    plant: 'normal',
  },
  'a recovered alarm does not count': {
    devices: { INV: inverter(5, { alarms: [recovered('critical'), recovered('major')] }) },
    expected: { INV: 'online' },
    plant: 'normal',
  },
  'a battery is not in alarm because of its inverter’s grid fault, but its own alarm counts': {
    devices: {
      INV: inverter(5, { alarms: [active('critical')] }),
      BAT: battery({ via: 'INV' }),
      INV2: inverter(5),
      BAT2: battery({ via: 'INV2', alarms: [active('major')] }),
    },
    expected: { INV: 'alarm', BAT: 'online', INV2: 'online', BAT2: 'alarm' },
    plant: 'alarm',
  },
  'offline comes first: silent inverters with their no-data alarms leave the plant offline': {
    devices: {
      A: inverter(900, { alarms: [active('major')] }),
      B: inverter(null, { alarms: [active('critical')] }),
      BAT: battery({ via: 'A', alarms: [active('critical')] }),
    },
    expected: { A: 'offline', B: 'offline', BAT: 'offline' },
    plant: 'offline',
  },
  'one silent inverter’s no-data alarm puts a plant that still reports in alarm': {
    devices: { UP: inverter(5), DOWN: inverter(900, { alarms: [active('major')] }) },
    expected: { UP: 'online', DOWN: 'offline' },
    plant: 'alarm',
  },
  'a plant without inverters is offline, whatever its other devices say': {
    devices: { BAT: battery({ seen: 5 }), COL: collector({ seen: 5 }) },
    expected: { BAT: 'online', COL: 'online' },
    plant: 'offline',
  },
  'a plant without devices is offline': { devices: {}, expected: {}, plant: 'offline' },
};

let db: Db;
let owner: number;
const caseNames = Object.keys(CASES);
const plantOf = new Map<string, number>();
const deviceIds = new Map<string, number>();

/** The serial number of a case's device: unique across cases. */
const snOf = (caseIndex: number, name: string) => `ST${String(caseIndex).padStart(2, '0')}${name}`;

async function build(caseIndex: number, spec: Case): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.4, 50.1, 'Europe/Prague', $2) RETURNING id`,
    [`status case ${caseIndex}`, owner],
  );
  const plantId = rows[0]!.id;
  plantOf.set(caseNames[caseIndex]!, plantId);
  // Devices a link names go in first.
  const entries = Object.entries(spec.devices).sort(([, a], [, b]) => Number(!!a.via) - Number(!!b.via));
  for (const [name, d] of entries) {
    const sn = snOf(caseIndex, name);
    const { rows: inserted } = await db.query<{ id: number }>(
      `INSERT INTO devices (sn, kind, model, owner_id, plant_id, activated_at, reports_via, last_seen_at)
       VALUES ($1, $2, 'M', $3, $4, now(), $5,
               CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(secs => $6::int) END)
       RETURNING id`,
      [sn, d.kind, owner, d.noPlant ? null : plantId, d.via ? deviceIds.get(snOf(caseIndex, d.via))! : null, d.seen],
    );
    const id = inserted[0]!.id;
    deviceIds.set(sn, id);
    for (const [i, alarm] of (d.alarms ?? []).entries()) {
      await insertAlarm(id, d.noPlant ? null : plantId, `test.code${i}`, alarm.severity, alarm.state ?? 'active');
    }
  }
}

async function insertAlarm(
  deviceId: number,
  plantId: number | null,
  code: string,
  severity: AlarmSeverity,
  state: 'active' | 'recovered',
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO alarms (device_id, plant_id, code, group_name, severity, severity_rank, state, raised_at,
                         last_seen_at, recovered_at)
     VALUES ($1, $2, $3, 'grid', $4, $5, $6, now() - interval '10 minutes', now(),
             CASE WHEN $6 = 'recovered' THEN now() END)
     RETURNING id`,
    [deviceId, plantId, code, severity, severityRank(severity), state],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  db = await openTestDb();
  owner = await adminId(db);
  for (const [i, name] of caseNames.entries()) await build(i, CASES[name]!);
});
afterAll(() => db.close());

describe('the status rule (device-status.ts)', () => {
  it.each(caseNames)('%s', async (name) => {
    const caseIndex = caseNames.indexOf(name);
    const spec = CASES[name]!;
    const devices = await allDeviceStatuses(db, OFFLINE_SECONDS);
    const got = Object.fromEntries(
      Object.keys(spec.devices).map((device) => {
        const id = deviceIds.get(snOf(caseIndex, device))!;
        return [device, devices.find((d) => d.id === id)?.status];
      }),
    );
    expect(got).toEqual(spec.expected);
    const plants = await allPlantStatuses(db, OFFLINE_SECONDS);
    expect(plants.find((p) => p.id === plantOf.get(name))?.status).toBe(spec.plant);
  });
});

describe('the list filter’s form of the rule', () => {
  it('holds for exactly the status the rule gives, for every device of every case', async () => {
    const is = (status: RunningStatus) => runningStatusIsSql('d', 1, status);
    const { rows } = await db.query<{ status: RunningStatus; online: boolean; alarm: boolean; offline: boolean }>(
      `SELECT ${runningStatusSql('d', 1)} AS status, ${is('online')} AS online, ${is('alarm')} AS alarm,
              ${is('offline')} AS offline
         FROM devices d`,
      [OFFLINE_SECONDS],
    );
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      expect({ online: row.online, alarm: row.alarm, offline: row.offline }).toEqual({
        online: row.status === 'online',
        alarm: row.status === 'alarm',
        offline: row.status === 'offline',
      });
    }
  });
});

describe('status watcher', () => {
  it('reports device and plant changes by the same rule, after a baseline round', async () => {
    const deviceEvents: [number, number | null, RunningStatus][] = [];
    const plantEvents: [number, PlantStatus][] = [];
    const watcher = watchStatuses(
      db,
      OFFLINE_SECONDS,
      {
        deviceStatus: (id, plantId, status) => deviceEvents.push([id, plantId, status]),
        plantStatus: (id, status) => plantEvents.push([id, status]),
      },
      { error: (obj) => expect.fail(`status round failed: ${JSON.stringify(obj)}`) },
      { everyMs: 3_600_000 },
    );
    try {
      await watcher.runNow(); // after the baseline round at start
      expect(deviceEvents).toEqual([]);
      expect(plantEvents).toEqual([]);

      const name = 'a battery follows its inverter, not the plant';
      const caseIndex = caseNames.indexOf(name);
      const plantId = plantOf.get(name)!;
      const inv = deviceIds.get(snOf(caseIndex, 'UP'))!;
      const bat = deviceIds.get(snOf(caseIndex, 'BUP'))!;
      // A major alarm on the inverter: it and its plant go into alarm; its battery stays online.
      const alarm = await insertAlarm(inv, plantId, 'grid.test', 'major', 'active');
      await watcher.runNow();
      expect(deviceEvents).toEqual([[inv, plantId, 'alarm']]);
      expect(plantEvents).toEqual([[plantId, 'alarm']]);

      // The inverter falls silent: inverter and battery go offline, and so does the plant (offline first).
      await db.query(`UPDATE alarms SET state = 'recovered', recovered_at = now() WHERE id = $1`, [alarm]);
      await db.query(`UPDATE devices SET last_seen_at = now() - interval '1 hour' WHERE id = ANY($1::int[])`, [
        [inv, deviceIds.get(snOf(caseIndex, 'DOWN'))!],
      ]);
      deviceEvents.length = 0;
      plantEvents.length = 0;
      await watcher.runNow();
      expect(deviceEvents.sort((a, b) => a[0] - b[0])).toEqual(
        [
          [inv, plantId, 'offline'],
          [bat, plantId, 'offline'],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      expect(plantEvents).toEqual([[plantId, 'offline']]);
    } finally {
      await watcher.stop();
    }
  });
});
