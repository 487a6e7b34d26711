import type { Queryable } from '../../db/db.js';
import { deviceOnlineSql } from '../devices/index.js';

/**
 * What the deciding transactions read to build a webhook's data (names, serial numbers, plants), and the device
 * status round's compare-and-record. Every statement that writes webhook_device_status is here.
 */

export interface AlarmSourceRow {
  id: string;
  code: string;
  severity: string;
  state: string;
  flapping: boolean;
  device_id: number;
  sn: string;
  plant_id: number | null;
  plant_name: string | null;
}

export async function alarmSources(tx: Queryable, alarmIds: readonly number[]): Promise<AlarmSourceRow[]> {
  const { rows } = await tx.query<AlarmSourceRow>(
    `SELECT a.id::text AS id, a.code, a.severity, a.state, a.flapping, d.id AS device_id, d.sn, a.plant_id,
            p.name AS plant_name
       FROM alarms a JOIN devices d ON d.id = a.device_id LEFT JOIN plants p ON p.id = a.plant_id
      WHERE a.id = ANY ($1::bigint[])`,
    [[...alarmIds]],
  );
  return rows;
}

export interface CommandSourceRow {
  /** A bigint: text from PostgreSQL, so it is read as text on both engines. */
  id: string;
  kind: string;
  sn: string;
  device_id: number;
  plant_id: number | null;
}

export async function commandSources(tx: Queryable, commandIds: readonly number[]): Promise<CommandSourceRow[]> {
  const { rows } = await tx.query<CommandSourceRow>(
    `SELECT c.id::text AS id, c.kind, d.sn, d.id AS device_id, d.plant_id
       FROM commands c JOIN devices d ON d.id = c.device_id WHERE c.id = ANY ($1::bigint[])`,
    [[...commandIds]],
  );
  return rows;
}

export interface WorkOrderSourceRow {
  id: number;
  title: string;
  type: string;
  priority: string;
  state: string;
  plant_id: number | null;
  plant_name: string | null;
  device_sn: string | null;
  assignee: string | null;
  due_date: string | null;
}

export async function workOrderSource(tx: Queryable, id: number): Promise<WorkOrderSourceRow | undefined> {
  const { rows } = await tx.query<WorkOrderSourceRow>(
    `SELECT w.id, w.title, w.type, w.priority, w.state, w.plant_id, p.name AS plant_name, d.sn AS device_sn,
            a.username AS assignee, to_char(w.due_date, 'YYYY-MM-DD') AS due_date
       FROM work_orders w LEFT JOIN plants p ON p.id = w.plant_id LEFT JOIN devices d ON d.id = w.device_id
       LEFT JOIN users a ON a.id = w.assignee_id
      WHERE w.id = $1`,
    [id],
  );
  return rows[0];
}

// Any fixed number, the same in every process: the round is one process's at a time.
const ROUND_LOCK = 0x5748_0001;

/** The round's lock for this transaction; false when another process holds it (that one does the round). */
export async function takeStatusRound(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock($1) AS ok`, [ROUND_LOCK]);
  return rows[0]?.ok === true;
}

export interface StatusChangeRow {
  id: number;
  sn: string;
  plant_id: number;
  plant_name: string;
  online: boolean;
  last_seen_at: Date | null;
}

/**
 * Compares the status rule's answer for every device in a plant with the one last recorded, records the changes and
 * returns the devices that changed (a device seen for the first time is recorded silently: an insert has xmax 0).
 */
export async function recordStatusChanges(tx: Queryable, offlineSeconds: number): Promise<StatusChangeRow[]> {
  const { rows } = await tx.query<StatusChangeRow>(
    `WITH cur AS (
       SELECT d.id, ${deviceOnlineSql('d', 1)} AS online FROM devices d WHERE d.plant_id IS NOT NULL),
     up AS (
       INSERT INTO webhook_device_status AS w (device_id, online)
       SELECT id, online FROM cur
       ON CONFLICT (device_id) DO UPDATE SET online = EXCLUDED.online, changed_at = now()
        WHERE w.online <> EXCLUDED.online
       RETURNING w.device_id, w.online, (xmax <> 0) AS changed)
     SELECT d.id, d.sn, d.plant_id, p.name AS plant_name, up.online, d.last_seen_at
       FROM up JOIN devices d ON d.id = up.device_id JOIN plants p ON p.id = d.plant_id
      WHERE up.changed`,
    [offlineSeconds],
  );
  return rows;
}
