import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '@voltfleet/domain/time';
import { type PlantWeather } from '@voltfleet/domain/plants';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { startWeatherFixtureServer, type WeatherFixtureServer } from '../../test/weather-fixture-server.js';
import { openMeteoProvider } from './weather.provider.js';
import { startWeatherJob } from './weather.job.js';
import { DEFAULT_WEATHER_POLICY, WeatherService } from './weather.service.js';

let fixtures: WeatherFixtureServer;
let s: TestServer;
let admin: string;
let viewer: string;
const plants: Record<string, number> = {};
let nextLatitude = 10;

/** A plant at its own latitude (so fixture requests can be told apart) owned by `ownerId`. */
async function plant(name: string, ownerId: number, timeZone = 'Europe/Prague'): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
     VALUES ($1, 1, 10, 14.44, $2, $3, $4) RETURNING id`,
    [name, (nextLatitude += 0.5), timeZone, ownerId],
  );
  plants[name] = rows[0]!.id;
  return rows[0]!.id;
}

async function latitudeOf(plantId: number): Promise<string> {
  const { rows } = await s.db.query<{ latitude: number }>(`SELECT latitude FROM plants WHERE id = $1`, [plantId]);
  return String(rows[0]!.latitude);
}

/** How often the fixture server was asked about this plant's location. */
async function fetchesOf(plantId: number): Promise<number> {
  const latitude = await latitudeOf(plantId);
  return fixtures.requests.filter((q) => q.get('latitude') === latitude).length;
}

async function cacheRow(plantId: number) {
  const { rows } = await s.db.query<{
    days: unknown[] | null;
    last_error: string | null;
    failures: number;
    wait_s: number;
  }>(
    `SELECT days, last_error, failures, extract(epoch FROM next_attempt_at - now())::float8 AS wait_s
       FROM weather_forecasts WHERE plant_id = $1`,
    [plantId],
  );
  return rows[0];
}

const weatherOf = (plantId: number, token: string) =>
  api<PlantWeather>(s.app, 'GET', `/api/plants/${plantId}/weather`, { token });

beforeAll(async () => {
  fixtures = await startWeatherFixtureServer();
  s = await startTestServer({ WEATHER_URL: fixtures.url, WEATHER_TIMEOUT_MS: '2000' });
  const root = await adminId(s.db);
  const role = await makeRole(s.db, 'weather viewer', ['A']);
  const branch = await makeUser(s.db, { username: 'weather_branch', roleId: role, superiorId: root });
  const other = await makeUser(s.db, { username: 'weather_other', roleId: role, superiorId: root });
  await plant('own', branch.id);
  await plant('foreign', other.id);
  await plant('affiliated', other.id);
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [plants.affiliated!, branch.id]);
  admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  viewer = await loginToken(s.app, 'weather_branch', 'Passw0rd-1');
});
afterAll(async () => {
  await s?.close();
  await fixtures?.close();
});
beforeEach(() => {
  fixtures.mode = 'fixture';
});

describe('GET /api/plants/:plantId/weather', () => {
  it('fetches once on demand, then answers from the cache in the plant calendar', async () => {
    const first = await weatherOf(plants.own!, viewer);
    expect(first.status).toBe(200);
    const data = first.body.data;
    if (!data.available) throw new Error(`expected a forecast, got ${JSON.stringify(data)}`);
    expect(data.days).toHaveLength(3);
    expect(data.days[0]!.date).toBe(localDay(Date.now(), 'Europe/Prague'));
    expect(data.days.map((d) => d.weatherCode)).toEqual([2, 80, 95]);
    expect(data.stale).toBe(false);
    const again = await weatherOf(plants.own!, viewer);
    expect(again.body.data).toEqual(data);
    expect(await fetchesOf(plants.own!)).toBe(1);
  });

  it('shows affiliated plants and hides other branches exactly like missing plants', async () => {
    expect((await weatherOf(plants.affiliated!, viewer)).body.data).toMatchObject({ available: true });
    const foreign = await weatherOf(plants.foreign!, viewer);
    const missing = await weatherOf(2_000_000_000, viewer);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.msg).toBe('Cannot find this plant');
    expect(await fetchesOf(plants.foreign!)).toBe(0);
  });

  it('says the forecast is unavailable when the service fails, and does not retry at once', async () => {
    const id = await plant('offline', await adminId(s.db));
    fixtures.mode = 'http-error';
    const first = await weatherOf(id, admin);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ available: false, reason: 'unreachable' });
    expect(first.body.data).toHaveProperty('attemptedAt', expect.any(String));
    fixtures.mode = 'fixture';
    expect((await weatherOf(id, admin)).body.data).toMatchObject({ available: false, reason: 'unreachable' });
    expect(await fetchesOf(id)).toBe(1);
    expect((await cacheRow(id))?.last_error).toMatch(/HTTP 503/);
  });

  it('needs the Plant Center module', async () => {
    const role = await makeRole(s.db, 'devices only', ['B', 'B/A']);
    await makeUser(s.db, { username: 'weather_nomodule', roleId: role, superiorId: await adminId(s.db) });
    const token = await loginToken(s.app, 'weather_nomodule', 'Passw0rd-1');
    expect((await weatherOf(plants.own!, token)).status).toBe(403);
  });

  it('answers "disabled" when WEATHER_PROVIDER=off, without calling anyone', async () => {
    const off = await startTestServer({ WEATHER_PROVIDER: 'off', WEATHER_URL: fixtures.url });
    try {
      const id = (
        await off.db.query<{ id: number }>(
          `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, owner_id)
         VALUES ('off', 1, 10, 14.44, 1.25, 'UTC', $1) RETURNING id`,
          [await adminId(off.db)],
        )
      ).rows[0]!.id;
      const token = await loginToken(off.app, 'admin', TEST_ADMIN_PASSWORD);
      const res = await api(off.app, 'GET', `/api/plants/${id}/weather`, { token });
      expect(res.body.data).toEqual({ available: false, reason: 'disabled', attemptedAt: null });
      expect(fixtures.requests.some((q) => q.get('latitude') === '1.25')).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('refresh job', () => {
  const service = () =>
    new WeatherService(s.db, openMeteoProvider({ url: fixtures.url, timeoutMs: 2000 }), DEFAULT_WEATHER_POLICY);
  const makeDue = (id: number) =>
    s.db.query(`UPDATE weather_forecasts SET next_attempt_at = now() - interval '1 second' WHERE plant_id = $1`, [id]);

  it('fetches new plants, leaves fresh ones alone and refetches stale ones', async () => {
    const id = await plant('job', await adminId(s.db), 'Asia/Shanghai');
    const first = await service().refreshDue(100, 600);
    expect(first).toContainEqual({ plantId: id, ok: true });
    expect(await fetchesOf(id)).toBe(1);
    expect((await cacheRow(id))?.wait_s).toBeGreaterThan(3 * 3600 - 60);

    expect(await service().refreshDue(100, 600)).toEqual([]);
    expect(await fetchesOf(id)).toBe(1);

    await makeDue(id);
    expect(await service().refreshDue(100, 600)).toEqual([{ plantId: id, ok: true }]);
    expect(await fetchesOf(id)).toBe(2);
  });

  it('keeps the old forecast on failure, records the error and backs off', async () => {
    const id = plants.own!;
    const before = await cacheRow(id);
    fixtures.mode = 'malformed';
    await makeDue(id);
    expect(await service().refreshDue(100, 600)).toEqual([{ plantId: id, ok: false, error: 'the answer is not JSON' }]);
    const after = await cacheRow(id);
    expect(after?.days).toEqual(before?.days);
    expect(after).toMatchObject({ last_error: 'the answer is not JSON', failures: 1 });
    expect(after!.wait_s).toBeGreaterThan(290);
    expect(after!.wait_s).toBeLessThan(301);

    const shown = (await weatherOf(id, viewer)).body.data;
    expect(shown).toMatchObject({ available: true, stale: true });

    await makeDue(id);
    await service().refreshDue(100, 600);
    const twice = await cacheRow(id);
    expect(twice?.failures).toBe(2);
    expect(twice!.wait_s).toBeGreaterThan(590);

    fixtures.mode = 'fixture';
    await makeDue(id);
    await service().refreshDue(100, 600);
    expect(await cacheRow(id)).toMatchObject({ last_error: null, failures: 0 });
    expect((await weatherOf(id, viewer)).body.data).toMatchObject({ available: true, stale: false });
  });

  it('refetches a plant that moved, and never serves the old location meanwhile', async () => {
    const id = plants.affiliated!;
    await s.db.query(
      `UPDATE plants SET latitude = 48.5, time_zone = 'Europe/Berlin', updated_at = now() WHERE id = $1`,
      [id],
    );
    // Fetched moments ago: the on-demand gap holds, so the route says "pending" instead of the old place's weather.
    expect((await weatherOf(id, viewer)).body.data).toMatchObject({ available: false, reason: 'pending' });
    const outcomes = await service().refreshDue(100, 600);
    expect(outcomes).toContainEqual({ plantId: id, ok: true });
    expect(fixtures.requests.at(-1)?.get('timezone')).toBe('Europe/Berlin');
    expect((await weatherOf(id, viewer)).body.data).toMatchObject({ available: true });
  });

  it('skips a plant deleted while its forecast was on the way', async () => {
    const id = await plant('deleted', await adminId(s.db));
    await s.db.query(`DELETE FROM plants WHERE id = $1`, [id]);
    const gone = { plantId: id, latitude: 60, longitude: 14.44, timeZone: 'UTC', tiltDeg: 30, azimuthDeg: 180 };
    expect(await service().refresh(gone)).toEqual({ ok: true });
    fixtures.mode = 'http-error';
    expect(await service().refresh(gone)).toMatchObject({ ok: false });
    expect(await cacheRow(id)).toBeUndefined();
  });

  it('does not hand a leased plant to a second claim', async () => {
    const id = await plant('leased', await adminId(s.db));
    fixtures.mode = 'slow';
    const slow = new WeatherService(s.db, openMeteoProvider({ url: fixtures.url, timeoutMs: 300 }));
    const [a, b] = await Promise.all([slow.refreshDue(100, 600), slow.refreshDue(100, 600)]);
    const claims = [...a, ...b].filter((o) => o.plantId === id);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ ok: false, error: 'no answer within 300 ms' });
  });

  it('runs a round when started and finishes it before stopping', async () => {
    const id = await plant('started', await adminId(s.db), 'America/Sao_Paulo');
    const stop = startWeatherJob(service(), s.app.log, { everyMs: 3_600_000, batch: 50, leaseSeconds: 600 });
    await stop();
    expect(await fetchesOf(id)).toBe(1);
    const shown = (await weatherOf(id, admin)).body.data;
    // The day is the plant's own: São Paulo's calendar, whatever the server's zone.
    expect(shown.available && shown.days[0]?.date).toBe(localDay(Date.now(), 'America/Sao_Paulo'));
  });
});
