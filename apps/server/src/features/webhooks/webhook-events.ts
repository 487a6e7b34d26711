import type { CommandStatusChange } from '@voltfleet/domain/commands';
import { FINAL_COMMAND_STATUSES } from '@voltfleet/domain/commands';
import type { WebhookEvent } from '@voltfleet/domain/webhooks';
import type { Queryable } from '../../db/db.js';
import { anySubscriber, queueWebhookEvents, type WebhookEventInput } from './webhook-outbox.repository.js';
import { alarmSources, commandSources, workOrderSource } from './webhook-sources.repository.js';

/**
 * The deciding transactions' side of webhooks: each function runs inside the transaction that made the change and
 * queues the deliveries there (the outbox), so a delivery exists exactly when its change committed. Each first asks
 * whether anyone subscribes to its events at all, so a platform without webhooks pays one indexed lookup.
 */

const ALARM_TYPES: Partial<Record<string, WebhookEvent>> = {
  raised: 'alarm.raised',
  recovered: 'alarm.recovered',
  flapping: 'alarm.flapping',
};

/** The alarm engine's hook (composed with recordAlarmTransitions in services.ts). */
export async function queueAlarmWebhooks(
  tx: Queryable,
  changes: readonly {
    event: string;
    alarm: { id: number; raisedAt: string; recoveredAt: string | null };
  }[],
): Promise<void> {
  const wanted = changes.filter((c) => ALARM_TYPES[c.event] !== undefined);
  if (wanted.length === 0 || !(await anySubscriber(tx, ['alarm.raised', 'alarm.recovered', 'alarm.flapping']))) return;
  const rows = await alarmSources(
    tx,
    wanted.map((c) => c.alarm.id),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const now = new Date().toISOString();
  const events: WebhookEventInput[] = [];
  for (const { event, alarm } of wanted) {
    const r = byId.get(alarm.id);
    if (!r || r.plant_id === null) continue;
    const type = ALARM_TYPES[event]!;
    events.push({
      type,
      plantId: r.plant_id,
      at: type === 'alarm.raised' ? alarm.raisedAt : type === 'alarm.recovered' ? (alarm.recoveredAt ?? now) : now,
      data: {
        alarmId: alarm.id,
        code: r.code,
        severity: r.severity,
        state: r.state,
        flapping: r.flapping,
        raisedAt: alarm.raisedAt,
        recoveredAt: alarm.recoveredAt,
        deviceId: r.device_id,
        deviceSn: r.sn,
        plantId: r.plant_id,
        plantName: r.plant_name,
      },
    });
  }
  await queueWebhookEvents(tx, events);
}

/** Commands that reached a final state (succeeded, failed, timed out, expired), in the transaction recording it. */
export async function queueCommandWebhooks(tx: Queryable, changes: readonly CommandStatusChange[]): Promise<void> {
  const final = changes.filter((c) => FINAL_COMMAND_STATUSES.includes(c.status));
  if (final.length === 0 || !(await anySubscriber(tx, ['command.finished']))) return;
  const rows = await commandSources(
    tx,
    final.map((c) => c.id),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const now = new Date().toISOString();
  await queueWebhookEvents(
    tx,
    final.flatMap((c): WebhookEventInput[] => {
      const r = byId.get(c.id);
      if (!r || r.plant_id === null) return [];
      return [
        {
          type: 'command.finished',
          plantId: r.plant_id,
          at: c.finishedAt ?? now,
          data: {
            commandId: c.id,
            kind: r.kind,
            status: c.status,
            reason: c.reason,
            finishedAt: c.finishedAt,
            deviceId: r.device_id,
            deviceSn: r.sn,
            plantId: r.plant_id,
          },
        },
      ];
    }),
  );
}

/** What happened to a work order (`change` names the step: created, assigned, stateChanged, commented, edited). */
export async function queueWorkOrderWebhook(
  tx: Queryable,
  workOrderId: number,
  change: 'created' | 'assigned' | 'stateChanged' | 'commented' | 'edited',
): Promise<void> {
  const type: WebhookEvent = change === 'created' ? 'workorder.created' : 'workorder.changed';
  if (!(await anySubscriber(tx, [type]))) return;
  const w = await workOrderSource(tx, workOrderId);
  if (!w || w.plant_id === null) return;
  await queueWebhookEvents(tx, [
    {
      type,
      plantId: w.plant_id,
      at: new Date().toISOString(),
      data: {
        workOrderId: w.id,
        change,
        title: w.title,
        type: w.type,
        priority: w.priority,
        state: w.state,
        assignee: w.assignee,
        dueDate: w.due_date,
        deviceSn: w.device_sn,
        plantId: w.plant_id,
        plantName: w.plant_name,
      },
    },
  ]);
}
