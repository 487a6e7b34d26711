import type { Registry } from 'prom-client';
import type { DeliveryConfig } from '../../config.js';
import type { PushConfig } from '../../config-push.js';
import type { VettedTarget } from '../../platform/outbound-target.js';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { registerGauges } from '../../platform/observability.js';
import { DEFAULT_DELIVERY, NotificationDelivery } from './notification-delivery.js';
import { configuredSenders } from './notification-senders.js';
import { pushSender, type PushSender, type VapidSigner } from './push-sender.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What push delivery needs from the composition: the VAPID key (features/auth) and the check of endpoints. */
export interface PushWiring {
  vapid: () => Promise<VapidSigner>;
  vetEndpoint: (url: string) => Promise<VettedTarget>;
}

/** A push sender whose VAPID key is loaded at its first push (the jobs role starts synchronously). */
export function lazyPushSender(push: PushConfig, wiring: PushWiring, timeoutMs = 10_000): PushSender {
  let sender: Promise<PushSender> | undefined;
  return async (to, payload, options) => {
    sender ??= wiring.vapid().then((vapid) =>
      pushSender({
        vapid,
        allowLoopbackHttp: push.allowLoopbackHttp,
        timeoutMs,
        vetEndpoint: wiring.vetEndpoint,
      }),
    );
    sender.catch(() => (sender = undefined));
    return (await sender)(to, payload, options);
  };
}

/**
 * Starts notification delivery for the jobs role: every `pollMs` a round expands new alarm events, makes due digests
 * and sends what is due, mail over SMTP_URL (or to the log), SMS through the configured provider and Web Push to
 * subscribed browsers. Returns stop.
 */
export function startNotificationJob(
  db: Db,
  options: { delivery: DeliveryConfig; publicUrl: string; push: PushConfig },
  log: Log,
  metrics: Registry | undefined,
  pushWiring?: PushWiring,
): () => Promise<void> {
  const { delivery } = options;
  const { email, sms } = configuredSenders(delivery, log);
  const job = new NotificationDelivery(
    db,
    { email, sms, ...(pushWiring ? { push: lazyPushSender(options.push, pushWiring) } : {}) },
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
