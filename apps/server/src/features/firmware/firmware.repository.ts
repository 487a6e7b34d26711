import { FINAL_COMMAND_STATUSES } from '@voltfleet/domain/commands';
import { type FirmwareFamily, type FirmwareKind } from '@voltfleet/domain/firmware';
import type { Queryable } from '../../db/db.js';
import { deviceInScope, subtreePattern } from '../../platform/scope.js';
import type { Caller } from '../../platform/auth.js';

export interface ImageRow {
  id: number;
  kind: FirmwareKind;
  family: FirmwareFamily;
  version: string;
  size_bytes: number;
  sha256: string;
  file_name: string;
  storage_name: string;
  notes: string;
  uploaded_by: string;
  uploaded_at: Date;
  in_use: boolean;
}

const IMAGE_COLUMNS = `f.id, f.kind, f.family, f.version, f.size_bytes, f.sha256, f.file_name, f.storage_name, f.notes,
  u.username AS uploaded_by, f.uploaded_at,
  EXISTS (SELECT 1 FROM device_upgrades du WHERE du.image_id = f.id AND du.status = 'restarting') AS in_use`;

export interface NewImage {
  kind: FirmwareKind;
  family: FirmwareFamily;
  version: string;
  sizeBytes: number;
  sha256: string;
  fileName: string;
  storageName: string;
  notes: string;
  uploadedBy: number;
}

/** Inserts an image; undefined when one of the same kind, family and version exists. */
export async function insertImage(db: Queryable, image: NewImage): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO firmware_images (kind, family, version, size_bytes, sha256, file_name, storage_name, notes, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (kind, family, version) DO NOTHING RETURNING id`,
    [
      image.kind,
      image.family,
      image.version,
      image.sizeBytes,
      image.sha256,
      image.fileName,
      image.storageName,
      image.notes,
      image.uploadedBy,
    ],
  );
  return rows[0]?.id;
}

/** The whole catalogue, newest upload first (a global list: images are not owned by a subtree). */
export async function listImages(db: Queryable): Promise<ImageRow[]> {
  const { rows } = await db.query<ImageRow>(
    `SELECT ${IMAGE_COLUMNS} FROM firmware_images f JOIN users u ON u.id = f.uploaded_by ORDER BY f.uploaded_at DESC, f.id DESC`,
  );
  return rows;
}

export async function findImage(db: Queryable, id: number): Promise<ImageRow | undefined> {
  const { rows } = await db.query<ImageRow>(
    `SELECT ${IMAGE_COLUMNS} FROM firmware_images f JOIN users u ON u.id = f.uploaded_by WHERE f.id = $1`,
    [id],
  );
  return rows[0];
}

/** Deletes an image unless an open upgrade uses it; 'inUse', 'missing' or the deleted row's storage name. */
export async function deleteImageUnlessUsed(db: Queryable, id: number): Promise<'inUse' | 'missing' | string> {
  const { rows } = await db.query<{ storage_name: string | null; in_use: boolean }>(
    `WITH used AS (SELECT EXISTS (SELECT 1 FROM device_upgrades WHERE image_id = $1 AND status = 'restarting') AS in_use),
          gone AS (DELETE FROM firmware_images WHERE id = $1 AND NOT (SELECT in_use FROM used) RETURNING storage_name)
     SELECT (SELECT storage_name FROM gone) AS storage_name, (SELECT in_use FROM used) AS in_use`,
    [id],
  );
  const row = rows[0];
  if (row?.storage_name) return row.storage_name;
  return row?.in_use ? 'inUse' : 'missing';
}

export interface UpgradeDeviceRow {
  id: number;
  sn: string;
  kind: string;
  model: string;
  pcu_version: string;
  dsp_version: string;
  restart_until: Date | null;
  /**
   * On/off as last known (0 off, 1 on): the newer of the last reading's pcsOnOff and the onOff a power command read
   * back (so a shutdown that succeeded counts before the next reading); null when neither exists.
   */
  on_off: number | null;
  open_upgrade_kind: FirmwareKind | null;
}

/** The device in the caller's scope with what the upgrade rules read, or undefined (missing or out of scope). */
export async function findUpgradeDevice(
  db: Queryable,
  caller: Caller,
  deviceId: number,
): Promise<UpgradeDeviceRow | undefined> {
  const { rows } = await db.query<UpgradeDeviceRow>(
    `SELECT d.id, d.sn, d.kind, d.model, d.pcu_version, d.dsp_version, d.restart_until,
            (SELECT x.on_off FROM (
               (SELECT r.pcs_on_off::float8 AS on_off, r.ts AS at FROM readings r
                 WHERE r.device_id = d.id ORDER BY r.ts DESC LIMIT 1)
               UNION ALL
               (SELECT p.value, p.reported_at FROM device_parameters p WHERE p.device_id = d.id AND p.key = 'onOff')
             ) x WHERE x.on_off IS NOT NULL ORDER BY x.at DESC LIMIT 1) AS on_off,
            (SELECT du.kind FROM device_upgrades du WHERE du.device_id = d.id AND du.status = 'restarting') AS open_upgrade_kind
       FROM devices d WHERE d.id = $1 AND ${deviceInScope('d', 2, 3)}`,
    [deviceId, subtreePattern(caller), caller.id],
  );
  return rows[0];
}

export interface NewUpgrade {
  deviceId: number;
  imageId: number;
  kind: FirmwareKind;
  fromVersion: string;
  targetVersion: string;
  commandId: number | null;
  userId: number;
  restartUntil: Date;
}

/** Records an issued upgrade; undefined when another upgrade is already open. */
export async function insertUpgrade(db: Queryable, u: NewUpgrade): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO device_upgrades (device_id, image_id, kind, from_version, target_version, command_id, user_id, restart_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (device_id) WHERE status = 'restarting' DO NOTHING RETURNING id`,
    [u.deviceId, u.imageId, u.kind, u.fromVersion, u.targetVersion, u.commandId, u.userId, u.restartUntil],
  );
  return rows[0]?.id;
}

export interface SettledUpgrade {
  id: number;
  device_id: number;
  command_id: number | null;
  status: 'succeeded' | 'failed';
  reason: string | null;
}

/**
 * Settles open upgrades: succeeded as soon as the device's reported version equals the target; failed when its
 * command failed, timed out or expired (the device never took the image: reason `command:<its reason>`), or once the
 * restart wait is over without the version (`versionNotReported`). The carrying command ends with the same outcome.
 * Claimed with SKIP LOCKED so several job processes never settle one twice.
 */
export async function settleUpgrades(db: Queryable, now: Date): Promise<SettledUpgrade[]> {
  const { rows } = await db.query<SettledUpgrade & { command_id: string | null }>(
    `WITH due AS (
       SELECT du.id, du.device_id,
              CASE WHEN (du.kind = 'PCU' AND d.pcu_version = du.target_version)
                     OR (du.kind = 'DSP' AND d.dsp_version = du.target_version) THEN 'succeeded'
                   WHEN c.status = ANY($2::text[]) THEN 'commandFailed'
                   WHEN du.restart_until <= $1 THEN 'versionNotReported' END AS outcome,
              c.status AS command_status, c.reason AS command_reason
         FROM device_upgrades du JOIN devices d ON d.id = du.device_id
         LEFT JOIN commands c ON c.id = du.command_id
        WHERE du.status = 'restarting'
        FOR UPDATE OF du SKIP LOCKED
     )
     UPDATE device_upgrades du
        SET status = CASE WHEN due.outcome = 'succeeded' THEN 'succeeded' ELSE 'failed' END, finished_at = $1,
            reason = CASE WHEN due.outcome = 'commandFailed'
                          THEN 'command:' || coalesce(due.command_reason, due.command_status)
                          WHEN due.outcome = 'versionNotReported' THEN 'versionNotReported' END
       FROM due
      WHERE du.id = due.id AND due.outcome IS NOT NULL
     RETURNING du.id, du.device_id, du.command_id, du.status, du.reason`,
    [now, FINAL_COMMAND_STATUSES.filter((st) => st !== 'succeeded')],
  );
  return rows.map((r) => ({ ...r, command_id: r.command_id === null ? null : Number(r.command_id) }));
}

/** The upgrade an earlier request of this user with this key created for the device, if any. */
export async function upgradeByKey(
  db: Queryable,
  userId: number,
  idempotencyKey: string,
  deviceId: number,
): Promise<{ upgrade_id: number; command_id: number; restart_until: Date } | undefined> {
  const { rows } = await db.query<{ upgrade_id: number; command_id: string; restart_until: Date }>(
    `SELECT du.id AS upgrade_id, c.id AS command_id, du.restart_until
       FROM commands c JOIN device_upgrades du ON du.command_id = c.id
      WHERE c.user_id = $1 AND c.idempotency_key = $2 AND c.device_id = $3`,
    [userId, idempotencyKey, deviceId],
  );
  const r = rows[0];
  return r ? { ...r, command_id: Number(r.command_id) } : undefined;
}

/** The caller's stored password hash (the upgrade asks for the password again). */
export async function passwordHashOf(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return rows[0]?.password_hash;
}

/** Who started these upgrades (when still a user), with the device and what it was to install. */
export async function upgradeRecipients(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; userId: number; sn: string; kind: FirmwareKind; version: string }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number; user_id: number; sn: string; kind: FirmwareKind; version: string }>(
    `SELECT du.id, du.user_id, d.sn, du.kind, du.target_version AS version
       FROM device_upgrades du JOIN devices d ON d.id = du.device_id
      WHERE du.id = ANY($1::int[]) AND du.user_id IS NOT NULL ORDER BY du.id`,
    [[...ids]],
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id, sn: r.sn, kind: r.kind, version: r.version }));
}

/**
 * The firmware images a deleted user uploaded and the upgrades they issued name the deleting user from now on (the
 * columns must name someone); who really did it stays in the operation records, which keep the actor's name.
 */
export async function handOverFirmwareRecords(db: Queryable, fromId: number, toId: number): Promise<void> {
  await db.query(`UPDATE firmware_images SET uploaded_by = $2 WHERE uploaded_by = $1`, [fromId, toId]);
  await db.query(`UPDATE device_upgrades SET user_id = $2 WHERE user_id = $1`, [fromId, toId]);
}
