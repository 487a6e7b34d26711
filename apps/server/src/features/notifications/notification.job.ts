import type { Registry } from 'prom-client';
import type { DeliveryConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { registerGauges } from '../../platform/observability.js';
import { DEFAULT_DELIVERY, NotificationDelivery } from './notification-delivery.js';
import { configuredSenders } from './notification-senders.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Starts notification delivery for the jobs role: every `pollMs` a round expands new alarm events, makes due digests
 * and sends what is due, mail over SMTP_URL (or to the log) and SMS through the configured provider. Returns stop.
 */
export function startNotificationJob(
  db: Db,
  options: { delivery: DeliveryConfig; publicUrl: string },
  log: Log,
  metrics: Registry | undefined,
): () => Promise<void> {
  const { delivery } = options;
  const { email, sms } = configuredSenders(delivery, log);
  const job = new NotificationDelivery(
    db,
    { email, sms },
    {
      ...DEFAULT_DELIVERY,
      baseUrl: options.publicUrl,
      retryBaseMs: delivery.retryBaseMs,
      claimMs: delivery.claimMs,
      smsBudget: delivery.smsBudget,
    },
    log,
  );
  if (metrics)
    registerGauges(
      metrics,
      (['sent', 'failed', 'retried', 'held', 'digests', 'refused'] as const).map(
        (key) =>
          [
            `voltfleet_notifications_${key}`,
            `Notification messages of this process: ${key}`,
            () => job.stats[key],
          ] as const,
      ),
    );
  const periodic = startPeriodic({
    name: 'notification-delivery',
    everyMs: delivery.pollMs,
    run: () => job.round(),
    log,
    ...(metrics ? { metrics } : {}),
  });
  log.info(
    { mail: delivery.smtpUrl ? 'smtp' : 'log', sms: delivery.sms.provider, everyMs: delivery.pollMs },
    'notification delivery started',
  );
  return async () => {
    await periodic.stop();
    email.close?.();
  };
}
