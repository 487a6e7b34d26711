import {
  ALARM_SEVERITIES,
  alarmLink,
  pushAddress,
  pushSubscriptionIdOf,
  notificationRuleMatches,
  renderNotice,
  type AlarmGroup,
  type AlarmNoticePayload,
  type AlarmSeverity,
  type NoticePayload,
} from '@voltfleet/domain/alarms';
import type { Db, Queryable } from '../../db/db.js';
import { postMessages, type NewMessage } from '../messages/index.js';
import {
  claimEvents,
  claimNext,
  deleteEvents,
  insertOutbox,
  markFailed,
  markRefused,
  markSent,
  recordAlarmEvents,
  rulesForPlant,
  type ClaimedEvent,
  type ClaimedRow,
  type NewOutboxRow,
  type RuleReceivers,
} from './notification-delivery.repository.js';
import { createDigests } from './notification-digest.repository.js';
import { PermanentDeliveryError, type Sender } from './notification-senders.js';
import { pushNotice } from './push-notice.js';
import { PushSubscriptionGone, type PushSender } from './push-sender.js';
import { deletePushSubscription, findPushTarget, markPushOutcome } from './push-subscriptions.repository.js';
import { DEFAULT_SMS_BUDGET, spendSms, type SmsBudgetLimits } from './sms-budget.js';

export interface DeliveryOptions {
  /** Where the portal is reached (PUBLIC_URL): the links in mails. */
  baseUrl: string;
  /** How long a taken row is left to its worker before another may take it (a worker that died mid-send). */
  claimMs: number;
  /** The first retry's wait; each next one doubles, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a row fails for good. */
  maxAttempts: number;
  /** The SMS budget an alarm SMS is counted against before it leaves; over it the row is refused. */
  smsBudget: SmsBudgetLimits;
}

/** What the environment does not set (the claim and the first retry's wait come from config: NOTIFY_*). */
export const DEFAULT_DELIVERY: Pick<DeliveryOptions, 'retryMaxMs' | 'maxAttempts' | 'smsBudget'> = {
  retryMaxMs: 15 * 60_000,
  maxAttempts: 10,
  smsBudget: DEFAULT_SMS_BUDGET,
};

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The wait before attempt `attempts + 1` (attempts made so far ≥ 1). */
export function retryDelay(attempts: number, o: Pick<DeliveryOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The jobs role's delivery of notifications (docs/alarms.md "Delivery"): expands the alarm engine's events into
 * outbox rows (and in-app messages) per matching rule and receiver, makes digests of held notices whose window has
 * room again, and sends due rows one at a time. Every step claims its rows with SKIP LOCKED, so any number of
 * processes may run it side by side; a message keeps its id over all attempts.
 */
export class NotificationDelivery {
  readonly stats = { expanded: 0, sent: 0, failed: 0, retried: 0, held: 0, digests: 0, refused: 0 };

  constructor(
    private readonly db: Db,
    /** `push` absent: push rows wait (retried) until a process that can sign them takes them. */
    private readonly senders: { email: Sender; sms: Sender; push?: PushSender },
    private readonly options: DeliveryOptions,
    private readonly log: Log,
  ) {}

  /** One round: everything due now, in order (events first, so a fresh notice can be sent in the same round). */
  async round(maxSends = 200): Promise<void> {
    while ((await this.expand()) > 0);
    this.stats.digests += await this.db.transaction((tx) => createDigests(tx));
    for (let i = 0; i < maxSends; i++) if (!(await this.sendNext())) break;
  }

  /** Expands up to 100 events in one transaction; returns how many. */
  async expand(): Promise<number> {
    // postMessages tells the receivers' tabs their unread count when this transaction commits.
    const n = await this.db.transaction(async (tx) => {
      const events = await claimEvents(tx, 100);
      const rulesOf = new Map<number, RuleReceivers[]>();
      const outbox: NewOutboxRow[] = [];
      const messages: NewMessage[] = [];
      for (const e of events) {
        if (e.plantId === null) continue;
        let rules = rulesOf.get(e.plantId);
        if (!rules) rulesOf.set(e.plantId, (rules = await rulesForPlant(tx, e.plantId, e.deviceId)));
        expandEvent(e, rules, outbox, messages);
      }
      await insertOutbox(tx, outbox);
      await postMessages(tx, messages);
      await deleteEvents(
        tx,
        events.map((e) => e.id),
      );
      return events.length;
    });
    this.stats.expanded += n;
    return n;
  }

  /** Takes and sends one due row; false when none is due. */
  async sendNext(): Promise<boolean> {
    const claim = await this.db.transaction((tx) => claimNext(tx, this.options.claimMs));
    if (claim === null) return false;
    if (claim.row === null) {
      this.stats.held += 1;
      return true;
    }
    await this.send(claim.row);
    return true;
  }

  private async send(row: ClaimedRow): Promise<void> {
    if (row.channel === 'sms') {
      const destination = { destination: row.address, client: null, purpose: 'alarm' as const };
      const over = await this.db.transaction((tx) => spendSms(tx, this.options.smsBudget, destination, new Date()));
      if (over !== null) {
        await markRefused(this.db, row.id, `SMS budget reached (${over})`);
        this.stats.refused += 1;
        return;
      }
    }
    try {
      const notice = { kind: row.kind, payload: row.payload } as NoticePayload;
      if (row.channel === 'push') await this.push(notice, row);
      else {
        const words = renderNotice(notice, row.language, this.options.baseUrl);
        await this.senders[row.channel].send({ messageId: row.messageId, to: row.address, ...words });
      }
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const final = err instanceof PermanentDeliveryError || row.attempts >= this.options.maxAttempts;
      await markFailed(this.db, row.id, reason, final ? null : retryDelay(row.attempts, this.options));
      if (final) this.stats.failed += 1;
      else this.stats.retried += 1;
      this.log.warn({ err, outboxId: row.id, attempts: row.attempts, final }, 'notification send failed');
      return;
    }
    await markSent(this.db, row.id);
    this.stats.sent += 1;
  }

  /**
   * One push to the subscribed browser the row names. A browser removed since fails the row for good; the push
   * service's 404/410 removes the subscription (the browser unsubscribed) and fails the row; the outcome is shown in
   * the owner's list of browsers.
   */
  private async push(notice: NoticePayload, row: ClaimedRow): Promise<void> {
    const id = pushSubscriptionIdOf(row.address);
    const target = id === null ? null : await findPushTarget(this.db, id, null);
    if (target === null) throw new PermanentDeliveryError('the browser subscription was removed');
    if (!this.senders.push) throw new Error('push is not set up in this process');
    const { payload, options } = pushNotice(notice, row.language, this.options.baseUrl);
    try {
      await this.senders.push(target, payload, options);
    } catch (err) {
      if (err instanceof PushSubscriptionGone) await deletePushSubscription(this.db, target.id, null);
      else await markPushOutcome(this.db, target.id, err instanceof Error ? err.message : String(err));
      throw err;
    }
    await markPushOutcome(this.db, target.id, null);
  }
}

/** The outbox rows and in-app messages of one alarm event for the rules covering its plant. */
function expandEvent(e: ClaimedEvent, rules: RuleReceivers[], outbox: NewOutboxRow[], messages: NewMessage[]): void {
  const told = new Set<number>();
  for (const rule of rules) {
    const filter = {
      groups: rule.groups as AlarmGroup[],
      codes: rule.codes,
      minSeverity: ALARM_SEVERITIES[rule.minSeverityRank] ?? 'warning',
    };
    if (!notificationRuleMatches(filter, { group: e.group as AlarmGroup, code: e.code, severity: e.severity }))
      continue;
    // A flapping alarm said so once; its comings and goings are not told one by one.
    if (e.event === 'recovered' && (!rule.recoveryNotices || e.flapping)) continue;
    const payload: AlarmNoticePayload = {
      alarmId: e.alarmId,
      event: e.event,
      code: e.code,
      severity: e.severity as AlarmSeverity,
      plantName: e.plantName ?? '',
      deviceSn: e.deviceSn,
      at: e.at,
      timeZone: e.timeZone,
      ruleName: rule.ruleName,
    };
    const add = (
      channel: 'email' | 'sms' | 'push',
      userId: number | null,
      address: string,
      language: RuleReceivers['ownerLanguage'],
      seen: Set<string>,
    ) => {
      // One message per address and channel, even when a user's own address is also listed on the rule.
      if (!address || seen.has(address)) return;
      seen.add(address);
      outbox.push({ kind: 'alarm', channel, ruleId: rule.ruleId, userId, address, language, payload });
    };
    for (const channel of rule.channels) {
      const seen = new Set<string>();
      // Push reaches the receiving accounts' subscribed browsers, one row (and message id) per browser.
      if (channel === 'push') {
        for (const u of rule.users) for (const id of u.push) add(channel, u.id, pushAddress(id), u.language, seen);
        continue;
      }
      for (const u of rule.users) add(channel, u.id, channel === 'email' ? u.email : u.phone, u.language, seen);
      for (const address of channel === 'email' ? rule.emails : rule.phones)
        add(channel, null, address, rule.ownerLanguage, seen);
    }
    for (const u of rule.users)
      if (u.seesDevice && !told.has(u.id)) {
        told.add(u.id);
        messages.push({
          userId: u.id,
          kind: 'alarm',
          event: e.event,
          params: {
            alarmId: e.alarmId,
            code: e.code,
            severity: e.severity,
            plantName: e.plantName ?? '',
            deviceSn: e.deviceSn,
            at: e.at,
            timeZone: e.timeZone,
          },
          link: alarmLink(e.alarmId),
        });
      }
  }
}

/**
 * The alarm engine's in-transaction hook: records what may need telling (raises, flapping, recoveries) in the
 * transaction that made them; the delivery job decides who hears of it. An alarm seen again tells nobody.
 */
export async function recordAlarmTransitions(
  tx: Queryable,
  changes: readonly { event: string; alarm: { id: number; raisedAt: string; recoveredAt: string | null } }[],
): Promise<void> {
  const now = new Date().toISOString();
  await recordAlarmEvents(
    tx,
    changes.flatMap(({ event, alarm }): { alarmId: number; event: AlarmNoticePayload['event']; at: string }[] =>
      event === 'raised'
        ? [{ alarmId: alarm.id, event, at: alarm.raisedAt }]
        : event === 'flapping'
          ? [{ alarmId: alarm.id, event, at: now }]
          : event === 'recovered'
            ? [{ alarmId: alarm.id, event, at: alarm.recoveredAt ?? now }]
            : [],
    ),
  );
}
