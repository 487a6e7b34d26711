import { randomUUID } from 'node:crypto';
import {
  checkUpgradeSelection,
  UPGRADE_RESTART_WAIT_MS,
  type UpgradeImage,
  type UpgradeRequest,
} from '@voltfleet/domain/firmware';
import type { CommandStatusChange as StatusChange } from '@voltfleet/domain/commands';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.js';
import { openPasswordBlob, verifyPassword, type LoginKey } from '../auth/index.js';
import { clearRestart, markRestarting } from '../devices/index.js';
import { finishCommands, insertUpgradeCommand } from '../commands/index.js';
import { postMessages } from '../messages/index.js';
import {
  insertUpgrade,
  upgradeByKey,
  listImages,
  passwordHashOf,
  settleUpgrades,
  upgradeRecipients,
  type ImageRow,
  type SettledUpgrade,
  type UpgradeDeviceRow,
} from './firmware.repository.js';
import { upgradeDevice, upgradeTarget } from './firmware.service.js';

export interface UpgradeDeps {
  db: Db;
  loginKey: LoginKey;
}

const ruleImage = (row: ImageRow): UpgradeImage => ({
  id: row.id,
  kind: row.kind,
  family: row.family,
  version: row.version,
});

/**
 * Checks an upgrade request on the server: the device in the caller's scope (else 404), every R4.7 rule (refused
 * with the rule's own message and `data.rule`), then the caller's password again. Returns the device and the image.
 */
export async function authoriseUpgrade(
  deps: UpgradeDeps,
  caller: Caller,
  deviceId: number,
  body: UpgradeRequest,
  now = new Date(),
): Promise<{ device: UpgradeDeviceRow; image: ImageRow }> {
  const device = await upgradeTarget(deps.db, caller, deviceId);
  const images = await listImages(deps.db);
  const selected = [...new Set(body.imageIds)].map((id) => images.find((image) => image.id === id));
  if (selected.some((image) => image === undefined)) throw notFound();
  const chosen = selected as ImageRow[];
  const check = checkUpgradeSelection(upgradeDevice(device, now), chosen.map(ruleImage), images.map(ruleImage));
  if (!check.ok) throw new AppError('validation', check.message, {}, { rule: check.rule });
  await checkPassword(deps, caller, body.password);
  return { device, image: chosen[0]! };
}

async function checkPassword(deps: UpgradeDeps, caller: Caller, blob: string): Promise<void> {
  const password = await openPasswordBlob(deps.db, deps.loginKey, blob, 'password');
  const hash = await passwordHashOf(deps.db, caller.id);
  if (!hash || !(await verifyPassword(hash, password))) throw invalid('password', 'firmware.passwordWrong');
}

/**
 * Records an issued upgrade (carried by command `commandId`) and marks the device restarting until now + 20 min
 * (R9.2). A concurrent upgrade of the same device loses: PCU and DSP never together.
 */
export async function recordUpgrade(
  db: Queryable,
  caller: Caller,
  device: UpgradeDeviceRow,
  image: ImageRow,
  commandId: number | null,
  now = new Date(),
): Promise<{ upgradeId: number; restartUntil: Date }> {
  const restartUntil = new Date(now.getTime() + UPGRADE_RESTART_WAIT_MS);
  const upgradeId = await insertUpgrade(db, {
    deviceId: device.id,
    imageId: image.id,
    kind: image.kind,
    fromVersion: image.kind === 'PCU' ? device.pcu_version : device.dsp_version,
    targetVersion: image.version,
    commandId,
    userId: caller.id,
    restartUntil,
  });
  if (upgradeId === undefined) throw conflict('firmware.rule.upgradeInProgress');
  await markRestarting(db, device.id, restartUntil);
  return { upgradeId, restartUntil };
}

/** An accepted upgrade: the command carrying it and the end of the restart wait. */
export interface IssuedUpgrade {
  upgradeId: number;
  commandId: number;
  restartUntil: Date;
  /** True when this request created it (deliver it); false for a repeated idempotency key. */
  created: boolean;
}

/**
 * Issues an upgrade: checks it like `authoriseUpgrade`, then stores the command that carries the image to the device
 * (kind firmwareUpgrade, never retried automatically) and the upgrade with its restart wait, in one transaction. The
 * same idempotency key from the same user answers the upgrade it created the first time (a double click sends once).
 */
export async function issueUpgrade(
  deps: UpgradeDeps & { expiryMinutes: number },
  caller: Caller,
  deviceId: number,
  body: UpgradeRequest,
  /** The client address of the request, kept on the command (control records filter by it). */
  ip: string | null = null,
): Promise<IssuedUpgrade> {
  const key = body.idempotencyKey ?? randomUUID();
  if (body.idempotencyKey) {
    await upgradeTarget(deps.db, caller, deviceId);
    const earlier = await upgradeByKey(deps.db, caller.id, key, deviceId);
    if (earlier)
      return {
        upgradeId: earlier.upgrade_id,
        commandId: earlier.command_id,
        restartUntil: earlier.restart_until,
        created: false,
      };
  }
  const { device, image } = await authoriseUpgrade(deps, caller, deviceId, body);
  return deps.db.transaction(async (tx) => {
    const commandId = await insertUpgradeCommand(tx, {
      wireId: randomUUID(),
      deviceId: device.id,
      user: { ...caller, ip },
      idempotencyKey: key,
      expiryMinutes: deps.expiryMinutes,
      order: {
        imageId: image.id,
        kind: image.kind,
        family: image.family,
        version: image.version,
        sha256: image.sha256,
      },
    });
    // Only a concurrent request with the same key gets here without a command: it lost the race.
    if (commandId === undefined) throw conflict('firmware.rule.upgradeInProgress');
    const { upgradeId, restartUntil } = await recordUpgrade(tx, caller, device, image, commandId);
    return { upgradeId, commandId, restartUntil, created: true };
  });
}

/** Where an upgrade message leads: the command page, where upgrades are started. */
export const UPGRADE_MESSAGE_LINK = '/deviceCenter/commandIssue';

/**
 * Tells each user who started a settled upgrade how it ended, in the settling transaction (their bell hears it at
 * the commit). The carrying command's own outcome sends no message of its own (commands/command-messages.ts).
 */
async function postUpgradeOutcomes(tx: Queryable, settled: readonly SettledUpgrade[]): Promise<void> {
  const byId = new Map(settled.map((u) => [u.id, u]));
  const recipients = await upgradeRecipients(
    tx,
    settled.map((u) => u.id),
  );
  await postMessages(
    tx,
    recipients.map((r) => {
      const u = byId.get(r.id)!;
      return {
        userId: r.userId,
        kind: 'upgrade' as const,
        event: u.status,
        params: { upgradeId: r.id, deviceSn: r.sn, firmwareKind: r.kind, version: r.version, reason: u.reason },
        link: UPGRADE_MESSAGE_LINK,
      };
    }),
  );
}

/**
 * The version a device reports decides an upgrade: succeeded once it equals the target, failed when its command
 * failed (the device refused the image) or the restart wait ends without it. The carrying command ends with the same
 * outcome (`onCommandChange` hears it, for the live page). Devices no longer restarting stop counting down.
 */
export async function settleDeviceUpgrades(
  db: Db,
  now = new Date(),
  onCommandChange: (change: StatusChange) => void = () => undefined,
): Promise<SettledUpgrade[]> {
  const { settled, commands } = await db.transaction(async (tx) => {
    const settled = await settleUpgrades(tx, now);
    await clearRestart(
      tx,
      settled.filter((u) => u.status === 'succeeded' || u.reason?.startsWith('command:')).map((u) => u.device_id),
    );
    // The carrying command ends with the upgrade's outcome.
    const outcomes = settled.flatMap((u) =>
      u.command_id === null ? [] : [{ commandId: u.command_id, status: u.status, reason: u.reason }],
    );
    const commands = await finishCommands(tx, outcomes);
    await postUpgradeOutcomes(tx, settled);
    return { settled, commands };
  });
  commands.forEach(onCommandChange);
  return settled;
}
