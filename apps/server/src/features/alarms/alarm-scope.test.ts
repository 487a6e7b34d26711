import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemplate } from '../../test/template.js';
import type { WebSocket } from 'ws';
import type { AlarmLiveEvent, AlarmOverview, AlarmPage } from '@voltfleet/domain/alarms';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { openDb } from '../../db/db.js';
import { LiveBus } from '../live/live.bus.js';
import { LiveHub } from '../live/live.hub.js';
import { decodeEvents, encodeEvents } from '../live/live.wire.js';
import { startAlarmPush } from './alarm-push.js';
import { alarmWorld, insertAlarm, type AlarmWorld } from './alarm-world.test-support.js';

let w: AlarmWorld;
let mine = 0;
let theirs = 0;

beforeAll(async () => {
  w = await alarmWorld('SC');
  mine = await w.alarm({ deviceId: w.devices.PRG1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T22:30:00Z' });
  theirs = await w.alarm({ deviceId: w.devices.BER1, code: 'ac.shortCircuit', raisedAt: '2026-03-03T12:00:00Z' });
});
afterAll(() => w.s.close());

const ids = (page: AlarmPage) => page.items.map((r) => r.id);

describe('a user of another branch never sees this branch’s alarms', () => {
  it('not in the search, whatever the filter', async () => {
    for (const query of [
      '',
      `?deviceId=${w.devices.PRG1}`,
      `?plantId=${w.plants.prague}`,
      '?q=SCPRG1',
      '?q=Prague',
      '?code=grid.voltageHigh',
      '?sort=sn',
      '?sort=plant',
    ]) {
      const res = await w.get<AlarmPage>('dealerB', `/api/alarms${query}`);
      expect(res.status).toBe(200);
      expect(ids(res.body.data), query).not.toContain(mine);
    }
    expect(ids((await w.get<AlarmPage>('dealerB', '/api/alarms')).body.data)).toEqual([theirs]);
    expect(ids((await w.get<AlarmPage>('dealerA', '/api/alarms')).body.data)).toEqual([mine]);
  });

  it('not in the overview counts', async () => {
    const o = (await w.get<AlarmOverview>('dealerB', '/api/alarms/overview?from=2026-03-01&to=2026-03-31')).body.data;
    expect(o.total).toBe(1);
    expect(o.topDevices.map((d) => d.deviceId)).toEqual([w.devices.BER1]);
    const foreign = await w.get<AlarmOverview>(
      'dealerB',
      `/api/alarms/overview?from=2026-03-01&to=2026-03-31&deviceId=${w.devices.PRG1}`,
    );
    expect(foreign.body.data.total).toBe(0);
  });

  it('not in the export', async () => {
    const res = await w.s.app.inject({
      url: `/api/alarms/export?format=csv&deviceId=${w.devices.PRG1}`,
      headers: { token: w.tokens.dealerB },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SCPRG1');
    expect(res.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('not in the drawer: 404 like a missing alarm', async () => {
    const res = await w.get('dealerB', `/api/alarms/${mine}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual((await w.get('dealerB', '/api/alarms/99999999')).body);
  });

  it('and cannot acknowledge it: nothing changes', async () => {
    const res = await w.post<{ acknowledged: number }>('dealerB', '/api/alarms/acknowledge', {
      ids: [mine],
      note: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.acknowledged).toBe(0);
    const row = await w.s.db.query(`SELECT acknowledged_at, ack_note FROM alarms WHERE id = $1`, [mine]);
    expect(row.rows[0]).toEqual({ acknowledged_at: null, ack_note: null });
    const events = await w.s.db.query(`SELECT kind FROM alarm_events WHERE alarm_id = $1`, [mine]);
    expect(events.rows).toEqual([{ kind: 'raised' }]);
  });

  it('unless affiliated to the plant: then its alarms are theirs to see', async () => {
    await w.s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [
      w.plants.berlin,
      w.users.viewer,
    ]);
    expect(ids((await w.get<AlarmPage>('viewer', '/api/alarms')).body.data)).toEqual([theirs]);
    expect((await w.get('viewer', `/api/alarms/${theirs}`)).status).toBe(200);
    expect((await w.get('viewer', `/api/alarms/${mine}`)).status).toBe(404);
  });
});

/** A live tab, collecting the alarm events it hears. */
async function tab(token: string) {
  const messages: LiveMessage[] = [];
  const ws: WebSocket = await w.s.app.injectWS(
    '/api/ws',
    { headers: { token } },
    { onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage)) },
  );
  await expect.poll(() => messages.some((m) => m.type === 'hello')).toBe(true);
  return { ws, alarmIds: () => messages.filter((m) => m.type === 'alarm').map((m) => m.alarm.id) };
}

const event = (id: number, deviceId: number, plantId: number | null, over: object = {}): AlarmLiveEvent => ({
  type: 'alarm',
  event: 'raised',
  alarm: {
    id,
    deviceId,
    plantId,
    code: 'grid.voltageHigh',
    severity: 'major',
    state: 'active',
    raisedAt: '2026-03-03T22:30:00.000Z',
    recoveredAt: null,
    ...over,
  },
});

describe('the live push (startAlarmPush)', () => {
  it('delivers each engine event only to the tabs of users who may see the device', async () => {
    const engine = new EventEmitter();
    const warnings: string[] = [];
    const stop = startAlarmPush(w.s.app.live, engine, { warn: (_o, msg) => void warnings.push(msg) });
    const [a, b, admin] = await Promise.all([tab(w.tokens.dealerA), tab(w.tokens.dealerB), tab(w.tokens.admin)]);
    engine.emit('alarm', event(1001, w.devices.PRG1, w.plants.prague));
    engine.emit('alarm', event(1002, w.devices.BER1, w.plants.berlin, { state: 'recovered' }));
    // Not the contract's shape: dropped, with a warning.
    engine.emit('alarm', event(1003, w.devices.PRG1, w.plants.prague, { severity: 'fatal' }));
    await expect.poll(() => admin.alarmIds()).toEqual([1001, 1002]);
    await expect.poll(() => a.alarmIds()).toEqual([1001]);
    await expect.poll(() => b.alarmIds()).toEqual([1002]);
    expect(warnings).toHaveLength(1);
    stop();
    engine.emit('alarm', event(1004, w.devices.PRG1, w.plants.prague));
    await new Promise((r) => setTimeout(r, 150));
    expect(a.alarmIds()).toEqual([1001]);
    for (const t of [a, b, admin]) t.ws.terminate();
  });

  it('drops the cached totals and overviews at any alarm event', async () => {
    const total = async () => (await w.get<AlarmPage>('dealerA', '/api/alarms?state=active')).body.data.total;
    const before = await total();
    // Written behind the engine's back: the cached total stands until an event says something changed.
    const id = await insertAlarm(w.s.db, {
      deviceId: w.devices.PRG2,
      code: 'ac.overload',
      raisedAt: '2026-03-05T00:00:00Z',
    });
    expect(await total()).toBe(before);
    w.s.app.live.publishAlarm(event(id, w.devices.PRG2, w.plants.prague));
    expect(await total()).toBe(before + 1);
  });

  it('carries alarm events between processes unchanged (the NOTIFY wire format)', () => {
    const sent = event(7, 3, null, { state: 'recovered', recoveredAt: '2026-03-04T00:00:00.000Z' });
    let seq = 0;
    const { payloads } = encodeEvents([{ type: 'alarm', event: sent }], 'origin', () => ++seq);
    expect(decodeEvents(payloads[0]!).events).toEqual([{ type: 'alarm', event: sent }]);
    expect(() => decodeEvents('origin 1 x [["a","raised",1]]')).toThrow();
  });
});

describe.skipIf(testTemplate().kind !== 'postgres')('alarm events of another process (PostgreSQL)', () => {
  it('reach this process’s tabs that may see the device, and clear its caches', async () => {
    const url = (w.s.db.native as pg.Pool).options.connectionString!;
    const other = await openDb({ databaseUrl: url });
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const bus = new LiveBus(other, new LiveHub(other), { log: quiet, listen: false });
    const [a, b] = await Promise.all([tab(w.tokens.dealerA), tab(w.tokens.dealerB)]);
    try {
      const total = async () => (await w.get<AlarmPage>('dealerA', '/api/alarms?state=active')).body.data.total;
      const before = await total();
      const id = await insertAlarm(other, {
        deviceId: w.devices.PRG1,
        code: 'ac.overload',
        raisedAt: '2026-03-06T00:00:00Z',
      });
      bus.publishAlarm(event(id, w.devices.PRG1, w.plants.prague));
      await expect.poll(() => a.alarmIds()).toContain(id);
      await new Promise((r) => setTimeout(r, 150));
      expect(b.alarmIds()).not.toContain(id);
      expect(await total()).toBe(before + 1);
    } finally {
      a.ws.terminate();
      b.ws.terminate();
      await bus.close();
      bus.hub.close();
      await other.close();
    }
  });
});
