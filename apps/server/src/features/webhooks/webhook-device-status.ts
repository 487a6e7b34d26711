import type { Db } from '../../db/db.js';
import { anySubscriber, queueWebhookEvents } from './webhook-outbox.repository.js';
import { recordStatusChanges, takeStatusRound } from './webhook-sources.repository.js';

/**
 * One round of device online/offline webhooks (jobs role). Online and offline are not decided by a write anywhere
 * (they follow from `last_seen_at` and the threshold: devices/device-status.ts), so this round decides them for the
 * webhooks (decision 0040): in one transaction it records which devices in a plant changed since the last round and
 * queues `device.online` / `device.offline` for them. Under a transaction-scoped advisory lock, so two processes never
 * tell one change twice. Returns how many devices changed.
 */
export async function deviceStatusRound(db: Db, offlineSeconds: number): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await takeStatusRound(tx))) return 0;
    const rows = await recordStatusChanges(tx, offlineSeconds);
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
