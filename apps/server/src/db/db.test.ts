import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/harness.js';
import type { Db } from './db.js';

/*
 * Statements that keep their plan (QueryOptions.keepPlan) on the engine under test: the same answers as any other
 * statement, through the pool and inside a transaction; on PostgreSQL they stay prepared on their connection (PGlite
 * has one connection and no pool, and runs them as any other statement).
 */

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db?.close());

const SQUARE = `SELECT $1::int * $1::int AS n`;
const PLUS = `SELECT $1::int + 1 AS n`;

describe('statements that keep their plan', () => {
  it('answer as any statement, call after call (past the five custom plans) and on every pooled connection', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_v, i) => db.query<{ n: number }>(SQUARE, [i], { keepPlan: true })),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 24 }, (_v, i) => i * i));
    // Another text kept as well: a statement of its own, not a clash of names.
    expect((await db.query<{ n: number }>(PLUS, [41], { keepPlan: true })).rows[0]!.n).toBe(42);
  });

  it('stay prepared on their connection on PostgreSQL, inside a transaction too', async () => {
    const prepared = await db.transaction(async (tx) => {
      expect((await tx.query<{ n: number }>(SQUARE, [7], { keepPlan: true })).rows[0]!.n).toBe(49);
      expect((await tx.query<{ n: number }>(SQUARE, [8], { keepPlan: true })).rows[0]!.n).toBe(64);
      const { rows } = await tx.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'vf\\_%' AND statement = $1`,
        [SQUARE],
      );
      return rows.map((r) => r.statement);
    });
    expect(prepared).toEqual(db.kind === 'postgres' ? [SQUARE] : []);
  });
});
