import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_HEADER, type KioskLink, type KioskLinkCreated } from '@voltfleet/domain/big-screen';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../test/harness.js';
import { addDevice, addFigures, addPlant } from '../../test/plant-figures-fixture.js';
import { Ingest } from '../telemetry/ingest.js';

// admin ─┬─ bsDealerA: X and Y (both live, both with an alarm) ─ bsSubA: Z
//        └─ bsDealerB: W
// A link of dealer A for X alone must never show Y, Z or W, on any big-screen endpoint.
const ZONE = 'Europe/Prague';
const PASSWORD = 'Passw0rd-1';
const ENDPOINTS = ['scope', 'summary', 'plants', 'alarms', 'charts', 'flow'] as const;

let s: TestServer;
const plants = { x: 0, y: 0, z: 0, w: 0 };
const tokens = { a: '', b: '', admin: '' };
let dealerA: { id: number; path: string };
let linkX: KioskLinkCreated;
/** The plant-local day ('YYYY-MM-DD', Prague) the figures were written to. */
let figuresDay = '';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A big-screen read with a kiosk token, a session token, or neither. */
async function screen(path: string, who: { kiosk?: string; token?: string; lang?: string } = {}) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/big-screen/${path}`,
    headers: {
      'accept-language': who.lang ?? 'en',
      ...(who.kiosk ? { [KIOSK_HEADER]: who.kiosk } : {}),
      ...(who.token ? { token: who.token } : {}),
    },
  });
  return { status: res.statusCode, body: res.json<{ code: string; msg: string; data: unknown }>(), text: res.body };
}

async function createLink(token: string, body: unknown, lang = 'en') {
  return api<KioskLinkCreated>(s.app, 'POST', '/api/kiosk-links', { token, body, lang });
}

/** A live reading of the device half a minute ago, through the real ingest (powers only: no energy figures). */
async function reading(id: number, sn: string, pvPowerW: number, batSocPct: number) {
  const ingest = new Ingest(s.db, { maxBatch: 10 });
  const values = { pvPowerW, loadPowerW: 1000, gridPowerW: -500, batPowerW: 200, batSocPct };
  await ingest.submit({ id, sn }, { sn, ts: Date.now() - 30_000, values });
  await ingest.flush();
}

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  dealerA = await makeUser(s.db, { username: 'bsDealerA', roleId: dealer, superiorId: root });
  const subA = await makeUser(s.db, { username: 'bsSubA', roleId: dealer, superiorId: dealerA.id });
  const dealerB = await makeUser(s.db, { username: 'bsDealerB', roleId: dealer, superiorId: root });
  plants.x = await addPlant(s.db, { name: 'Plant_X', ownerId: dealerA.id, timeZone: ZONE, powerKw: 10 });
  plants.y = await addPlant(s.db, { name: 'Plant_Y', ownerId: dealerA.id, timeZone: ZONE, powerKw: 20 });
  plants.z = await addPlant(s.db, { name: 'Plant_Z', ownerId: subA.id, timeZone: ZONE });
  plants.w = await addPlant(s.db, { name: 'Plant_W', ownerId: dealerB.id, timeZone: ZONE });
  const devX = await addDevice(s.db, { sn: 'BSX0001', ownerId: dealerA.id, plantId: plants.x, alarm: true });
  const devY = await addDevice(s.db, { sn: 'BSY0001', ownerId: dealerA.id, plantId: plants.y, alarm: true });
  const devW = await addDevice(s.db, { sn: 'BSW0001', ownerId: dealerB.id, plantId: plants.w, alarm: true });
  await reading(devX, 'BSX0001', 3000, 55);
  await reading(devY, 'BSY0001', 7000, 95);
  await reading(devW, 'BSW0001', 9000, 15);
  const localNow = new Date(Date.now()).toLocaleString('sv-SE', { timeZone: ZONE }).slice(0, 16);
  figuresDay = localNow.slice(0, 10);
  await addFigures(s.db, plants.x, ZONE, localNow, { pv: 12, load: 4 });
  await addFigures(s.db, plants.y, ZONE, localNow, { pv: 50, load: 9 });
  await addFigures(s.db, plants.w, ZONE, localNow, { pv: 70, load: 1 });
  tokens.a = await loginToken(s.app, 'bsDealerA', PASSWORD);
  tokens.b = await loginToken(s.app, 'bsDealerB', PASSWORD);
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  const created = await createLink(tokens.a, { name: 'Lobby X', plantIds: [plants.x], expiresOn: inDays(30) });
  expect(created.status).toBe(200);
  linkX = created.body.data;
}, 120_000);
afterAll(() => s.close());

describe('kiosk links', () => {
  it('returns the token once and keeps only its hash', async () => {
    expect(linkX.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkX).toMatchObject({ name: 'Lobby X', plantIds: [plants.x], plantNames: ['Plant_X'], state: 'active' });
    const stored = await s.db.query<{ token_hash: string }>(`SELECT token_hash FROM kiosk_links WHERE id = $1`, [
      linkX.id,
    ]);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.token_hash).not.toContain(linkX.token);
    const list = await api<KioskLink[]>(s.app, 'GET', '/api/kiosk-links', { token: tokens.a });
    expect(list.body.data.map((l) => l.id)).toContain(linkX.id);
    expect(JSON.stringify(list.body.data)).not.toContain(linkX.token);
  });

  it('lists and revokes within the subtree: the superior sees it, another branch gets "not found"', async () => {
    const admin = await api<KioskLink[]>(s.app, 'GET', '/api/kiosk-links', { token: tokens.admin });
    expect(admin.body.data.find((l) => l.id === linkX.id)?.ownerName).toBe('bsDealerA');
    const other = await api<KioskLink[]>(s.app, 'GET', '/api/kiosk-links', { token: tokens.b });
    expect(other.body.data.map((l) => l.id)).not.toContain(linkX.id);
    const revoke = await api(s.app, 'DELETE', `/api/kiosk-links/${linkX.id}`, { token: tokens.b });
    const missing = await api(s.app, 'DELETE', '/api/kiosk-links/2000000001', { token: tokens.b });
    expect(revoke.status).toBe(404);
    expect(revoke.body).toEqual(missing.body);
    expect((await screen('scope', { kiosk: linkX.token })).status).toBe(200);
  });

  it('refuses plants outside the caller’s scope, a past or too distant last day, with the field named', async () => {
    const before = await s.db.query(`SELECT count(*)::int AS n FROM kiosk_links`);
    const cases: [unknown, string][] = [
      [{ name: 'Other branch', plantIds: [plants.w], expiresOn: inDays(5) }, 'plantIds'],
      [{ name: 'Missing', plantIds: [2_000_000_001], expiresOn: inDays(5) }, 'plantIds'],
      [{ name: 'Past', plantIds: null, expiresOn: inDays(-1) }, 'expiresOn'],
      [{ name: 'Far', plantIds: null, expiresOn: inDays(400) }, 'expiresOn'],
    ];
    for (const [body, field] of cases) {
      const res = await createLink(tokens.a, body, 'de');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.data as unknown as { issues: { path: string }[] }).issues[0]!.path).toBe(field);
    }
    const w = await createLink(tokens.a, cases[0]![0], 'de');
    expect(w.body.msg).toBe('Wählen Sie nur Anlagen, die Sie sehen dürfen');
    expect((await s.db.query(`SELECT count(*)::int AS n FROM kiosk_links`)).rows).toEqual(before.rows);
  });

  it('answers hostile input with a localised 400 and stores nothing', async () => {
    const before = await s.db.query(`SELECT count(*)::int AS n FROM kiosk_links`);
    const raw = [
      '{"name":"a\\u0000b","plantIds":null,"expiresOn":"2030-01-01"}',
      `{"name":"ok","plantIds":[1e309],"expiresOn":"${inDays(3)}"}`,
      `{"name":"ok","plantIds":[2147483648],"expiresOn":"${inDays(3)}"}`,
      `{"name":"\\ud800","plantIds":null,"expiresOn":"${inDays(3)}"}`,
      `{"name":["a"],"plantIds":null,"expiresOn":"${inDays(3)}"}`,
      `{"name":"ok","plantIds":"1","expiresOn":"${inDays(3)}"}`,
      `{"name":"ok","plantIds":null,"expiresOn":["${inDays(3)}"]}`,
      `[{"name":"ok","plantIds":null,"expiresOn":"${inDays(3)}"}]`,
      `{"name":"ok","plantIds":null,"expiresOn":"${inDays(3)}","ownerId":1}`,
    ];
    for (const payload of raw) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/kiosk-links',
        headers: { token: tokens.a, 'accept-language': 'cs', 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      const body = res.json<{ code: string; msg: string }>();
      expect(body.code).toBe('validation');
      expect(body.msg).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/); // a sentence, not a message key
    }
    expect((await s.db.query(`SELECT count(*)::int AS n FROM kiosk_links`)).rows).toEqual(before.rows);
    for (const plantId of ['2147483648', '1e309', 'x', '%00', '-1']) {
      const res = await screen(`flow?plantId=${plantId}`, { kiosk: linkX.token, lang: 'de' });
      expect(res.status, plantId).toBe(400);
      expect(res.body.code).toBe('validation');
    }
  });

  it('audits creation and revocation, never with the token', async () => {
    const made = await createLink(tokens.a, { name: 'Audited', plantIds: null, expiresOn: inDays(2) });
    const id = made.body.data.id;
    const revoked = await api<KioskLink>(s.app, 'DELETE', `/api/kiosk-links/${id}`, { token: tokens.a });
    expect(revoked.body.data.state).toBe('revoked');
    // Idempotent: again 200, the first revocation time kept.
    const again = await api<KioskLink>(s.app, 'DELETE', `/api/kiosk-links/${id}`, { token: tokens.a });
    expect(again.status).toBe(200);
    expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);
    const { rows } = await s.db.query<{ action: string; object_type: string; params: unknown; ok: boolean }>(
      `SELECT action, object_type, params, ok FROM operation_records WHERE object_id = $1 AND object_type = 'kioskLink'
        ORDER BY id`,
      [String(id)],
    );
    expect(rows.map((r) => [r.action, r.ok])).toEqual([
      ['kioskLink.create', true],
      ['kioskLink.revoke', true],
      ['kioskLink.revoke', true],
    ]);
    expect(JSON.stringify(rows)).not.toContain(made.body.data.token);
  });
});

describe('a link for plant X', () => {
  it('never reads another plant on any big-screen endpoint', async () => {
    for (const path of ENDPOINTS) {
      const res = await screen(path, { kiosk: linkX.token });
      expect(res.status, path).toBe(200);
      for (const name of ['Plant_Y', 'Plant_Z', 'Plant_W', 'BSY0001', 'BSW0001'])
        expect(res.text, path).not.toContain(name);
    }
    const scope = (await screen('scope', { kiosk: linkX.token })).body.data;
    expect(scope).toMatchObject({
      kind: 'kiosk',
      name: 'Lobby X',
      plantCount: 1,
      views: ['map', 'charts', 'flowGraph'],
    });
    const summary = (await screen('summary', { kiosk: linkX.token })).body.data as {
      summary: {
        counts: { all: number; alarm: number };
        energy: { today: { pvKwh: number } };
        activeAlarms: { total: number; bySeverity: Record<string, number> };
      };
    };
    expect(summary.summary.counts.all).toBe(1);
    expect(summary.summary.counts.alarm).toBe(1);
    expect(summary.summary.energy.today.pvKwh).toBe(12);
    expect(summary.summary.activeAlarms).toMatchObject({ total: 1, bySeverity: { major: 1 } });
    const markers = (await screen('plants', { kiosk: linkX.token })).body.data as { plants: { plantId: number }[] };
    expect(markers.plants).toEqual([
      expect.objectContaining({
        plantId: plants.x,
        pvPowerW: 3000,
        pvTodayKwh: 12,
        alarms: { count: 1, maxSeverity: 'major' },
      }),
    ]);
    const alarms = (await screen('alarms', { kiosk: linkX.token })).body.data as { alarms: { plantId: number }[] };
    expect(alarms.alarms.map((a) => a.plantId)).toEqual([plants.x]);
    const charts = (await screen('charts', { kiosk: linkX.token })).body.data as {
      topPlants: { plantId: number; kwhPerKwp: number }[];
      socBands: number[];
      days: { labels: string[]; pvKwh: number[] };
      months: { labels: string[] };
    };
    expect(charts.topPlants).toEqual([{ plantId: plants.x, name: 'Plant_X', kwhPerKwp: 1.2, pvTodayKwh: 12 }]);
    expect(charts.socBands).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(charts.days.labels).toHaveLength(30);
    // The chart's days are UTC days; the figures sit on Prague's day. Within the hour or two after midnight in Prague
    // that day is still tomorrow in UTC, beyond the chart, and UTC today holds nothing of this plant.
    const utcToday = charts.days.labels.at(-1)!;
    expect(utcToday).toBe(new Date().toISOString().slice(0, 10));
    expect(figuresDay >= utcToday).toBe(true);
    expect(charts.days.pvKwh.at(-1)).toBe(figuresDay === utcToday ? 12 : 0);
    expect(charts.months.labels).toHaveLength(12);
    const flow = (await screen('flow', { kiosk: linkX.token })).body.data as { power: { pvPowerW: number } };
    expect(flow.power.pvPowerW).toBe(3000);
  });

  it('answers the flow of a plant outside the link exactly as for a missing plant', async () => {
    const y = await screen(`flow?plantId=${plants.y}`, { kiosk: linkX.token });
    const w = await screen(`flow?plantId=${plants.w}`, { kiosk: linkX.token });
    const missing = await screen('flow?plantId=2000000001', { kiosk: linkX.token });
    expect(missing.status).toBe(404);
    expect(y.text).toBe(missing.text);
    expect(w.text).toBe(missing.text);
  });

  it('gives the plant detail’s power flow and today’s energy for its own plant', async () => {
    const flow = (await screen(`flow?plantId=${plants.x}`, { kiosk: linkX.token })).body.data as Record<
      string,
      unknown
    >;
    const overview = await api<Record<string, unknown>>(s.app, 'GET', `/api/plants/${plants.x}/overview`, {
      token: tokens.a,
    });
    expect(flow).toEqual({
      plantId: plants.x,
      name: 'Plant_X',
      power: overview.body.data.power,
      energyToday: overview.body.data.energyToday,
    });
  });
});

describe('sessions', () => {
  it('show the user’s subtree: dealer A sees X, Y, Z; dealer B only W', async () => {
    const a = (await screen('plants', { token: tokens.a })).body.data as { plants: { name: string }[] };
    expect(a.plants.map((p) => p.name).sort()).toEqual(['Plant_X', 'Plant_Y', 'Plant_Z']);
    const b = (await screen('plants', { token: tokens.b })).body.data as { plants: { name: string }[] };
    expect(b.plants.map((p) => p.name)).toEqual(['Plant_W']);
    expect((await screen('scope', { token: tokens.b })).body.data).toMatchObject({ kind: 'session', plantCount: 1 });
  });

  it('sum the same figures as plant statistics for the same user', async () => {
    for (const token of [tokens.a, tokens.b]) {
      const screenSummary = (await screen('summary', { token })).body.data as { summary: Record<string, unknown> };
      const stats = await api<Record<string, unknown>>(s.app, 'GET', '/api/plant-statistics/summary', { token });
      const { generatedAt: _a, ...fromScreen } = screenSummary.summary;
      const { generatedAt: _b, ...fromStats } = stats.body.data;
      expect(fromScreen).toEqual(fromStats);
    }
  });

  it('need a session or a link', async () => {
    const res = await screen('summary');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

describe('refused links', () => {
  it('refuse a revoked link at once, with a message the screen can show', async () => {
    const made = (await createLink(tokens.a, { name: 'Soon revoked', plantIds: null, expiresOn: inDays(1) })).body.data;
    expect((await screen('summary', { kiosk: made.token })).status).toBe(200);
    await api(s.app, 'DELETE', `/api/kiosk-links/${made.id}`, { token: tokens.a });
    for (const path of ENDPOINTS) {
      const res = await screen(path, { kiosk: made.token, lang: 'de' });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({
        code: 'unauthorized',
        msg: 'Dieser Großbild-Link wurde widerrufen. Bitten Sie die Person, die ihn erstellt hat, um einen neuen Link.',
        data: { reason: 'revoked' },
      });
    }
  });

  it('refuse an expired link, an unknown token and a disabled owner’s link', async () => {
    const made = (await createLink(tokens.a, { name: 'Expiring', plantIds: null, expiresOn: inDays(1) })).body.data;
    await s.db.query(`UPDATE kiosk_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [made.id]);
    expect((await screen('charts', { kiosk: made.token })).body.data).toEqual({ reason: 'expired' });
    // Another last character (the same one would be the same token: one time in 64).
    const other = `${linkX.token.slice(0, -1)}${linkX.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await screen('charts', { kiosk: other })).body.data).toEqual({
      reason: 'invalid',
    });

    const b = (await createLink(tokens.b, { name: 'B lobby', plantIds: null, expiresOn: inDays(1) })).body.data;
    expect((await screen('plants', { kiosk: b.token })).status).toBe(200);
    await s.db.query(`UPDATE users SET enabled = false WHERE username = 'bsDealerB'`);
    const refused = await screen('plants', { kiosk: b.token });
    await s.db.query(`UPDATE users SET enabled = true WHERE username = 'bsDealerB'`);
    expect(refused.status).toBe(401);
    expect(refused.body.data).toEqual({ reason: 'invalid' });
  });

  it('note their last use at most once a minute', async () => {
    const stale = await s.db.query<{ t: Date }>(
      `UPDATE kiosk_links SET last_used_at = now() - interval '2 minutes' WHERE id = $1 RETURNING last_used_at AS t`,
      [linkX.id],
    );
    await screen('scope', { kiosk: linkX.token });
    const first = await s.db.query<{ t: Date }>(`SELECT last_used_at AS t FROM kiosk_links WHERE id = $1`, [linkX.id]);
    await screen('scope', { kiosk: linkX.token });
    const second = await s.db.query<{ t: Date }>(`SELECT last_used_at AS t FROM kiosk_links WHERE id = $1`, [linkX.id]);
    expect(first.rows[0]!.t.getTime()).toBeGreaterThan(stale.rows[0]!.t.getTime());
    expect(second.rows[0]!.t).toEqual(first.rows[0]!.t);
  });
});
