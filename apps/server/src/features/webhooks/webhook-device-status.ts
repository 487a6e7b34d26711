import type { Db } from '../../db/db.js';
import { deviceOnlineSql } from '../devices/index.js';
import { anySubscriber, queueWebhookEvents } from './webhook-outbox.repository.js';

// Any fixed number, the same in every process: the round is one process's at a time.
const ROUND_LOCK = 0x5748_0001;

/**
 * One round of device online/offline webhooks (jobs role). Online and offline are not decided by a write anywhere
 * (they follow from `last_seen_at` and the threshold: devices/device-status.ts), so this round decides them for the
 * webhooks: in one transaction it compares the status rule's answer for every device in a plant with what
 * webhook_device_status last recorded, records the changes and queues `device.online` / `device.offline` for them.
 * A device seen for the first time sets its baseline silently. Under a transaction-scoped advisory lock, so two
 * processes never tell one change twice. Returns how many devices changed.
 */
export async function deviceStatusRound(db: Db, offlineSeconds: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock($1) AS ok`, [ROUND_LOCK]);
    if (!lock[0]?.ok) return 0;
    const { rows } = await tx.query<{
      id: number;
      sn: string;
      plant_id: number;
      plant_name: string;
      online: boolean;
      last_seen_at: Date | null;
    }>(
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
    if (rows.length === 0 || !(await anySubscriber(tx, ['device.online', 'device.offline']))) return rows.length;
    const now = new Date().toISOString();
    await queueWebhookEvents(
      tx,
      rows.map((r) => ({
        type: r.online ? 'device.online' : 'device.offline',
        plantId: r.plant_id,
        at: now,
        data: {
          deviceId: r.id,
          deviceSn: r.sn,
          online: r.online,
          lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
          plantId: r.plant_id,
          plantName: r.plant_name,
        },
      })),
    );
    return rows.length;
  });
}
