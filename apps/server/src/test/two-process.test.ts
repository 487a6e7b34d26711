import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { testTemplate } from './template.js';
import type { SimInverter } from '@voltfleet/simulator';
import { MqttDevice, inverterCommands } from '@voltfleet/simulator';
import type { Command } from '@voltfleet/domain/commands';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../db/db.js';
import { freePort, mosquittoAvailable } from '../link/mosquitto-runner.js';
import { createProcessDatabase, type ProcessDatabase } from './process-db.js';
import {
  LiveTab,
  insertInverters,
  portal,
  sharedProcessEnv,
  startBrokerFor,
  type Broker,
  type FleetDevice,
  type Portal,
} from './process-fleet.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { testSimInverter } from './sim-inverter.js';

/*
 * Scale-out (docs/architecture.md): two real server processes (main.ts) on one native PostgreSQL and one Mosquitto.
 * Process 1 only serves HTTP and the browser's WebSocket; process 2 runs ingest, the OSIM gateway and the jobs.
 * A simulated inverter talks MQTT to Mosquitto only, so everything it sends reaches process 1's tab through
 * process 2 and PostgreSQL LISTEN/NOTIFY, and a command issued on process 1 reaches it through process 2.
 */

const POSTGRES = testTemplate().kind === 'postgres';
// CI installs Mosquitto: there a missing broker fails the test instead of skipping it.
const MOSQUITTO = mosquittoAvailable() || Boolean(process.env.CI);
const DEVICES = 3;
const READINGS = 20;

let database: ProcessDatabase;
let db: Db;
let broker: Broker;
let httpProcess: ServerProcess;
let workProcess: ServerProcess;
let api: Portal;
let tab: LiveTab;
let devices: FleetDevice[] = [];
let inverter: SimInverter;

function simInverter(sn: string): SimInverter {
  return testSimInverter(sn, { seed: 2 });
}

/** On failure, what both processes and the broker said. */
function showLogsOnFailure(): void {
  onTestFailed(() => {
    console.error(`--- process 1 (http) ---\n${httpProcess.log()}`);
    console.error(`--- process 2 (ingest,osim,jobs) ---\n${workProcess.log()}`);
    console.error(`--- mosquitto ---\n${broker.mosquitto.log()}`);
  });
}

describe.skipIf(!POSTGRES || !MOSQUITTO)(
  'two server processes on one PostgreSQL and one Mosquitto (needs native PostgreSQL and Mosquitto: the server-pg suite)',
  () => {
    beforeAll(async () => {
      database = await createProcessDatabase();
      db = await database.open();
      ({ devices } = await insertInverters(db, { plantName: 'two processes', snPrefix: 'VFTWOP', count: DEVICES }));
      broker = await startBrokerFor(db, 'two-process');
      const shared = sharedProcessEnv(database.env, broker);
      const [port1, port2, osimPort, unusedMqttPort] = await Promise.all([
        freePort(),
        freePort(),
        freePort(),
        freePort(),
      ]);
      // One after the other: each start checks migrations and the seed.
      httpProcess = await startServerProcess({
        port: port1,
        mqttPort: unusedMqttPort,
        env: { ...shared, ROLES: 'http' },
        readyWhen: { mqtt: false },
      });
      workProcess = await startServerProcess({
        port: port2,
        mqttPort: unusedMqttPort,
        env: {
          ...shared,
          ROLES: 'ingest,osim,jobs',
          OSIM_PORT: String(osimPort),
          MQTT_CLIENT_ID: `vf-two-process-${process.pid}`,
          LOG_LEVEL: 'info',
        },
        readyWhen: { http: false, mqtt: false, output: /device link: subscribed to/ },
      });
      api = portal(`http://127.0.0.1:${port1}`);
      tab = await LiveTab.open(port1, await api.login(), { watchKnown: true });
      inverter = simInverter(devices[0]!.sn);
      for (const [i, d] of devices.entries()) {
        d.mqtt = new MqttDevice({
          url: broker.mosquitto.url,
          sn: d.sn,
          secret: d.secret,
          reconnectPeriodMs: 200,
          ...(i === 0 ? { onCommand: inverterCommands(inverter) } : {}),
        });
        await d.mqtt.start();
      }
    }, 90_000);

    afterAll(async () => {
      tab?.close();
      for (const d of devices) await d.mqtt?.close();
      await Promise.all([httpProcess?.stop(), workProcess?.stop()]);
      await broker?.stop();
      await db?.close();
      await database?.dispose();
    }, 40_000);

    it('readings sent through process 2 appear live on process 1’s tab and are stored exactly once', async () => {
      showLogsOnFailure();
      const start = Date.now() - READINGS * 10_000;
      const sent = new Map<string, Reading>();
      for (const d of devices) {
        for (let k = 0; k < READINGS; k++) {
          const reading: Reading = {
            sn: d.sn,
            ts: start + k * 10_000,
            seq: k,
            values: { pvPowerW: 1000 + 10 * k, pvEnergyTodayKwh: 0.01 * k, pvEnergyTotalKwh: 500 + 0.01 * k },
          };
          sent.set(`${d.id}:${reading.ts}`, reading);
          d.mqtt!.publishReading(reading);
        }
      }
      for (const d of devices) expect(await d.mqtt!.drain(15_000)).toBe(true);
      // Mosquitto acknowledges the devices on receipt; process 2 stores after that, each reading once.
      const stored = async () =>
        (
          await db.query<{ n: number; distinct_ts: number }>(
            `SELECT count(*)::int AS n, count(DISTINCT (device_id, ts))::int AS distinct_ts
               FROM readings WHERE device_id = ANY($1::int[])`,
            [devices.map((d) => d.id)],
          )
        ).rows[0];
      const all = { n: DEVICES * READINGS, distinct_ts: DEVICES * READINGS };
      await expect.poll(stored, { timeout: 15_000 }).toEqual(all);
      // The tab sees every device's newest reading (older ones of a batch may be merged away), nothing invented.
      const newest = start + (READINGS - 1) * 10_000;
      await expect
        .poll(() => devices.every((d) => tab.of('reading').some((r) => r.deviceId === d.id && r.ts === newest)), {
          timeout: 10_000,
        })
        .toBe(true);
      const readings = tab.of('reading');
      const keys = readings.map((r) => `${r.deviceId}:${r.ts}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(readings.length).toBeLessThanOrEqual(DEVICES * READINGS);
      for (const r of readings) expect(r.values).toEqual(sent.get(`${r.deviceId}:${r.ts}`)?.values);
      expect(await stored()).toEqual(all);
    });

    it('a command issued on process 1 is delivered by process 2, and its status changes arrive on process 1’s tab', async () => {
      showLogsOnFailure();
      const device = devices[0]!;
      const issued = await api.request<{ commands: Command[] }>('POST', '/api/commands', {
        deviceIds: [device.id],
        kind: 'workMode',
        value: 4,
        idempotencyKey: `two-process-${process.pid}`,
      });
      expect(issued.status).toBe(200);
      const id = issued.data.commands[0]!.id;
      const statuses = () =>
        tab
          .of('commandStatus')
          .filter((m) => m.commandId === id)
          .map((m) => m.status);
      // Process 2's dispatcher polls every 2 s: 'sent', then 'succeeded' once the inverter reports the value back.
      await expect.poll(statuses, { timeout: 15_000 }).toEqual(['sent', 'succeeded']);
      expect(inverter.parameters.workMode).toBe(4);
      const stored = await api.request<Command>('GET', `/api/commands/${id}`);
      expect(stored.data).toMatchObject({ status: 'succeeded', parameters: { workMode: 4 } });
      // Each status once: not again as process 1's echo or a second delivery.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(statuses()).toEqual(['sent', 'succeeded']);
    });
  },
);
