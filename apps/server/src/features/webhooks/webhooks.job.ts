import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { registerGauges } from '../../platform/observability.js';
import { startPeriodic, type PeriodicLog } from '../../platform/periodic.js';
import { deviceStatusRound } from './webhook-device-status.js';
import { DEFAULT_WEBHOOK_DELIVERY, WebhookDelivery } from './webhook-delivery.js';
import { deleteOldDeliveries, WEBHOOK_LOG_DAYS } from './webhook-outbox.repository.js';

/**
 * Starts webhook delivery for the jobs role: every `pollMs` a round sends what is due (a full batch is followed by
 * the next at once), and every `statusMs` the device online/offline round queues what changed. Returns stop.
 */
export function startWebhookJob(
  db: Db,
  options: { allowPrivate: boolean; pollMs: number; offlineSeconds: number; statusMs?: number },
  log: PeriodicLog & { warn(obj: object, msg: string): void },
  metrics: Registry | undefined,
): () => Promise<void> {
  const delivery = new WebhookDelivery(db, { ...DEFAULT_WEBHOOK_DELIVERY, allowPrivate: options.allowPrivate }, log);
  if (metrics)
    registerGauges(
      metrics,
      (['delivered', 'retried', 'failed', 'dropped', 'disabled'] as const).map(
        (key) =>
          [
            `voltfleet_webhooks_${key}`,
            `Webhook deliveries of this process: ${key}`,
            () => delivery.stats[key],
          ] as const,
      ),
    );
  const sending = startPeriodic({
    name: 'webhook-delivery',
    everyMs: options.pollMs,
    run: async () => {
      await delivery.round();
    },
    log,
    ...(metrics ? { metrics } : {}),
  });
  const statuses = startPeriodic({
    name: 'webhook-device-status',
    everyMs: options.statusMs ?? 15_000,
    run: async () => {
      await deviceStatusRound(db, options.offlineSeconds);
    },
    log,
    ...(metrics ? { metrics } : {}),
  });
  // The delivery log keeps WEBHOOK_LOG_DAYS days: hourly, in batches until nothing older is left.
  const cleaning = startPeriodic({
    name: 'webhook-log-retention',
    everyMs: 3_600_000,
    run: async () => {
      const before = new Date(Date.now() - WEBHOOK_LOG_DAYS * 86_400_000);
      while ((await deleteOldDeliveries(db, before)) > 0);
    },
    log,
    ...(metrics ? { metrics } : {}),
  });
  return async () => {
    await sending.stop();
    await statuses.stop();
    await cleaning.stop();
  };
}
