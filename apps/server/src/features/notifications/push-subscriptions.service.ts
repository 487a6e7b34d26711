import { PUSH_LIMITS, type PushSubscribe, type PushSubscription, type PushTestResult } from '@voltfleet/domain/alarms';
import { translate, type Lang } from '@voltfleet/domain/i18n';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { pushEndpointAllowed, PushSubscriptionGone, type PushSender } from './push-sender.js';
import {
  countPushSubscriptions,
  deletePushSubscription,
  findPushTarget,
  listPushSubscriptions,
  markPushOutcome,
  upsertPushSubscription,
} from './push-subscriptions.repository.js';

const pushNotFound = () => new AppError('not_found', 'push.notFound');

/** A label for a browser that sent none: its user agent, cut to the column. */
export function browserLabel(label: string | undefined, userAgent: string | undefined): string {
  const raw = (label ?? userAgent ?? '').replace(/\p{Cc}/gu, ' ').trim();
  return [...raw].slice(0, PUSH_LIMITS.label).join('').trim() || 'Browser';
}

/** The caller's subscribed browsers. Only their own: no one lists or removes another account's. */
export function listMyPushSubscriptions(db: Db, caller: Caller): Promise<PushSubscription[]> {
  return listPushSubscriptions(db, caller.id);
}

export async function subscribePush(
  db: Db,
  caller: Caller,
  body: PushSubscribe,
  userAgent: string | undefined,
  allowLoopbackHttp: boolean,
): Promise<PushSubscription> {
  if (!pushEndpointAllowed(body.endpoint, allowLoopbackHttp)) throw invalid('endpoint', 'push.endpointHttps');
  return db.transaction(async (tx) => {
    if ((await countPushSubscriptions(tx, caller.id, body.endpoint)) >= PUSH_LIMITS.perUser)
      throw new AppError('conflict', 'push.tooMany', { max: PUSH_LIMITS.perUser });
    return upsertPushSubscription(tx, {
      userId: caller.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label: browserLabel(body.label, userAgent),
    });
  });
}

export async function removePushSubscription(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await deletePushSubscription(db, id, caller.id))) throw pushNotFound();
}

/**
 * Sends a test push to one of the caller's browsers at once (not through the outbox: it is the answer to this click,
 * and nothing is lost when it fails). A 404/410 removes the subscription, as delivery does.
 */
export async function testPush(
  db: Db,
  caller: Caller,
  id: number,
  deps: { send: PushSender; lang: Lang; publicUrl: string },
): Promise<PushTestResult> {
  const target = await findPushTarget(db, id, caller.id);
  if (!target) throw pushNotFound();
  const payload = {
    title: translate('push.testTitle', deps.lang),
    body: translate('push.testBody', deps.lang),
    url: `${deps.publicUrl.replace(/\/+$/, '')}/personalCenter`,
    tag: 'voltfleet-test',
  };
  try {
    await deps.send(target, payload, { ttl: 300, urgency: 'normal' });
  } catch (err) {
    const detail = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    if (err instanceof PushSubscriptionGone) {
      await deletePushSubscription(db, target.id, null);
      return { outcome: 'removed', detail };
    }
    await markPushOutcome(db, target.id, detail);
    return { outcome: 'failed', detail };
  }
  await markPushOutcome(db, target.id, null);
  return { outcome: 'sent', detail: '' };
}
