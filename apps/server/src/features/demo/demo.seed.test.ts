import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFleetConfig } from '@voltfleet/simulator';
import type { Db } from '../../db/db.js';
import { openTestDb } from '../../test/harness.js';
import { allDeviceStatuses } from '../devices/devices.repository.js';
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

  it('links each battery to its inverter and each inverter to its collector, so all of them show online', async () => {
    // Runs after the seed above.
    const links = async () =>
      Object.fromEntries(
        (
          await db.query<{ sn: string; via: string | null }>(
            `SELECT d.sn, v.sn AS via FROM devices d LEFT JOIN devices v ON v.id = d.reports_via`,
          )
        ).rows.map((r) => [r.sn, r.via]),
      );
    const expected = Object.fromEntries(
      config.devices.map((d) => [
        d.sn,
        d.kind === 'battery' ? d.inverterSn : d.kind === 'inverter' ? (d.collectorSn ?? null) : null,
      ]),
    );
    expect(Object.values(expected).filter((via) => via !== null)).toHaveLength(
      config.devices.filter((d) => d.kind !== 'collector').length,
    );
    expect(await links()).toEqual(expected);

    // With every inverter reporting, every device of the fleet is online (batteries and collectors included).
    await db.query(`UPDATE devices SET last_seen_at = now() WHERE kind = 'inverter'`);
    const statuses = await allDeviceStatuses(db, 300);
    expect(statuses.filter((d) => d.status !== 'online')).toEqual([]);
    expect(statuses).toHaveLength(config.devices.length);

    // A fleet seeded before the links existed gets the same ones from migration 0020.
    await db.query(`UPDATE devices SET reports_via = NULL`);
    const migration = new URL('../../db/migrations/0020_reports_via_backfill.sql', import.meta.url);
    await db.exec(await readFile(migration, 'utf8'));
    expect(await links()).toEqual(expected);
  });
});
