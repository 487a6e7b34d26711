import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { AlarmDetail, AlarmPage } from '@voltfleet/domain/alarms';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { alarmWorld, type AlarmWorld } from './alarm-world.test-support.js';

let w: AlarmWorld;
const A: Record<string, number> = {};

beforeAll(async () => {
  w = await alarmWorld('AD');
  const d = w.devices;
  A.active = await w.alarm({ deviceId: d.PRG1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T22:30:00Z' });
  A.acked = await w.alarm({
    deviceId: d.PRG1,
    code: 'battery.socLow',
    raisedAt: '2026-03-03T23:30:00Z',
    recoveredAt: '2026-03-04T01:00:00Z',
    ack: { at: '2026-03-04T00:10:00Z', by: w.users.dealerA, note: 'fuse replaced' },
  });
  A.unknown = await w.alarm({ deviceId: d.SHA1, code: 'unknown.77', deviceCode: 77, raisedAt: '2026-03-04T02:00:00Z' });
  A.second = await w.alarm({ deviceId: d.PRG2, code: 'ac.shortCircuit', raisedAt: '2026-03-02T10:00:00Z' });
  A.third = await w.alarm({ deviceId: d.SHA1, code: 'pv.pv1Overvoltage', raisedAt: '2026-03-03T16:30:00Z' });
  A.otherBranch = await w.alarm({ deviceId: d.BER1, code: 'grid.voltageHigh', raisedAt: '2026-03-03T12:00:00Z' });
});
afterAll(() => w.s.close());

/** What the tables say about acknowledgements: compared before and after refused requests. */
async function ackState() {
  const alarms = await w.s.db.query(
    `SELECT id, acknowledged_at, acknowledged_by, ack_note, updated_at FROM alarms ORDER BY id`,
  );
  const events = await w.s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alarm_events`);
  return { alarms: alarms.rows, events: events.rows[0]!.n };
}

describe('GET /api/alarms/:id (the drawer)', () => {
  it('shows cause, handling and the timeline in the caller’s language', async () => {
    const res = await w.get<AlarmDetail>('dealerA', `/api/alarms/${A.acked}`, 'de');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: A.acked,
      name: 'Batterie-SOC unter der Untergrenze',
      acknowledgedBy: 'ADdealerA',
      ackNote: 'fuse replaced',
    });
    expect(res.body.data.cause).toMatch(/Ladezustand/);
    expect(res.body.data.handling.length).toBeGreaterThan(20);
    expect(res.body.data.events).toEqual([
      { at: '2026-03-03T23:30:00.000Z', kind: 'raised', user: null, note: null },
      { at: '2026-03-04T00:10:00.000Z', kind: 'acknowledged', user: 'ADdealerA', note: 'fuse replaced' },
      { at: '2026-03-04T01:00:00.000Z', kind: 'recovered', user: null, note: null },
    ]);
    const unknown = await w.get<AlarmDetail>('dealerA', `/api/alarms/${A.unknown}`, 'en');
    expect(unknown.body.data).toMatchObject({ name: 'Unknown code 77', group: 'other' });
    expect(unknown.body.data.cause).toContain('code 77');
  });

  it('answers another branch’s alarm exactly like a missing one', async () => {
    const other = await w.get('dealerA', `/api/alarms/${A.otherBranch}`, 'zh');
    const missing = await w.get('dealerA', '/api/alarms/987654321', 'zh');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(other.body.msg).toBe('未找到');
    expect((await w.get('admin', `/api/alarms/${A.otherBranch}`)).status).toBe(200);
  });

  it('needs the alarm search page', async () => {
    expect((await w.get('deviceList', `/api/alarms/${A.active}`)).status).toBe(403);
    expect((await w.get('dealerA', '/api/alarms/0')).status).toBe(400);
    expect((await w.get('dealerA', '/api/alarms/abc')).status).toBe(400);
  });
});

/** A live tab of a user, collecting the alarm events it hears. */
async function tab(token: string) {
  const messages: LiveMessage[] = [];
  const ws: WebSocket = await w.s.app.injectWS(
    '/api/ws',
    { headers: { token } },
    { onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage)) },
  );
  await expect.poll(() => messages.some((m) => m.type === 'hello')).toBe(true);
  return { ws, alarms: () => messages.filter((m) => m.type === 'alarm') };
}

describe('POST /api/alarms/acknowledge', () => {
  it('acknowledges one alarm with a note: the row, the timeline, the operation record and the live push', async () => {
    const mine = await tab(w.tokens.dealerA);
    const theirs = await tab(w.tokens.dealerB);
    const res = await w.post<{ acknowledged: number }>(
      'dealerA',
      '/api/alarms/acknowledge',
      { ids: [A.active], note: '  on my way  ' },
      'en',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'ok', msg: '1 alarm(s) acknowledged', data: { acknowledged: 1 } });
    const detail = (await w.get<AlarmDetail>('dealerA', `/api/alarms/${A.active}`)).body.data;
    expect(detail).toMatchObject({ acknowledgedBy: 'ADdealerA', ackNote: 'on my way', state: 'active' });
    expect(Date.now() - Date.parse(detail.acknowledgedAt!)).toBeLessThan(60_000);
    expect(detail.events.at(-1)).toEqual({
      at: detail.acknowledgedAt,
      kind: 'acknowledged',
      user: 'ADdealerA',
      note: 'on my way',
    });
    const record = await w.s.db.query<{
      action: string;
      category: string;
      object_id: string;
      ok: boolean;
      params: object;
    }>(
      `SELECT action, category, object_id, ok, params FROM operation_records WHERE action = 'alarm.acknowledge'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(record.rows[0]).toMatchObject({
      action: 'alarm.acknowledge',
      category: 'alarm',
      object_id: String(A.active),
      ok: true,
    });
    expect(JSON.stringify(record.rows[0]!.params)).toContain('on my way');
    await expect.poll(() => mine.alarms().length).toBe(1);
    expect(mine.alarms()[0]).toMatchObject({
      type: 'alarm',
      event: 'acknowledged',
      alarm: { id: A.active, deviceId: w.devices.PRG1, plantId: w.plants.prague, code: 'grid.voltageHigh' },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.alarms()).toEqual([]);
    mine.ws.terminate();
    theirs.ws.terminate();
  });

  it('acknowledges many at once; acknowledged, foreign and missing ids are left alone', async () => {
    const res = await w.post<{ acknowledged: number }>(
      'dealerA',
      '/api/alarms/acknowledge',
      { ids: [A.active, A.second, A.third, A.third, A.otherBranch, 987654321], note: '' },
      'zh',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.acknowledged).toBe(2);
    expect(res.body.msg).toBe('已确认 2 条告警');
    const page = (await w.get<AlarmPage>('admin', '/api/alarms?pageSize=50')).body.data.items;
    const byId = new Map(page.map((r) => [r.id, r]));
    expect(byId.get(A.second!)).toMatchObject({ acknowledgedBy: 'ADdealerA', ackNote: null });
    expect(byId.get(A.third!)).toMatchObject({ acknowledgedBy: 'ADdealerA', ackNote: null });
    // The first acknowledgement stays; another branch's alarm is untouched.
    expect(byId.get(A.active!)).toMatchObject({ ackNote: 'on my way' });
    expect(byId.get(A.otherBranch!)).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null });
    const record = await w.s.db.query<{ object_id: string }>(
      `SELECT object_id FROM operation_records WHERE action = 'alarm.acknowledge' ORDER BY id DESC LIMIT 1`,
    );
    expect(record.rows[0]!.object_id).toBe(`${A.second},${A.third}`);
    expect(
      (await w.get<AlarmPage>('dealerA', '/api/alarms?ack=unacknowledged')).body.data.items.map((r) => r.id),
    ).toEqual([A.unknown]);
  });

  it('needs the acknowledge permission', async () => {
    const before = await ackState();
    const res = await w.post('viewer', '/api/alarms/acknowledge', { ids: [A.unknown], note: 'x' }, 'cs');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(await ackState()).toEqual(before);
  });
});

/** A request with a raw body (JSON.stringify cannot write 1e309 or a lone surrogate escape). */
async function raw(payload: string, lang = 'zh') {
  const res = await w.s.app.inject({
    method: 'POST',
    url: '/api/alarms/acknowledge',
    headers: { token: w.tokens.dealerA, 'accept-language': lang, 'content-type': 'application/json' },
    payload,
  });
  return { status: res.statusCode, body: res.json<{ code: string; msg: string }>() };
}

const CJK = /[\u4e00-\u9fff]/;

describe('hostile input', () => {
  it.each([
    ['an array where the object belongs', '[]'],
    ['an array of ids as the body', `[${A.unknown ?? 1}]`],
    ['ids not an array', '{"ids": {"0": 1}, "note": ""}'],
    ['no ids', '{"ids": [], "note": ""}'],
    ['201 ids', JSON.stringify({ ids: Array.from({ length: 201 }, (_, i) => i + 1), note: '' })],
    ['a number too large for any column', '{"ids": [1e309], "note": ""}'],
    ['a fraction', '{"ids": [1.5], "note": ""}'],
    ['a negative id', '{"ids": [-1], "note": ""}'],
    ['a NUL byte in the note', '{"ids": [1], "note": "a\\u0000b"}'],
    ['a lone surrogate in the note', '{"ids": [1], "note": "a\\ud800b"}'],
    ['a note of 501 characters', JSON.stringify({ ids: [1], note: 'x'.repeat(501) })],
    ['an unknown field', '{"ids": [1], "note": "", "acknowledgedBy": 1}'],
    ['not JSON', '{"ids": [1'],
  ])('refuses %s with a message in the caller’s language and changes nothing', async (_what, payload) => {
    const before = await ackState();
    const res = await raw(payload.replace(/\[1\]/g, `[${A.unknown}]`));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(res.body.msg).toMatch(CJK);
    expect(await ackState()).toEqual(before);
  });

  it('refuses a 1 MB note as too large, in the caller’s language, and changes nothing', async () => {
    const before = await ackState();
    const res = await raw(JSON.stringify({ ids: [A.unknown], note: 'x'.repeat(1024 * 1024) }));
    expect([400, 413]).toContain(res.status);
    expect(res.body.code).toBe('validation');
    expect(res.body.msg).toMatch(CJK);
    expect(await ackState()).toEqual(before);
  });

  it.each([
    ['a NUL byte', 'q=a%00b'],
    ['a 1 MB text', `q=${'x'.repeat(1024 * 1024)}`],
    ['1e309 as a plant', 'plantId=1e309'],
    ['1e309 as a page', 'page=1e309'],
    ['an array where one value belongs', 'q=a&q=b'],
    ['an unknown severity', 'severity=fatal'],
    ['an unknown sort', 'sort=name'],
  ])('refuses a search with %s, in the caller’s language', async (_what, query) => {
    const res = await w.get('dealerA', `/api/alarms?${query}`, 'zh');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(CJK);
  });

  it('takes a URL’s undecodable bytes (a surrogate in CESU-8) as text that matches nothing', async () => {
    const res = await w.get<AlarmPage>('dealerA', '/api/alarms?q=a%ED%A0%80b', 'zh');
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
  });
});
