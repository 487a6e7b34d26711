import type { Db, Queryable } from '../../db/db.js';
import { postMessages } from '../messages/index.js';
import { enqueueAccountMails } from '../notifications/index.js';
import { DEFAULT_POST, postToTarget, type AttemptResult, type PostOptions } from '../../platform/outbound-http.js';
import { claimDeliveries, finishAttempt, type ClaimedDelivery } from './webhook-outbox.repository.js';
import { webhookHeaders } from './webhook-signing.js';
import { TargetRefused, vetTarget, type Resolve } from '../../platform/outbound-target.js';
import { markFailed, markSucceeded } from './webhooks.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface WebhookDeliveryOptions {
  allowPrivate: boolean;
  /** The waits after attempt 1, 2, …; after the last one a delivery has failed for good. */
  retryDelaysMs: readonly number[];
  /** A subscription whose deliveries failed without a success for this long is switched off. */
  disableAfterMs: number;
  /** How long a claimed delivery is left to its worker. */
  claimMs: number;
  /** Deliveries claimed (and sent side by side) at once. */
  batch: number;
  post: PostOptions;
  resolve?: Resolve;
  /** The clock (tests move it instead of waiting). */
  now: () => Date;
}

/** 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 24 h: eight attempts over about 43 hours. */
export const DEFAULT_RETRY_DELAYS_MS = [30_000, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

export const DEFAULT_WEBHOOK_DELIVERY: Omit<WebhookDeliveryOptions, 'allowPrivate'> = {
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  disableAfterMs: 24 * HOUR,
  claimMs: 2 * MINUTE,
  batch: 32,
  post: DEFAULT_POST,
  now: () => new Date(),
};

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The jobs role's webhook delivery: claims due deliveries with SKIP LOCKED (any number of processes side by side),
 * drops those the owner may no longer receive, checks the target again (SSRF rule) and posts each signed body with
 * its stable `webhook-id`; logs every attempt, retries with backoff, and switches off a subscription failing for a day
 * (its owner told in-app and by mail in that transaction).
 */
export class WebhookDelivery {
  readonly stats = { delivered: 0, retried: 0, failed: 0, dropped: 0, disabled: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: WebhookDeliveryOptions,
    private readonly log: Log,
  ) {}

  /** Sends what is due, batch after batch, until nothing is; returns how many attempts were made. */
  async round(maxBatches = 50): Promise<number> {
    let n = 0;
    for (let i = 0; i < maxBatches; i++) {
      const sent = await this.sendBatch();
      n += sent;
      if (sent < this.options.batch) break;
    }
    return n;
  }

  /** Claims one batch and sends it side by side; returns its size. */
  async sendBatch(): Promise<number> {
    const now = this.options.now();
    const claimed = await this.db.transaction((tx) =>
      claimDeliveries(tx, now, new Date(now.getTime() + this.options.claimMs), this.options.batch),
    );
    await Promise.all(claimed.map((d) => this.attempt(d)));
    return claimed.length;
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const at = this.options.now();
    if (!d.allowed) {
      const error = 'dropped: the owner no longer may receive this event (plant, permission or account)';
      await this.db.transaction((tx) =>
        finishAttempt(tx, d.id, { at, status: null, error, ms: 0, body: '' }, { status: 'dropped' }),
      );
      this.stats.dropped += 1;
      return;
    }
    let result: AttemptResult;
    try {
      const target = await vetTarget(d.url, {
        allowPrivate: this.options.allowPrivate,
        ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
      });
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Voltfleet-Webhooks/1',
        ...webhookHeaders(d.secret, d.messageId, d.body, at.getTime()),
      };
      result = await postToTarget(target, headers, d.body, { ...this.options.post });
    } catch (err) {
      const error = err instanceof TargetRefused ? err.message : `error: ${String(err)}`.slice(0, 500);
      result = { ok: false, status: null, error, ms: 0, body: '' };
    }
    await this.db.transaction(async (tx) => {
      const attempt = { at, status: result.status, error: result.error, ms: result.ms, body: result.body };
      if (result.ok) {
        await finishAttempt(tx, d.id, attempt, { status: 'delivered' });
        await markSucceeded(tx, d.subscriptionId);
        this.stats.delivered += 1;
        return;
      }
      const delay = this.options.retryDelaysMs[d.attempt - 1];
      await finishAttempt(
        tx,
        d.id,
        attempt,
        delay === undefined ? { status: 'failed' } : { status: 'pending', retryAt: new Date(at.getTime() + delay) },
      );
      if (delay === undefined) this.stats.failed += 1;
      else this.stats.retried += 1;
      const off = await markFailed(tx, d.subscriptionId, at, new Date(at.getTime() - this.options.disableAfterMs));
      if (off) {
        await tellOwner(tx, d.subscriptionId, off);
        this.stats.disabled += 1;
      }
    });
    if (!result.ok)
      this.log.warn({ webhookId: d.subscriptionId, deliveryId: d.id, error: result.error }, 'webhook attempt failed');
  }
}

/** The owner hears that their webhook was switched off: in-app and by mail, in the transaction that did it. */
async function tellOwner(
  tx: Queryable,
  webhookId: number,
  off: { ownerId: number; url: string; since: Date },
): Promise<void> {
  const since = off.since.toISOString();
  await postMessages(tx, [
    {
      userId: off.ownerId,
      kind: 'system',
      event: 'webhookDisabled',
      params: { webhookId, url: off.url, since },
      link: '/personalCenter',
    },
  ]);
  await enqueueAccountMails(tx, [
    { userId: off.ownerId, kind: 'webhookDisabled', payload: { webhookId, url: off.url, since } },
  ]);
}
