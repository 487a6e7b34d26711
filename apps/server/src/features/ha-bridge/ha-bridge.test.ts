import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import type { PlantListItem, PlantOverview, PlantSavings } from '@voltfleet/domain/plants';
import type { Reading } from '@voltfleet/domain/telemetry';
import { localParts } from '@voltfleet/domain/time';
import type { HaBridgeConfig } from '../../config-bridge.js';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { addDevice, addPlant } from '../../test/plant-figures-fixture.js';
import { Ingest } from '../telemetry/index.js';
import { startHaBridge, type HaBridge, type RoundResult } from './index.js';
import { Watcher, startTestBroker, type TestBroker } from './ha-test-broker.js';

// The real app over HTTP on a real database, a real MQTT broker, and the bridge between them with a session token
// as its key (an API key is sent the same way, `Authorization: Bearer`). Nothing here waits on a clock: each step
// waits for the messages it expects, within a bound.
//
// admin ─┬─ haOwner: Roof (inverter with a battery, an alarm), Shed (inverter, no battery), Barn (inverter)
//        └─ haOther: nothing (plants are moved to this account to leave haOwner's scope)

let s: TestServer;
let broker: TestBroker;
let watcher: Watcher;
let bridge: HaBridge | undefined;
let token = '';
let apiUrl = '';
let other = 0;
const plants = { roof: 0, shed: 0, barn: 0 };
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

const get = async <T>(url: string): Promise<T> => {
  const res = await api<T>(s.app, 'GET', url, { token });
  expect(res.status, url).toBe(200);
  return res.body.data;
};

function bridgeConfig(): HaBridgeConfig {
  return {
    mqttUrl: broker.url,
    apiKey: token,
    apiUrl,
    discoveryPrefix: 'homeassistant',
    topicPrefix: 'voltfleet',
    // The tests poll with pollNow; the timer never fires within a test.
    pollSeconds: 3600,
  };
}

/** Starts a bridge and waits for its first successful poll. */
async function startBridge(): Promise<RoundResult> {
  const started = startHaBridge({ config: bridgeConfig(), log: silentLog });
  bridge = started;
  return new Promise((resolve) => {
    const onRound = (r: RoundResult) => {
      if (!r.ok) return;
      started.events.off('round', onRound);
      resolve(r);
    };
    started.events.on('round', onRound);
  });
}

beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const owner = await makeUser(s.db, { username: 'haOwner', roleId: dealer, superiorId: root });
  other = (await makeUser(s.db, { username: 'haOther', roleId: dealer, superiorId: root })).id;
  // The readings below are minutes apart and their "today" counters must fall in one local day: a zone whose day
  // began at least a quarter of an hour ago (the test failed three minutes after Prague's midnight). The zones are
  // hours apart, so one always qualifies.
  const zone = ['Europe/Prague', 'Asia/Tokyo', 'America/Chicago'].find(
    (z) => localParts(Date.now(), z).minuteOfDay > 15,
  )!;
  plants.roof = await addPlant(s.db, { name: 'Roof', ownerId: owner.id, timeZone: zone });
  plants.shed = await addPlant(s.db, { name: 'Shed', ownerId: owner.id, timeZone: zone });
  plants.barn = await addPlant(s.db, { name: 'Barn', ownerId: owner.id, timeZone: zone });
  const ids = {
    HAROOF0001: await addDevice(s.db, { sn: 'HAROOF0001', ownerId: owner.id, plantId: plants.roof, alarm: true }),
    HASHED0001: await addDevice(s.db, { sn: 'HASHED0001', ownerId: owner.id, plantId: plants.shed }),
    HABARN0001: await addDevice(s.db, { sn: 'HABARN0001', ownerId: owner.id, plantId: plants.barn }),
  };
  // Through the real ingest, so the figures are the ones the pages show: two readings each, today's counters rising.
  const ingest = new Ingest(s.db);
  const now = Date.now() - 60_000;
  const send = (sn: keyof typeof ids, ts: number, values: Reading['values']) =>
    ingest.submit({ id: ids[sn], sn }, { sn, ts, values });
  await send('HAROOF0001', now - 120_000, {
    pvPowerW: 3000,
    pvEnergyTodayKwh: 4,
    pvEnergyTotalKwh: 120,
    gridExportTodayKwh: 1,
    batChargeTodayKwh: 0.5,
  });
  await send('HAROOF0001', now, {
    pvPowerW: 4200,
    loadPowerW: 1500,
    gridPowerW: -2000,
    batPowerW: -700,
    batSocPct: 63,
    pvEnergyTodayKwh: 4.5,
    pvEnergyTotalKwh: 120.5,
    gridExportTodayKwh: 1.2,
    batChargeTodayKwh: 0.8,
  });
  await send('HASHED0001', now - 120_000, { pvPowerW: 900, pvEnergyTodayKwh: 1 });
  await send('HASHED0001', now, { pvPowerW: 800, loadPowerW: 1100, gridPowerW: 300, pvEnergyTodayKwh: 1.1 });
  await send('HABARN0001', now, { pvPowerW: 500, loadPowerW: 200, gridPowerW: -300 });
  await ingest.flush();
  token = await loginToken(s.app, 'haOwner', 'Passw0rd-1');
  broker = await startTestBroker('ha', 'secret word');
  watcher = await Watcher.connect(broker.url);
  await startBridge();
  await watcher.until('the bridge online', () => watcher.topics.get('voltfleet/bridge/availability') === 'online');
});

afterAll(async () => {
  await bridge?.stop();
  await watcher?.close();
  await broker?.close();
  await s?.close();
});

const node = (plantId: number) => `voltfleet_plant_${plantId}`;

describe('Home Assistant bridge', () => {
  it('announces every sensor with what Home Assistant requires; energy is total_increasing kWh', async () => {
    const roof = watcher.configs(node(plants.roof));
    expect([...roof.keys()].sort()).toEqual(
      [
        'active_alarms',
        'battery_charge_energy_today',
        'battery_charge_power',
        'battery_discharge_energy_today',
        'battery_discharge_power',
        'battery_soc',
        'grid_export_energy_today',
        'grid_export_power',
        'grid_import_energy_today',
        'grid_import_power',
        'load_energy_today',
        'load_power',
        'pv_energy_today',
        'pv_energy_total',
        'pv_power',
      ].sort(),
    );
    // No battery at the shed: no battery sensors.
    const shed = watcher.configs(node(plants.shed));
    expect([...shed.keys()].filter((k) => k.startsWith('battery'))).toEqual([]);
    expect(shed.has('pv_power')).toBe(true);

    const all = [...watcher.topics.keys()].filter((t) => t.endsWith('/config') && watcher.topics.get(t));
    const uniqueIds = new Set<string>();
    for (const topic of all) {
      const c = watcher.json(topic);
      expect(c.unique_id, topic).toMatch(/^voltfleet_(plant|device)_[a-z0-9-]+_[a-z_]+$/);
      uniqueIds.add(c.unique_id as string);
      expect(c.state_topic, topic).toMatch(/^voltfleet\/(plant|device)\/[^/]+\/state$/);
      expect(c.value_template, topic).toBe(`{{ value_json.${topic.split('/')[3]} }}`);
      const device = c.device as { identifiers: string[]; name: string; via_device?: string };
      expect(device.identifiers.length, topic).toBeGreaterThan(0);
      expect(device.name, topic).toBeTruthy();
      if (topic.includes('voltfleet_device_')) expect(device.via_device, topic).toMatch(/^voltfleet_plant_\d+$/);
      const availability = c.availability as { topic: string }[];
      expect(availability.map((a) => a.topic)).toContain('voltfleet/bridge/availability');
      expect(c.origin).toMatchObject({ name: 'Voltfleet' });
      if (c.device_class === 'energy')
        expect(c).toMatchObject({ state_class: 'total_increasing', unit_of_measurement: 'kWh' });
      if (c.device_class === 'power') expect(c).toMatchObject({ state_class: 'measurement', unit_of_measurement: 'W' });
      if (c.device_class === 'battery')
        expect(c).toMatchObject({ state_class: 'measurement', unit_of_measurement: '%' });
    }
    expect(uniqueIds.size).toBe(all.length);
    expect(roof.get('pv_energy_total')).toMatchObject({ device_class: 'energy', state_class: 'total_increasing' });
  });

  it('publishes the figures the API answers for the same plant and devices', async () => {
    const list = await get<PlantListItem[]>('/api/plants');
    for (const plantId of [plants.roof, plants.shed]) {
      const overview = await get<PlantOverview>(`/api/plants/${plantId}/overview`);
      const savings = await get<PlantSavings>(`/api/plants/${plantId}/savings`);
      const state = watcher.json(`voltfleet/plant/${plantId}/state`);
      const { power, energyToday } = overview;
      expect(state).toMatchObject({
        pv_power: power.pvPowerW,
        load_power: power.loadPowerW,
        grid_import_power: Math.max(power.gridPowerW!, 0),
        grid_export_power: Math.max(-power.gridPowerW!, 0),
        pv_energy_today: energyToday.pvKwh,
        load_energy_today: energyToday.loadKwh,
        grid_import_energy_today: energyToday.gridImportKwh,
        grid_export_energy_today: energyToday.gridExportKwh,
        pv_energy_total: savings.periods.total.pvKwh,
        active_alarms: list.find((p) => p.plantId === plantId)!.activeAlarms.count,
      });
      expect(watcher.topics.get(`voltfleet/plant/${plantId}/availability`)).toBe('online');
    }
    const roof = watcher.json(`voltfleet/plant/${plants.roof}/state`);
    expect(roof).toMatchObject({ pv_power: 4200, battery_soc: 63, battery_charge_power: 700, grid_export_power: 2000 });
    expect(roof.active_alarms).toBe(1);
    expect(roof.battery_charge_energy_today).toBeGreaterThan(0);

    const devices = await get<{ items: DeviceListItem[] }>(`/api/devices?plantId=${plants.roof}`);
    const inverter = devices.items.find((d) => d.sn === 'HAROOF0001')!;
    expect(watcher.json('voltfleet/device/haroof0001/state')).toEqual({
      pv_power: inverter.latest!.pvPowerW,
      load_power: inverter.latest!.loadPowerW,
      grid_power: inverter.latest!.gridPowerW,
      battery_power: inverter.latest!.batPowerW,
      battery_soc: inverter.latest!.batSocPct,
      pv_energy_today: inverter.latest!.pvEnergyTodayKwh,
      active_alarms: inverter.activeAlarms.count,
    });
  });

  it('with an API key limited to one plant, publishes that plant and its devices alone', async () => {
    const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await api<{ key: string }>(s.app, 'POST', '/api/api-keys', {
      token,
      body: { name: 'Home Assistant', expiresOn, access: 'read', permissions: ['A', 'B/A'], plantIds: [plants.roof] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const keyed = startHaBridge({
      config: {
        ...bridgeConfig(),
        apiKey: created.body.data.key,
        discoveryPrefix: 'homeassistant/key',
        topicPrefix: 'voltfleet/key',
      },
      log: silentLog,
    });
    try {
      const round = await new Promise<RoundResult>((resolve) => keyed.events.once('round', resolve));
      expect(round).toEqual({ ok: true, plants: 1, devices: 1, removed: [] });
      const state = `voltfleet/key/plant/${plants.roof}/state`;
      await watcher.until('the keyed bridge’s state', () => watcher.topics.has(state));
      expect(watcher.json(state)).toEqual(watcher.json(`voltfleet/plant/${plants.roof}/state`));
      const nodes = new Set(
        [...watcher.topics.keys()].filter((t) => t.startsWith('homeassistant/key/sensor/')).map((t) => t.split('/')[3]),
      );
      expect([...nodes].sort()).toEqual(['voltfleet_device_haroof0001', node(plants.roof)]);
    } finally {
      await keyed.stop();
    }
  });

  it('withdraws the sensors of a plant that leaves the key’s scope', async () => {
    const shedConfigs = [...watcher.configs(node(plants.shed)).keys()];
    expect(shedConfigs.length).toBeGreaterThan(0);
    await s.db.query(`UPDATE plants SET owner_id = $1 WHERE id = $2`, [other, plants.shed]);
    await s.db.query(`UPDATE devices SET owner_id = $1 WHERE plant_id = $2`, [other, plants.shed]);
    const result = await bridge!.pollNow();
    expect(result).toMatchObject({ ok: true, removed: [`plant_${plants.shed}`, 'device_hashed0001'] });
    const cleared = (n: string, keys: string[]) =>
      keys.every((k) => watcher.topics.get(`homeassistant/sensor/${n}/${k}/config`) === '');
    await watcher.until('the shed’s configs cleared', () => cleared(node(plants.shed), shedConfigs));
    await watcher.until('the shed inverter’s configs cleared', () =>
      cleared('voltfleet_device_hashed0001', ['pv_power', 'active_alarms']),
    );
    expect(watcher.topics.get(`voltfleet/plant/${plants.shed}/state`)).toBe('');
    // The others stay.
    expect(watcher.configs(node(plants.roof)).size).toBeGreaterThan(0);
  });

  it('says offline when it stops, and a restarted bridge withdraws what left the scope meanwhile', async () => {
    await bridge!.stop();
    await watcher.until('the bridge offline', () => watcher.topics.get('voltfleet/bridge/availability') === 'offline');
    const barnConfigs = [...watcher.configs(node(plants.barn)).keys()];
    expect(barnConfigs).toContain('pv_power');
    await s.db.query(`UPDATE plants SET owner_id = $1 WHERE id = $2`, [other, plants.barn]);
    await s.db.query(`UPDATE devices SET owner_id = $1 WHERE plant_id = $2`, [other, plants.barn]);

    const first = await startBridge();
    expect(first).toMatchObject({ ok: true, plants: 1, removed: [`plant_${plants.barn}`, 'device_habarn0001'] });
    await watcher.until('the barn’s configs cleared', () =>
      barnConfigs.every((k) => watcher.topics.get(`homeassistant/sensor/${node(plants.barn)}/${k}/config`) === ''),
    );
    await watcher.until('the bridge online', () => watcher.topics.get('voltfleet/bridge/availability') === 'online');
  });

  it('neither an unreachable API nor an unreachable broker ends the process: it says why and retries', async () => {
    const port = await closedPort();
    const down = startHaBridge({
      config: { ...bridgeConfig(), apiUrl: `http://127.0.0.1:${port}`, topicPrefix: 'voltfleet/down' },
      log: silentLog,
    });
    const failed = await new Promise<RoundResult>((resolve) => down.events.once('round', resolve));
    expect(failed).toMatchObject({ ok: false, reason: 'api' });
    await watcher.until(
      'the API-less bridge unavailable',
      () => watcher.topics.get('voltfleet/down/bridge/availability') === 'offline',
    );
    await down.stop();

    const noBroker = startHaBridge({
      config: { ...bridgeConfig(), mqttUrl: `mqtt://127.0.0.1:${port}` },
      log: silentLog,
    });
    expect(await noBroker.pollNow()).toEqual({ ok: false, reason: 'broker' });
    await noBroker.stop();
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
