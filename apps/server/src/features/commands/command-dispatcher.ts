import { readBackConfirms, type CommandStatusMessage } from '@voltfleet/domain/commands';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/db.js';
import { startPeriodic } from '../../platform/periodic.js';
import { postCommandOutcomes } from './command-messages.js';
import type {
  CommandAck,
  CommandLink,
  DeviceCommand,
  DeviceProtocol,
  LinkDevice,
  LinkLog,
} from '../../link/link.types.js';
import {
  claimForSend,
  deliverableIds,
  openCommandByWireId,
  queuedTargets,
  recordAnswer,
  rememberParameters,
  unclaim,
  type Outgoing,
  type StatusChange,
} from './lifecycle.repository.js';

/** The message on the wire for a stored command: remote actions by name, every write as a set of registers. */
export function wireCommand(c: Outgoing): DeviceCommand {
  const base = { commandId: c.wireId, expiresAt: c.expiresAt.getTime() };
  if (c.kind === 'restart') return { ...base, type: 'remote', key: 'restart' };
  if (c.kind === 'clockSync') return { ...base, type: 'remote', key: 'clockSync', value: c.parameters.clockS! };
  if (c.kind === 'firmwareUpgrade' && c.firmware)
    return { ...base, type: 'firmwareUpgrade', key: 'firmwareUpgrade', firmware: c.firmware };
  return { ...base, type: 'setParameters', key: c.kind, values: c.parameters };
}

/** What a device's answer makes of a command. */
export function verdict(
  requested: Record<string, number>,
  ack: CommandAck,
  secondsSinceSent: number,
): {
  status: 'acknowledged' | 'succeeded' | 'failed';
  reason: string | null;
  readBack: Record<string, number> | null;
  final: boolean;
} {
  if (!ack.ok) return { status: 'failed', reason: ack.reason, readBack: null, final: true };
  if (!ack.values) return { status: 'acknowledged', reason: null, readBack: null, final: ack.final === true };
  return readBackConfirms(requested, ack.values, secondsSinceSent)
    ? { status: 'succeeded', reason: null, readBack: ack.values, final: true }
    : { status: 'failed', reason: 'readBackMismatch', readBack: ack.values, final: true };
}

/** The settings among a read-back (a restart's uptime and a clock are not settings to compare against later). */
function settingsOf(requested: Record<string, number>, readBack: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(readBack).filter(([key]) => key in requested && key !== 'restart' && key !== 'clockS'),
  );
}

export const toLiveMessage = (c: StatusChange): CommandStatusMessage => ({
  type: 'commandStatus',
  commandId: c.id,
  deviceId: c.deviceId,
  status: c.status,
  reason: c.reason,
  finishedAt: c.finishedAt,
});

/**
 * Delivers commands over the links this process runs (MQTT, OSIM gateway) and turns device answers into status
 * changes. A command goes only to a link of its device's protocol (`devices.protocol`, set to 'osim' when the gateway
 * identifies the inverter), so a command for an OSIM inverter that is not connected is never published to an MQTT
 * broker that would accept it without knowing the device. Without a link of that protocol (a process without the
 * ingest or osim role) commands wait queued for a process that has one. A command is
 * sent at most once: only queued rows are claimed, and a sent one is never sent again (no automatic retry of a
 * shutdown).
 */
export class CommandDispatcher {
  private readonly links: { link: CommandLink; protocol: DeviceProtocol }[] = [];

  constructor(
    private readonly db: Db,
    private readonly publish: (change: StatusChange) => void,
    private readonly log: LinkLog,
  ) {}

  /**
   * Starts delivering over `link` the commands of devices of `protocol` (default MQTT): answers, reconnects and a poll
   * for queued commands. Returns the stop function: the link is detached at once, and the stop resolves when a
   * running poll has finished.
   */
  attach(
    link: CommandLink,
    options: { offlineSeconds: number; pollMs: number; protocol?: DeviceProtocol; metrics?: Registry },
  ): () => Promise<void> {
    const entry = { link, protocol: options.protocol ?? 'mqtt' };
    this.links.push(entry);
    // Returned, not only guarded: the link acknowledges the answer's message once it is recorded, and a failure
    // leaves it unacknowledged for the broker to deliver again (docs/faults.md).
    const offAck = link.onAck((device, ack) =>
      this.handleAck(device, ack).catch((err: unknown) => {
        this.log.error({ err }, 'command: command answer failed');
        throw err;
      }),
    );
    const online = (device: LinkDevice) =>
      void this.guard(this.deliverQueued({ deviceId: device.id }), 'delivery on reconnect');
    link.events.on('online', online);
    const poll = startPeriodic({
      name: `command-delivery-${entry.protocol}`,
      everyMs: options.pollMs,
      run: () => this.deliverQueued({ offlineSeconds: options.offlineSeconds }),
      log: this.log,
      metrics: options.metrics,
    });
    return async () => {
      const stopping = poll.stop();
      offAck();
      link.events.off('online', online);
      const index = this.links.indexOf(entry);
      if (index >= 0) this.links.splice(index, 1);
      await stopping;
    };
  }

  /**
   * Sends the given commands if they are still queued; an absent device leaves its command queued. Deliveries of
   * this process run one after another: a reconnect's delivery must not find a command claimed by a poll that is
   * just finding the device absent (it would skip it, and nothing would send it until the next reconnect).
   */
  deliver(ids: readonly number[]): Promise<void> {
    const run = this.delivering.then(() => this.deliverNow(ids));
    this.delivering = run.catch(() => undefined);
    return run;
  }

  private delivering: Promise<void> = Promise.resolve();

  private async deliverNow(ids: readonly number[]): Promise<void> {
    if (this.links.length === 0) return;
    for (const { id, sn, protocol } of await queuedTargets(this.db, ids)) {
      const links = this.links.filter((entry) => entry.protocol === protocol);
      // Not claimed (the status would show "sent" for a moment) when no link here carries the device's protocol or
      // every one of them knows the device is not there.
      if (links.every(({ link }) => link.reachable !== undefined && !link.reachable(sn))) continue;
      const claimed = await claimForSend(this.db, id);
      if (!claimed) continue;
      let routing: Awaited<ReturnType<CommandLink['send']>> = 'offline';
      for (const { link } of links) {
        try {
          routing = await link.send(claimed.sn, wireCommand(claimed));
        } catch (err) {
          this.log.warn({ err, commandId: id }, 'command: send failed');
          routing = 'offline';
        }
        if (routing !== 'offline') break;
      }
      if (routing === 'offline') await unclaim(this.db, id);
      else this.publish({ id, deviceId: claimed.deviceId, status: 'sent', reason: null, finishedAt: null });
    }
  }

  async deliverQueued(target: { deviceId: number } | { offlineSeconds: number }): Promise<void> {
    if (this.links.length === 0) return;
    // The queued ids are read inside the turn, so a command unclaimed by the turn before is seen again.
    const run = this.delivering.then(async () => this.deliverNow(await deliverableIds(this.db, target)));
    this.delivering = run.catch(() => undefined);
    await run;
  }

  async handleAck(device: LinkDevice, ack: CommandAck): Promise<void> {
    const open = await openCommandByWireId(this.db, device.id, ack.commandId);
    if (!open) return;
    const seconds = open.sent_at ? (Date.now() - open.sent_at.getTime()) / 1000 : 0;
    const answer = verdict(open.parameters, ack, seconds);
    const change = await this.db.transaction(async (tx) => {
      const changed = await recordAnswer(tx, Number(open.id), answer);
      if (changed && answer.status === 'succeeded' && answer.readBack) {
        await rememberParameters(tx, device.id, settingsOf(open.parameters, answer.readBack));
      }
      // A final outcome tells its sender in the same transaction (their bell hears it at the commit).
      if (changed) await postCommandOutcomes(tx, [changed]);
      return changed;
    });
    if (change) this.publish(change);
  }

  private async guard(work: Promise<void>, what: string): Promise<void> {
    try {
      await work;
    } catch (err) {
      this.log.error({ err }, `command: ${what} failed`);
    }
  }
}
