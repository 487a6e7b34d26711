import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { testTemplate } from './template.js';
import { MqttDevice, inverterCommands, type SimInverter } from '@voltfleet/simulator';
import type { Command } from '@voltfleet/domain/commands';
import type { Reading } from '@voltfleet/domain/telemetry';
import type { Db } from '../db/db.js';
import { freePort, mosquittoAvailable } from '../link/mosquitto-runner.js';
import { energyMismatches, readEnergyTotals } from './energy-check.js';
import { createProcessDatabase, type ProcessDatabase } from './process-db.js';
import {
  LiveTab,
  insertInverters,
  portal,
  readMetrics,
  sharedProcessEnv,
  simulatedReadings,
  startBrokerFor,
  type Broker,
  type FleetDevice,
  type Portal,
} from './process-fleet.js';
import { RecordingDevice } from './recording-device.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { testSimInverter } from './sim-inverter.js';

/*
 * Scale-out (issue 18, docs/deploy.md): two `http` processes, then two and three `ingest` processes, on one native
 * PostgreSQL and one Mosquitto (MQTT 5 shared subscription). Simulated inverters talk MQTT to Mosquitto only, which
 * hands each reading to one ingest process. Each ingest process serves /metrics on METRICS_PORT, so what each stored
 * is counted per process. A tab on each http process must see every live event.
 *
 * Each device's readings (one a minute of simulated time, oldest first): 0–7 while two ingest processes run, 8 states
 * a fault (grid voltage high), 9–16 once the third has joined, 17 states the fault cleared, sent when only the third
 * runs: the alarm is raised by process A or B and recovered by C. Readings 0–7 and 9–16 state no fault set at all.
 */

const POSTGRES = testTemplate().kind === 'postgres';
// CI installs Mosquitto: there a missing broker fails the test instead of skipping it.
const MOSQUITTO = mosquittoAvailable() || Boolean(process.env.CI);
const DEVICES = 24;
const PER_DEVICE = 18;
const ROUND_1 = [0, 8] as const;
const FAULT = 8;
const ROUND_2 = [9, 17] as const;
const CLEAR = 17;
/** Starting a process takes seconds on a quiet machine; a shared, busy one may need far longer (a bound, not a check). */
const READY_TIMEOUT_MS = 150_000;
/** faultWord bit 6: grid voltage high (packages/domain alarms). */
const GRID_HIGH = 1 << 6;

interface Ingest {
  name: string;
  process: ServerProcess;
  metricsPort: number;
}

let database: ProcessDatabase;
let db: Db;
let broker: Broker;
let shared: Record<string, string>;
const http: { process: ServerProcess; port: number; tab?: LiveTab }[] = [];
const ingests: Ingest[] = [];
let api: Portal;
let devices: FleetDevice[] = [];
let recorders: RecordingDevice[] = [];
const readings = new Map<string, Reading[]>();
let commanded: { device: FleetDevice; mqtt: MqttDevice; inverter: SimInverter };
let unusedMqttPort: number;

/**
 * An ingest process with its own client id at the broker and its own metrics port. A port found free can be taken by
 * another test file's process before this one listens (EADDRINUSE, seen in CI): then it starts again on new ports.
 */
async function startIngest(name: string, attempt = 1): Promise<Ingest> {
  try {
    return await startIngestOnce(name);
  } catch (err) {
    if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    return startIngest(name, attempt + 1);
  }
}

async function startIngestOnce(name: string): Promise<Ingest> {
  const metricsPort = await freePort();
  const child = await startServerProcess({
    port: await freePort(),
    mqttPort: unusedMqttPort,
    env: {
      ...shared,
      ROLES: 'ingest',
      MQTT_CLIENT_ID: `vf-scale-out-${name}-${process.pid}`,
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
    },
    readyWhen: { http: false, mqtt: false, output: /metrics: \/metrics on port/ },
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  const ingest = { name, process: child, metricsPort };
  ingests.push(ingest);
  return ingest;
}

/** Per ingest process: readings stored, redeliveries ignored, alarms raised and recovered so far. */
async function counts(list: Ingest[]) {
  return Promise.all(
    list.map(async (i) => {
      const read = await readMetrics(i.metricsPort);
      return {
        stored: read('voltfleet_ingest_readings_stored'),
        duplicates: read('voltfleet_ingest_duplicates'),
        raised: read('voltfleet_alarms_raised'),
        recovered: read('voltfleet_alarms_recovered'),
      };
    }),
  );
}

/** Every device sends readings `from` … `to - 1` and waits for every PUBACK. */
async function sendRound([from, to]: readonly [number, number]): Promise<void> {
  for (const r of recorders) r.send(readings.get(r.sn)!.slice(from, to));
  await expect.poll(() => recorders.every((r) => r.unacknowledged === 0), { timeout: 20_000 }).toBe(true);
}

/**
 * Waits until the running ingest processes have stored `sent` readings since `before` (their counts then). Mosquitto
 * acknowledges a device's publish on receipt; it holds the message until an ingest process acknowledges it after
 * its commit, so every reading it acknowledged must arrive in storage.
 */
async function storedEverything(before: Awaited<ReturnType<typeof counts>>, sent: number) {
  let after = before;
  await expect
    .poll(
      async () => {
        after = await counts(ingests.slice(0, before.length));
        return after.reduce((n, a, i) => n + a.stored - before[i]!.stored, 0);
      },
      { timeout: 20_000 },
    )
    .toBe(sent);
  return after;
}

/** Each stored reading once, and exactly the acknowledged ones (a PUBACK promises the reading is stored). */
async function expectStoredExactlyAcknowledged(): Promise<void> {
  const { rows } = await db.query<{ sn: string; ts: number; n: number }>(
    `SELECT d.sn, (extract(epoch FROM r.ts) * 1000)::float8 AS ts, count(*)::int AS n
       FROM readings r JOIN devices d ON d.id = r.device_id WHERE d.id = ANY($1::int[]) GROUP BY d.sn, r.ts`,
    [devices.map((d) => d.id)],
  );
  expect(rows.filter((r) => r.n !== 1)).toEqual([]);
  const stored = rows.map((r) => `${r.sn}@${Number(r.ts)}`).sort();
  const acked = recorders.flatMap((r) => r.acked.map((ts) => `${r.sn}@${ts}`)).sort();
  expect(new Set(acked).size).toBe(acked.length);
  expect(stored).toEqual(acked);
}

async function expectRollupsExact(): Promise<void> {
  const totals = await readEnergyTotals(db);
  expect(energyMismatches(totals)).toEqual([]);
  expect(totals.readings.size).toBe(DEVICES);
  // Load alone guarantees energy to account for, day or night.
  expect([...totals.readings.values()].flat().reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
}

/** Both tabs saw every device's reading `index` live. */
async function expectLiveOnEveryTab(index: number): Promise<void> {
  const wanted = devices.map((d) => ({ id: d.id, ts: readings.get(d.sn)![index]!.ts }));
  for (const [i, h] of http.entries())
    await expect
      .poll(() => wanted.filter((w) => !h.tab!.of('reading').some((r) => r.deviceId === w.id && r.ts === w.ts)), {
        timeout: 10_000,
        message: `http process ${i + 1}’s tab`,
      })
      .toEqual([]);
}

function showLogsOnFailure(): void {
  onTestFailed(() => {
    for (const [i, h] of http.entries()) console.error(`--- http ${i + 1} ---\n${h.process.log()}`);
    for (const i of ingests) console.error(`--- ingest ${i.name} ---\n${i.process.log()}`);
    console.error(`--- mosquitto ---\n${broker.mosquitto.log()}`);
  });
}

/** The simulated readings with the fault set stated only by readings FAULT (grid voltage high) and CLEAR (none). */
function withFaultsOnlyAt(list: Reading[]): Reading[] {
  return list.map((r, k) => {
    const { faultWord: _faultWord, ...values } = r.values;
    const { faultCodes: _faultCodes, ...extra } = r.extra ?? {};
    return {
      ...r,
      values: k === FAULT ? { ...values, faultWord: GRID_HIGH } : k === CLEAR ? { ...values, faultWord: 0 } : values,
      ...(r.extra ? { extra } : {}),
    };
  });
}

describe.skipIf(!POSTGRES || !MOSQUITTO)(
  'scale-out: two http and up to three ingest processes on one PostgreSQL and one Mosquitto (server-pg suite)',
  () => {
    beforeAll(async () => {
      database = await createProcessDatabase();
      db = await database.open();
      ({ devices } = await insertInverters(db, { plantName: 'scale-out', snPrefix: 'VFSCALE', count: DEVICES + 1 }));
      const commandedDevice = devices.pop()!;
      readings.clear();
      for (const [sn, list] of simulatedReadings(
        devices.map((d) => d.sn),
        PER_DEVICE,
      ))
        readings.set(sn, withFaultsOnlyAt(list));
      broker = await startBrokerFor(db, 'scale-out');
      // Alarms raise at the first report of a fault and recover at the first reading without it.
      shared = { ...sharedProcessEnv(database.env, broker), ALARM_DEBOUNCE_SECONDS: '0', ALARM_RECOVER_SECONDS: '0' };
      unusedMqttPort = await freePort();
      const httpPorts = [await freePort(), await freePort()];
      const startHttp = async (port: number) => {
        const child = await startServerProcess({
          port,
          mqttPort: unusedMqttPort,
          env: { ...shared, ROLES: 'http' },
          readyWhen: { mqtt: false },
          readyTimeoutMs: READY_TIMEOUT_MS,
        });
        http.push({ process: child, port });
      };
      // The first start applies the migrations and the seed; the others then start together.
      await startHttp(httpPorts[0]!);
      await Promise.all([startHttp(httpPorts[1]!), startIngest('A'), startIngest('B')]);
      http.sort((a, b) => a.port - b.port);
      api = portal(`http://127.0.0.1:${http[0]!.port}`);
      const token = await api.login();
      // Each tab's first resync: the ingest processes know it watches the devices (decision 0037).
      for (const h of http) h.tab = await LiveTab.open(h.port, token, { watchKnown: true });
      recorders = devices.map((d) => new RecordingDevice({ url: broker.mosquitto.url, sn: d.sn, secret: d.secret }));
      await Promise.all(recorders.map((r) => r.start()));
      const inverter = testSimInverter(commandedDevice.sn, { seed: 3 });
      const mqtt = new MqttDevice({
        url: broker.mosquitto.url,
        sn: commandedDevice.sn,
        secret: commandedDevice.secret,
        reconnectPeriodMs: 200,
        onCommand: inverterCommands(inverter),
      });
      await mqtt.start();
      commanded = { device: commandedDevice, mqtt, inverter };
    }, 400_000);

    afterAll(async () => {
      for (const h of http) h.tab?.close();
      await Promise.all(recorders.map((r) => r.stop()));
      await commanded?.mqtt.close();
      await Promise.all([...http, ...ingests].map((p) => p.process.stop()));
      await broker?.stop();
      await db?.close();
      await database?.dispose();
    }, 40_000);

    it('two ingest processes share the readings, store each acknowledged one once, roll up exactly and raise each alarm once', async () => {
      showLogsOnFailure();
      const before = await counts(ingests);
      await sendRound(ROUND_1);
      await sendRound([FAULT, FAULT + 1]);
      const sent = DEVICES * (FAULT + 1);
      const after = await storedEverything(before, sent);
      const stored = after.map((a, i) => a.stored - before[i]!.stored);
      for (const [i, n] of stored.entries()) expect(n, `ingest ${ingests[i]!.name} stored none`).toBeGreaterThan(0);
      expect(stored.reduce((a, b) => a + b, 0)).toBe(sent);
      await expectStoredExactlyAcknowledged();
      await expectRollupsExact();
      await expectLiveOnEveryTab(FAULT);
      // One alarm per device, raised by whichever process stored its fault reading (both together: one each).
      await expect
        .poll(async () => (await counts(ingests)).reduce((n, c) => n + c.raised, 0), { timeout: 10_000 })
        .toBe(DEVICES);
      const { rows } = await db.query<{ n: number; active: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'active')::int AS active
           FROM alarms WHERE device_id = ANY($1::int[])`,
        [devices.map((d) => d.id)],
      );
      expect(rows[0]).toEqual({ n: DEVICES, active: DEVICES });
      for (const h of http)
        await expect
          .poll(
            () =>
              new Set(
                h
                  .tab!.of('alarm')
                  .filter((m) => m.event === 'raised')
                  .map((m) => m.alarm.deviceId),
              ).size,
            {
              timeout: 10_000,
            },
          )
          .toBe(DEVICES);
    });

    it('a third ingest process takes its share at once', { timeout: 180_000 }, async () => {
      showLogsOnFailure();
      await startIngest('C');
      const before = await counts(ingests);
      await sendRound([ROUND_2[0], CLEAR]);
      const after = await storedEverything(before, DEVICES * (CLEAR - ROUND_2[0]));
      const stored = after.map((a, i) => a.stored - before[i]!.stored);
      for (const [i, n] of stored.entries()) expect(n, `ingest ${ingests[i]!.name} stored none`).toBeGreaterThan(0);
      expect(stored.reduce((a, b) => a + b, 0)).toBe(DEVICES * (CLEAR - ROUND_2[0]));
      expect(after.reduce((n, c) => n + c.duplicates, 0)).toBe(0);
      await expectStoredExactlyAcknowledged();
      await expectRollupsExact();
      await expectLiveOnEveryTab(CLEAR - 1);
    });

    it('a command issued on http process 2 reaches the inverter through an ingest process, once, and both tabs follow it', async () => {
      showLogsOnFailure();
      const second = portal(`http://127.0.0.1:${http[1]!.port}`, api.token);
      const issued = await second.request<{ commands: Command[] }>('POST', '/api/commands', {
        deviceIds: [commanded.device.id],
        kind: 'workMode',
        value: 4,
        idempotencyKey: `scale-out-${process.pid}`,
      });
      expect(issued.status).toBe(200);
      const id = issued.data.commands[0]!.id;
      // Three ingest processes poll for queued commands; exactly one claims and sends it.
      for (const h of http)
        await expect
          .poll(
            () =>
              h
                .tab!.of('commandStatus')
                .filter((m) => m.commandId === id)
                .map((m) => m.status),
            { timeout: 15_000 },
          )
          .toEqual(['sent', 'succeeded']);
      expect(commanded.inverter.parameters.workMode).toBe(4);
      const stored = await api.request<Command>('GET', `/api/commands/${id}`);
      expect(stored.data).toMatchObject({ status: 'succeeded', parameters: { workMode: 4 } });
    });

    it('a fault raised through process A or B is cleared through process C: one alarm per device, recovered', async () => {
      showLogsOnFailure();
      const [a, b, c] = ingests;
      const raisedBy = await counts([a!, b!]);
      expect(raisedBy.reduce((n, x) => n + x.raised, 0)).toBe(DEVICES);
      // A and B leave the share group: every clear reading goes to C.
      await Promise.all([a!.process.stop(), b!.process.stop()]);
      const cBefore = (await counts([c!]))[0]!;
      await sendRound([CLEAR, CLEAR + 1]);
      await expect
        .poll(async () => (await counts([c!]))[0]!.stored - cBefore.stored, { timeout: 20_000 })
        .toBe(DEVICES);
      await expect
        .poll(async () => (await counts([c!]))[0]!.recovered - cBefore.recovered, { timeout: 10_000 })
        .toBe(DEVICES);
      expect((await counts([c!]))[0]!.raised).toBe(0);
      const { rows } = await db.query<{
        device_id: number;
        n: number;
        state: string;
        raised: number;
        recovered: number;
      }>(
        `SELECT device_id, count(*) OVER (PARTITION BY device_id)::int AS n, state,
                (extract(epoch FROM raised_at) * 1000)::float8 AS raised,
                (extract(epoch FROM recovered_at) * 1000)::float8 AS recovered
           FROM alarms WHERE device_id = ANY($1::int[]) ORDER BY device_id`,
        [devices.map((d) => d.id)],
      );
      expect(rows.map((r) => r.device_id)).toEqual(devices.map((d) => d.id));
      for (const [i, r] of rows.entries()) {
        const list = readings.get(devices[i]!.sn)!;
        expect({ n: r.n, state: r.state, raised: Number(r.raised), recovered: Number(r.recovered) }).toEqual({
          n: 1,
          state: 'recovered',
          raised: list[FAULT]!.ts,
          recovered: list[CLEAR]!.ts,
        });
      }
      for (const h of http)
        await expect
          .poll(
            () =>
              new Set(
                h
                  .tab!.of('alarm')
                  .filter((m) => m.event === 'recovered')
                  .map((m) => m.alarm.deviceId),
              ).size,
            { timeout: 10_000 },
          )
          .toBe(DEVICES);
      await expectStoredExactlyAcknowledged();
      await expectRollupsExact();
    });
  },
);
