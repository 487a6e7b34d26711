import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlantScript, ScriptTestRun } from '@voltfleet/domain/plants';
import {
  adminId,
  api,
  builtinRoleId,
  loginToken,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { insertPlant } from '../plants/plants.repository.js';
import { runScriptsOnce } from './scripts.job.js';
import { acquireSandbox, releaseSandbox } from './shared-sandbox.js';

let s: TestServer;
const tokens: Record<string, string> = {};
const plants: Record<string, number> = {};

const REVERSE_METER = `# the grid meter is mounted in reverse
def derive(buckets):
    out = []
    for b in buckets:
        t = {k: 0.0 for k in ["pv_kwh", "load_kwh", "grid_import_kwh", "grid_export_kwh",
                              "bat_charge_kwh", "bat_discharge_kwh"]}
        for d in b["devices"].values():
            for k in t:
                t[k] += d[k]
        t["grid_import_kwh"], t["grid_export_kwh"] = t["grid_export_kwh"], t["grid_import_kwh"]
        out.append(t)
    return out

def indicators(buckets, figures):
    return {"Devices seen": len({sn for b in buckets for sn in b["devices"]}),
            "Export": {"value": sum(f["grid_export_kwh"] for f in figures), "unit": "kWh"}}
`;

/** Yesterday in Prague: 12 buckets from 10:00 local, import 0.1 and export 0.3 kWh per bucket and device. */
async function seedDay(plantId: number, sn: string, ownerId: number) {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, owner_id, plant_id) VALUES ($1, 'inverter', 'SE-10K', $2, $3) RETURNING id`,
    [sn, ownerId, plantId],
  );
  await s.db.query(
    `INSERT INTO device_energy_5m (device_id, bucket, pv_kwh, load_kwh, grid_import_kwh, grid_export_kwh)
     SELECT $1, ((now() AT TIME ZONE 'Europe/Prague')::date - 1 + time '10:00')::timestamp AT TIME ZONE 'Europe/Prague'
                + make_interval(mins => 5 * i), 0.5, 0.2, 0.1, 0.3
       FROM generate_series(0, 11) AS i`,
    [rows[0]!.id],
  );
  // The default sums, as the ingest would have written them.
  await s.db.query(
    `INSERT INTO plant_energy_day (plant_id, day, pv_kwh, load_kwh, grid_import_kwh, grid_export_kwh)
     VALUES ($1, (now() AT TIME ZONE 'Europe/Prague')::date - 1, 6, 2.4, 1.2, 3.6)
     ON CONFLICT (plant_id, day) DO UPDATE SET pv_kwh = 6, load_kwh = 2.4, grid_import_kwh = 1.2, grid_export_kwh = 3.6`,
    [plantId],
  );
}

const figuresDay = async (plantId: number) =>
  (
    await s.db.query<{ grid_import_kwh: number; grid_export_kwh: number; pv_kwh: number }>(
      `SELECT round(grid_import_kwh::numeric, 6)::float8 AS grid_import_kwh,
              round(grid_export_kwh::numeric, 6)::float8 AS grid_export_kwh, round(pv_kwh::numeric, 6)::float8 AS pv_kwh
         FROM plant_figures_day
        WHERE plant_id = $1 AND day = (now() AT TIME ZONE 'Europe/Prague')::date - 1`,
      [plantId],
    )
  ).rows[0];

/** One pass of the job on the same shared sandbox the routes use. */
async function runJob() {
  try {
    await runScriptsOnce(s.db, acquireSandbox(), s.app.log);
  } finally {
    await releaseSandbox();
  }
}

const url = (plantId: number, rest = '') => `/api/plants/${plantId}/script${rest}`;
const testRun = (token: string, plantId: number, source: string, lang = 'en') =>
  api<ScriptTestRun>(s.app, 'POST', url(plantId, '/test-run'), { token, body: { source }, lang });

// admin ─┬─ scDealerA ─┬─ Roof_A (device SA1), Barn_B (device SB1), scViewer (module A only)
//        └─ scDealerX (another branch)
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const dealer = await builtinRoleId(s.db, 'dealer');
  const viewer = await makeRole(s.db, 'ScriptViewer', ['A'], root);
  const a = (await makeUser(s.db, { username: 'scDealerA', roleId: dealer, superiorId: root })).id;
  await makeUser(s.db, { username: 'scDealerX', roleId: dealer, superiorId: root });
  await makeUser(s.db, { username: 'scViewer', roleId: viewer, superiorId: a, level: 2 });
  for (const name of ['Roof_A', 'Barn_B']) {
    plants[name] = await insertPlant(s.db, {
      ...{ name, type: 1, powerKw: 10, capacityKwh: 20, longitude: 14.42, latitude: 50.08, address: 'Praha' },
      ...{ azimuthDeg: 180, inclinationDeg: 30, currency: 'CZK', onGridType: 2, timeZone: 'Europe/Prague' },
      ...{ ownerId: a, constructionDate: null },
    });
  }
  await seedDay(plants.Roof_A!, 'SA1', a);
  await seedDay(plants.Barn_B!, 'SB1', a);
  for (const name of ['scDealerA', 'scDealerX', 'scViewer']) tokens[name] = await loginToken(s.app, name, 'Passw0rd-1');
}, 120_000);
afterAll(() => s.close());

describe('plant script API', () => {
  it('shows a plant without a script', async () => {
    const res = await api<PlantScript>(s.app, 'GET', url(plants.Roof_A!), { token: tokens.scDealerA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ active: false, source: null, version: 0, lastError: null });
  });

  it('answers 404 outside the caller’s scope and 403 without script.edit', async () => {
    for (const [method, rest] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/test-run'],
    ] as const) {
      const res = await api(s.app, method, url(plants.Roof_A!, rest), {
        token: tokens.scDealerX,
        ...(method === 'PUT' || method === 'POST' ? { body: { source: REVERSE_METER } } : {}),
      });
      expect(res.status, `${method} ${rest}`).toBe(404);
      expect(res.body.msg).toBe('Cannot find this plant');
    }
    const put = await api(s.app, 'PUT', url(plants.Roof_A!), { token: tokens.scViewer, body: { source: 'x' } });
    expect(put.status).toBe(403);
  });

  it('test-runs on the last day of data: totals of this plant only, and indicators', async () => {
    const res = await testRun(tokens.scDealerA!, plants.Roof_A!, REVERSE_METER);
    expect(res.status).toBe(200);
    const run = res.body.data;
    expect(run.error).toBeNull();
    expect(run.buckets).toBe(12);
    expect(run.totals?.grid_import_kwh).toBeCloseTo(3.6);
    expect(run.totals?.grid_export_kwh).toBeCloseTo(1.2);
    expect(run.totals?.pv_kwh).toBeCloseTo(6);
    // The script saw one device: Barn_B's SB1 never reached it.
    expect(run.indicators).toEqual([
      { name: 'Devices seen', value: 1, unit: '' },
      { name: 'Export', value: expect.closeTo(1.2, 6) as number, unit: 'kWh' },
    ]);
  });

  it('returns the line of a syntax error and of a runtime error', async () => {
    const syntax = await testRun(tokens.scDealerA!, plants.Roof_A!, 'def derive(buckets):\n    return [\n\nx = (');
    expect(syntax.body.data.error).toMatchObject({ line: 4, message: expect.stringMatching(/^SyntaxError/) as string });
    const runtime = await testRun(tokens.scDealerA!, plants.Roof_A!, 'def derive(buckets):\n\n    return buckets[99]');
    expect(runtime.body.data.error).toEqual({ message: 'IndexError: list index out of range', line: 3 });
    expect(runtime.body.data.totals).toBeNull();
  });

  it('rejects an invalid result with a localised message', async () => {
    const res = await testRun(tokens.scDealerA!, plants.Roof_A!, 'def derive(buckets):\n    return []', 'de');
    expect(res.body.data.error).toEqual({
      message: 'derive hat 0 Einträge statt 12 zurückgegeben (einer je Intervall)',
      line: null,
    });
  });

  it('refuses host access through the API and stays healthy', async () => {
    const js = await testRun(tokens.scDealerA!, plants.Roof_A!, 'import js\ndef derive(b):\n    return []');
    expect(js.body.data.error?.message).toMatch(/^ImportError: The module 'js' is not available/);
    const loop = await testRun(tokens.scDealerA!, plants.Roof_A!, 'def derive(b):\n    while True:\n        pass');
    expect(loop.body.data.error).toEqual({ message: 'The script ran longer than 10 s and was stopped', line: null });
    expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await testRun(tokens.scDealerA!, plants.Roof_A!, REVERSE_METER)).body.data.error).toBeNull();
  }, 60_000);

  it('answers a source with a lone surrogate with a localised 400, and the sandbox keeps serving', async () => {
    for (const [method, rest] of [
      ['POST', '/test-run'],
      ['PUT', ''],
    ] as const) {
      const res = await api(s.app, method, url(plants.Roof_A!, rest), {
        token: tokens.scDealerA,
        body: { source: 'def derive(b):\n    return []\n# \ud800' },
        lang: 'de',
      });
      expect(res.status, method).toBe(400);
      expect(res.body.msg).toBe('Der Text enthält ein ungültiges Unicode-Zeichen (ein einzelnes Surrogat)');
    }
    expect((await testRun(tokens.scDealerA!, plants.Roof_A!, REVERSE_METER)).body.data.error).toBeNull();
  }, 60_000);

  it('refuses to save a script that does not compile or has no derive, and changes nothing', async () => {
    const broken = await api(s.app, 'PUT', url(plants.Roof_A!), {
      token: tokens.scDealerA,
      body: { source: 'def derive(buckets)\n    return []' },
    });
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body.data)).toContain('The script does not compile (line 1)');
    const noDerive = await api(s.app, 'PUT', url(plants.Roof_A!), {
      token: tokens.scDealerA,
      body: { source: 'x = 1' },
    });
    expect(JSON.stringify(noDerive.body.data)).toContain('The script must define a function derive(buckets)');
    const tooLong = await api(s.app, 'PUT', url(plants.Roof_A!), {
      token: tokens.scDealerA,
      body: { source: `def derive(b):\n    return []\n${'#'.repeat(20_001)}` },
    });
    expect(tooLong.status).toBe(400);
    const after = await api<PlantScript>(s.app, 'GET', url(plants.Roof_A!), { token: tokens.scDealerA });
    expect(after.body.data).toMatchObject({ active: false, source: null });
  });

  it('saves (audited), and the job changes this plant’s figures only', async () => {
    const res = await api<PlantScript>(s.app, 'PUT', url(plants.Roof_A!), {
      token: tokens.scDealerA,
      body: { source: REVERSE_METER },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ active: true, version: 1, source: REVERSE_METER, updatedBy: 'scDealerA' });
    // The audit record is written once the response has gone out (onResponse): on PostgreSQL it may land a moment
    // after inject() resolves.
    const record = await vi.waitFor(async () => {
      const found = await s.db.query<{ params: { version: number; sha256: string; source: string } }>(
        `SELECT params FROM operation_records WHERE action = 'plantScript.save' AND object_id = $1 AND ok`,
        [String(plants.Roof_A)],
      );
      if (found.rows.length === 0) throw new Error('no operation record yet');
      return found;
    });
    expect(record.rows[0]?.params).toMatchObject({ version: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(record.rows[0]?.params.source).toContain('the grid meter is mounted in reverse');

    await runJob();
    expect(await figuresDay(plants.Roof_A!)).toEqual({ grid_import_kwh: 3.6, grid_export_kwh: 1.2, pv_kwh: 6 });
    expect(await figuresDay(plants.Barn_B!)).toEqual({ grid_import_kwh: 1.2, grid_export_kwh: 3.6, pv_kwh: 6 });
    const script = (await api<PlantScript>(s.app, 'GET', url(plants.Roof_A!), { token: tokens.scDealerA })).body.data;
    expect(script.lastRunAt).not.toBeNull();
    expect(script.lastError).toBeNull();
    expect(script.indicators.map((i) => i.name)).toEqual(['Devices seen', 'Export']);
  }, 60_000);

  it('keeps the last good figures and shows the error when the script starts failing', async () => {
    const failing = 'def derive(buckets):\n    raise ValueError("meter offline")';
    expect(
      (await api(s.app, 'PUT', url(plants.Roof_A!), { token: tokens.scDealerA, body: { source: failing } })).status,
    ).toBe(200);
    await runJob();
    expect(await figuresDay(plants.Roof_A!)).toEqual({ grid_import_kwh: 3.6, grid_export_kwh: 1.2, pv_kwh: 6 });
    const script = (await api<PlantScript>(s.app, 'GET', url(plants.Roof_A!), { token: tokens.scDealerA })).body.data;
    expect(script.version).toBe(2);
    expect(script.lastError).toMatch(/^\d{4}-\d{2}-\d{2}, line 2: ValueError: meter offline$/);
  }, 60_000);

  it('deactivation falls back to the default sums', async () => {
    const res = await api<PlantScript>(s.app, 'DELETE', url(plants.Roof_A!), { token: tokens.scDealerA, lang: 'cs' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Vymazáno');
    expect(res.body.data.active).toBe(false);
    expect(await figuresDay(plants.Roof_A!)).toEqual({ grid_import_kwh: 1.2, grid_export_kwh: 3.6, pv_kwh: 6 });
  });
});
