import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  mayReceive,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookUpdate,
} from '@voltfleet/domain/webhooks';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { plantIdsInScope } from '../plants/index.js';
import { queuePing, requeueDelivery } from './webhook-outbox.repository.js';
import { newWebhookSecret } from './webhook-signing.js';
import { TargetRefused, vetTarget, type Resolve } from '../../platform/outbound-target.js';
import {
  countSubscriptions,
  deleteSubscription,
  deliveryPage,
  findDelivery,
  findSubscription,
  insertSubscription,
  listSubscriptions,
  replaceSecret,
  updateSubscription,
  type SubscriptionRow,
} from './webhooks.repository.js';

/** What the routes need besides the database: the SSRF rule's operator switch (and a resolver in tests). */
export interface WebhookDeps {
  db: Db;
  allowPrivate: boolean;
  resolve?: Resolve;
}

/** Another user's subscription answers exactly like a missing one. */
const notFound = () => new AppError('not_found', 'webhook.notFound');

function toWebhook(r: SubscriptionRow): Webhook {
  return {
    id: r.id,
    url: r.url,
    // A stored event the catalogue no longer has is not shown (the column is free text).
    events: r.events.filter((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    plantIds: r.plant_ids,
    plantNames: r.plant_names,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    failingSince: r.failing_since ? new Date(r.failing_since).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listWebhooks(db: Db, caller: Caller): Promise<Webhook[]> {
  return (await listSubscriptions(db, caller.id)).map(toWebhook);
}

/** The target passes the SSRF rule now (it is checked again before every attempt). */
async function checkTarget(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await vetTarget(url, { allowPrivate: deps.allowPrivate, ...(deps.resolve ? { resolve: deps.resolve } : {}) });
  } catch (err) {
    if (!(err instanceof TargetRefused)) throw err;
    if (err.reason === 'refused') throw invalid('url', 'webhook.targetRefused', { address: err.address ?? '' });
    if (err.reason === 'unresolved') throw invalid('url', 'webhook.targetUnresolved');
    throw invalid('url', 'webhook.urlInvalid');
  }
}

/** Every event needs a permission the caller holds, every chosen plant must be in their scope. */
async function checkGrant(
  tx: Queryable,
  caller: Caller,
  events: readonly WebhookCreate['events'][number][],
  plantIds: readonly number[] | null,
) {
  const refused = events.find((e) => !mayReceive(e, caller.permissions));
  if (refused) throw invalid('events', 'webhook.eventNotPermitted', { event: refused });
  if (plantIds === null) return;
  const inScope = new Set(await plantIdsInScope(tx, subtreePattern(caller), caller.id, plantIds));
  if (plantIds.some((id) => !inScope.has(id))) throw invalid('plantIds', 'webhook.plantOutOfScope');
}

export async function createWebhook(deps: WebhookDeps, caller: Caller, input: WebhookCreate): Promise<WebhookCreated> {
  await checkTarget(deps, input.url);
  const plantIds = input.plantIds === null ? null : [...new Set(input.plantIds)];
  const secret = newWebhookSecret();
  const id = await deps.db.transaction(async (tx) => {
    if ((await countSubscriptions(tx, caller.id)) >= WEBHOOK_LIMITS.perUser)
      throw new AppError('conflict', 'webhook.tooMany', { limit: WEBHOOK_LIMITS.perUser });
    await checkGrant(tx, caller, input.events, plantIds);
    return insertSubscription(tx, { ownerId: caller.id, url: input.url, events: input.events, plantIds, secret });
  });
  return { ...toWebhook((await findSubscription(deps.db, caller.id, id))!), secret };
}

export async function updateWebhook(
  deps: WebhookDeps,
  caller: Caller,
  id: number,
  input: WebhookUpdate,
): Promise<Webhook> {
  const current = await findSubscription(deps.db, caller.id, id);
  if (!current) throw notFound();
  if (input.url !== undefined && input.url !== current.url) await checkTarget(deps, input.url);
  await deps.db.transaction(async (tx) => {
    const row = await findSubscription(tx, caller.id, id, true);
    if (!row) throw notFound();
    const events = input.events ?? row.events;
    const plantIds = input.plantIds === undefined ? row.plant_ids : input.plantIds && [...new Set(input.plantIds)];
    // Only what changes is checked against today's grant: switching a webhook off never fails for a lost page.
    const newEvents = input.events ? events.filter((e) => !row.events.includes(e)) : [];
    const newPlants = input.plantIds ? (plantIds ?? null) : [];
    await checkGrant(tx, caller, newEvents, newPlants);
    await updateSubscription(tx, id, {
      url: input.url ?? row.url,
      events,
      plantIds,
      enabled: input.enabled ?? row.enabled,
    });
  });
  return toWebhook((await findSubscription(deps.db, caller.id, id))!);
}

export async function removeWebhook(db: Db, caller: Caller, id: number): Promise<void> {
  const gone = await db.transaction((tx) => deleteSubscription(tx, caller.id, id));
  if (!gone) throw notFound();
}

/** A new secret; the old one signs nothing from now on (attempts read the secret when they are made). */
export async function rotateWebhookSecret(db: Db, caller: Caller, id: number): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    if (!(await findSubscription(tx, caller.id, id, true))) throw notFound();
    await replaceSecret(tx, id, secret);
  });
  return { secret };
}

/** Queues a `webhook.ping` to the subscription (through the outbox like any event); returns its delivery. */
export async function pingWebhook(deps: WebhookDeps, caller: Caller, id: number): Promise<WebhookDelivery> {
  const row = await findSubscription(deps.db, caller.id, id);
  if (!row) throw notFound();
  await checkTarget(deps, row.url);
  const deliveryId = await deps.db.transaction((tx) => queuePing(tx, id, new Date().toISOString()));
  return (await findDelivery(deps.db, id, deliveryId))!;
}

export async function webhookDeliveries(
  db: Db,
  caller: Caller,
  id: number,
  q: { page: number; pageSize: number },
): Promise<WebhookDeliveryPage> {
  if (!(await findSubscription(db, caller.id, id))) throw notFound();
  return { ...(await deliveryPage(db, id, q.page, q.pageSize)), page: q.page, pageSize: q.pageSize };
}

/** Sends one delivery again (same `webhook-id` and body), whatever became of it. */
export async function redeliverWebhook(
  db: Db,
  caller: Caller,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const found = await db.transaction((tx) => requeueDelivery(tx, caller.id, id, deliveryId, new Date()));
  if (!found) throw notFound();
  return (await findDelivery(db, id, deliveryId))!;
}
