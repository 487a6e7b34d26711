import { faultWordCodes, parseFaultCodes } from '@voltfleet/domain/alarms';
import { createFleet, demoFleetConfig, OsimDevice, type Fleet, type SimInverter } from '@voltfleet/simulator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../db/db.js';
import { deviceDirectory } from '../features/devices/device-directory.js';
import { osimDeviceRecords } from '../features/devices/osim-device-records.js';
import { Ingest } from '../features/telemetry/ingest.js';
import { insertFleet } from '../test/fleet-fixture.js';
import { adminId, openTestDb } from '../test/harness.js';
import { OsimGateway } from './osim-gateway.js';
import { waitFor } from './test-support.js';

// A simulated OSIM inverter with active faults in every OSIM place (0x1F words 0–4, 0x1E), polled through the
// gateway into the database: the stored reading states the whole fault set, codes 1–32 in fault_word and the rest
// in extra.faultCodes, as the alarm engine reads them.

const START = Date.now() - 3600_000;
const MINUTE = 60_000;
let db: Db;
let ingest: Ingest;
let fleet: Fleet;
let inverter: SimInverter;
let deviceId: number;

beforeAll(async () => {
  db = await openTestDb();
  const demo = demoFleetConfig({ startMs: START, seed: 13 });
  const plant = demo.plants.find((p) => p.id === 'cz-praha-home')!;
  const devices = demo.devices
    .filter((d) => d.plantId === plant.id)
    .map((d) => (d.kind === 'inverter' ? { ...d, faultRatePerHour: 0 } : d));
  const config = { seed: 13, startMs: START, plants: [plant], devices };
  const ids = await insertFleet(db, config, await adminId(db));
  fleet = createFleet(config);
  fleet.advance(Date.now(), 60);
  inverter = fleet.inverters[0]!;
  deviceId = ids.deviceIds.get(inverter.sn)!;
  ingest = new Ingest(db);
});
afterAll(async () => {
  await ingest.flush();
  await db.close();
});

test('the faults of 0x1F words 0–4 and of 0x1E reach the stored reading', async () => {
  const codes = [8, 27, 37, 47, 63, 75, 756];
  for (const code of [...codes, 1001]) inverter.injectFault(code, fleet.now - 10 * MINUTE, fleet.now + 10 * MINUTE);
  const gateway = await OsimGateway.start({
    port: 0,
    host: '127.0.0.1',
    devices: deviceDirectory(db),
    sink: ingest,
    records: osimDeviceRecords(db),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pollIntervalMs: 60_000,
    requestTimeoutMs: 2000,
  });
  const device = new OsimDevice({ host: '127.0.0.1', port: gateway.port, inverter, now: () => fleet.now });
  try {
    await device.start();
    await waitFor(() => gateway.counters.accepted === 1, 'the first poll stored');
    await ingest.flush();
    const { rows } = await db.query<{ fault_word: string | number; extra: { faultCodes?: string } | null }>(
      `SELECT fault_word, extra FROM readings WHERE device_id = $1`,
      [deviceId],
    );
    expect(rows).toHaveLength(1);
    const stored = [
      ...faultWordCodes(Number(rows[0]!.fault_word)),
      ...parseFaultCodes(rows[0]!.extra?.faultCodes ?? '').codes,
    ];
    // Every OSIM-carried code; a grid loss's 1001 is Voltfleet's own and has no OSIM bit (its 8 is there).
    expect(stored).toEqual(codes);
    expect(rows[0]!.extra).toEqual({ faultCodes: '37,47,63,75,756' });
  } finally {
    await device.close();
    await gateway.close();
  }
});
