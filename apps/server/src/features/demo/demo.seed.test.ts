import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleetConfig } from '@voltfleet/simulator';
import type { Db } from '../../db/db.js';
import { openTestDb } from '../../test/harness.js';
import { seedDemo } from './demo.seed.js';

const config = demoFleetConfig({ startMs: Date.UTC(2026, 10, 1) });
let db: Db;
let dataDir: string;

beforeAll(async () => {
  db = await openTestDb();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vf-demo-seed-'));
});
afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params as never[])).rows[0]!.n);

describe('demo fleet seed', () => {
  it('creates the configured users, plants and devices once, and answers the same credentials the second time', async () => {
    const opts = { dataDir, hash: async (p: string) => `hash:${p}`, log: () => undefined };
    const first = await seedDemo(db, config, opts);
    expect(Object.keys(first.users).sort()).toEqual(config.users.map((u) => u.username).sort());
    expect(await count(`SELECT count(*) AS n FROM plants`)).toBe(config.plants.length);
    expect(await count(`SELECT count(*) AS n FROM devices WHERE activated_at IS NOT NULL`)).toBe(config.devices.length);
    // Every inverter gets a link secret (stored hashed), batteries none.
    const inverters = config.devices.filter((d) => d.kind === 'inverter');
    expect(Object.keys(first.secrets).sort()).toEqual(inverters.map((d) => d.sn).sort());
    expect(await count(`SELECT count(*) AS n FROM devices WHERE secret_hash IS NOT NULL`)).toBe(inverters.length);
    // A plant with an installer is affiliated to them, and its devices are held by them.
    const withInstaller = config.plants.filter((p) => p.installer);
    expect(withInstaller.length).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM plant_users`)).toBe(withInstaller.length);
    for (const p of withInstaller) {
      const held = await count(
        `SELECT count(*) AS n FROM devices d JOIN users u ON u.id = d.owner_id JOIN plants p ON p.id = d.plant_id
          WHERE u.username = $1 AND p.name = $2`,
        [p.installer, p.name],
      );
      expect(held).toBe(config.devices.filter((d) => d.plantId === p.id).length);
    }
    // Users sit below their superior in the tree.
    for (const u of config.users.filter((x) => x.superior)) {
      const below = await count(
        `SELECT count(*) AS n FROM users c JOIN users s ON c.path LIKE s.path || '%' AND c.id <> s.id
          WHERE c.username = $1 AND s.username = $2`,
        [u.username, u.superior],
      );
      expect(below).toBe(1);
    }
    const again = await seedDemo(db, config, opts);
    expect(again).toEqual(first);
    expect(await count(`SELECT count(*) AS n FROM devices`)).toBe(config.devices.length);
  });
});
