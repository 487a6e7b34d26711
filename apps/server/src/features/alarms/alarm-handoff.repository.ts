import type { ReportedFault } from '@voltfleet/domain/alarms';
import type { Queryable } from '../../db/db.js';

// The handoff of readings between ingest processes (alarm_handoff, migration 0042; decision 0028): written by a
// process that received readings of devices another process owns, read and deleted by the owner.

/** The channel a handoff is announced on; the payload is the shards it wrote to, comma-separated. */
export const HANDOFF_CHANNEL = 'alarm_handoff';

/** A reading's stated fault set, on its way to the process that owns its device. */
export interface HandedReading {
  shard: number;
  deviceId: number;
  ts: number;
  faults: ReportedFault[];
}

/** Writes `readings` for their owners and tells them, in one statement. */
export async function handOver(db: Queryable, readings: readonly HandedReading[]): Promise<void> {
  if (readings.length === 0) return;
  const shards = [...new Set(readings.map((r) => r.shard))];
  await db.query(
    `WITH written AS (
       INSERT INTO alarm_handoff (shard, device_id, ts, faults)
         SELECT h.shard, h.device_id, h.ts, h.faults
         FROM unnest($1::int2[], $2::int4[], $3::timestamptz[], $4::jsonb[]) AS h(shard, device_id, ts, faults)
         -- A device deleted since its reading was stored has nothing left to evaluate.
         JOIN devices d ON d.id = h.device_id
     )
     SELECT pg_notify($5, $6)`,
    [
      readings.map((r) => r.shard),
      readings.map((r) => r.deviceId),
      readings.map((r) => new Date(r.ts).toISOString()),
      readings.map((r) => JSON.stringify(r.faults)),
      HANDOFF_CHANNEL,
      shards.join(','),
    ] as never[],
  );
}

/** The readings waiting for these shards, in the order they were handed over. */
export async function pendingHandoffs(
  db: Queryable,
  shards: readonly number[],
): Promise<(HandedReading & { id: number })[]> {
  if (shards.length === 0) return [];
  const { rows } = await db.query<{ id: string; shard: number; device_id: number; ts: Date; faults: ReportedFault[] }>(
    `SELECT id, shard, device_id, ts, faults FROM alarm_handoff WHERE shard = ANY($1::int2[]) ORDER BY id`,
    [[...shards]],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    shard: r.shard,
    deviceId: r.device_id,
    ts: new Date(r.ts).getTime(),
    faults: r.faults,
  }));
}

/** Removes handed readings once evaluated (in the evaluation's transaction, so they go only if it commits). */
export async function deleteHandoffs(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`DELETE FROM alarm_handoff WHERE id = ANY($1::int8[])`, [[...ids]]);
}

/** The shards that have readings waiting (a safety net for a missed notice or an owner that is gone). */
export async function shardsWaiting(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ shard: number }>(`SELECT DISTINCT shard FROM alarm_handoff`);
  return rows.map((r) => r.shard);
}
