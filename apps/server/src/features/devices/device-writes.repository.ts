import type { DeviceFields, DeviceKind } from '@voltfleet/domain/devices';
import type { Queryable } from '../../db/db.js';

/**
 * Every write to the `devices` table. Other features change a device only through these (re-exported for them by
 * osim-device-records.ts and the index), so what a device row can go through is read here, once: stocked in, activated and
 * released, its secret replaced, heard from, restarting for an upgrade, its reported versions, its OSIM identity
 * and conflicts. platform/boundaries.test.ts fails on a `devices` write anywhere else.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export interface NewDevice {
  sn: string;
  kind: DeviceKind;
  model: string;
  batteryModel: string;
  installationPosition: string;
  ownerId: number;
  secretHash: string | null;
  /** Grid code, battery and meter protocol and template (deviceFieldsSchema), when given at stock-in. */
  fields?: Partial<DeviceFields>;
}

/**
 * Stocks devices in with one statement; a serial number taken meanwhile is skipped (the unique index decides).
 * Returns the serial numbers actually inserted, with their ids.
 */
export async function insertDevices(db: Queryable, devices: readonly NewDevice[]): Promise<Map<string, number>> {
  if (devices.length === 0) return new Map();
  const column = <K extends keyof NewDevice>(key: K) => devices.map((d) => d[key]);
  const field = <K extends keyof DeviceFields>(key: K) => devices.map((d) => d.fields?.[key] ?? null);
  const { rows } = await db.query<{ id: number; sn: string }>(
    `INSERT INTO devices (sn, kind, model, battery_model, installation_position, owner_id, secret_hash, grid_code,
                          battery_protocol, meter_protocol, template)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[],
                          $8::int[], $9::int[], $10::int[], $11::text[])
     ON CONFLICT (sn) DO NOTHING
     RETURNING id, sn`,
    [
      column('sn'),
      column('kind'),
      column('model'),
      column('batteryModel'),
      column('installationPosition'),
      column('ownerId'),
      column('secretHash') as string[],
      field('gridCode'),
      field('batteryProtocol'),
      field('meterProtocol'),
      // The template is text like the other attributes: '' until given.
      field('template').map((t) => t ?? ''),
    ],
  );
  return new Map(rows.map((r) => [r.sn, r.id]));
}

/**
 * The demo fleet's device: stocked in, installed in its plant and reporting its firmware from the start. `reportsVia`
 * is the device whose link carries its data (a battery's inverter, an inverter's collector), inserted before it.
 * Returns the new device's id.
 */
export async function insertInstalledDevice(
  db: Queryable,
  d: NewDevice & { plantId: number; pcuVersion: string; dspVersion: string; reportsVia?: number | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO devices (sn, kind, model, battery_model, installation_position, owner_id, plant_id, pcu_version, dsp_version, secret_hash, reports_via, activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now()) RETURNING id`,
    [
      d.sn,
      d.kind,
      d.model,
      d.batteryModel,
      d.installationPosition,
      d.ownerId,
      d.plantId,
      d.pcuVersion,
      d.dspVersion,
      d.secretHash,
      d.reportsVia ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Binds an awaiting device to a plant; false when it was activated meanwhile. */
export async function activateDevice(db: Queryable, id: number, plantId: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE devices SET plant_id = $2, activated_at = now(), updated_at = now()
      WHERE id = $1 AND activated_at IS NULL RETURNING id`,
    [id, plantId],
  );
  return rows.length > 0;
}

/** Unbinds an activated device from its plant (awaiting activation again); false when it was not activated. */
export async function deactivateDevice(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE devices SET plant_id = NULL, activated_at = NULL, updated_at = now()
      WHERE id = $1 AND activated_at IS NOT NULL RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** A plant is going: every device in it awaits activation again. Returns how many were released. */
export async function releasePlantDevices(db: Queryable, plantId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE devices SET plant_id = NULL, activated_at = NULL, updated_at = now() WHERE plant_id = $1 RETURNING id`,
    [plantId],
  );
  return rows.length;
}

/** Sets a device's grid code, battery and meter protocol and template (null clears a code, '' the template). */
export async function updateDeviceFields(db: Queryable, id: number, fields: DeviceFields): Promise<void> {
  await db.query(
    `UPDATE devices SET grid_code = $2, battery_protocol = $3, meter_protocol = $4, template = $5, updated_at = now()
      WHERE id = $1`,
    [id, fields.gridCode, fields.batteryProtocol, fields.meterProtocol, fields.template ?? ''],
  );
}

/** Replaces a device's link secret hash; the old secret stops authenticating at once. */
export async function replaceSecretHash(db: Queryable, id: number, secretHash: string): Promise<void> {
  await db.query(`UPDATE devices SET secret_hash = $2, updated_at = now() WHERE id = $1`, [id, secretHash]);
}

/** Marks a device as heard from now (a link connected or a reading arrived). */
export async function markSeen(db: Queryable, deviceId: number): Promise<void> {
  await db.query(`UPDATE devices SET last_seen_at = now() WHERE id = $1`, [deviceId]);
}

/**
 * Ingest: last-seen, last reading time and the fault and warning words of the newest reading, per device. Returns
 * each device's last reading time (epoch ms, the newest reading stored) from before this update.
 */
export async function touchDevices(
  db: Queryable,
  updates: { deviceId: number; lastTs: number; faultWord: number | null; warningWord: number | null }[],
): Promise<Map<number, number | null>> {
  if (updates.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; before: Date | null }>(
    `WITH before AS (SELECT id, last_reading_at FROM devices WHERE id = ANY($1::int4[]))
     UPDATE devices d SET last_seen_at = greatest(d.last_seen_at, now()),
            fault_word = CASE WHEN u.ts >= coalesce(d.last_reading_at, '-infinity') THEN coalesce(u.fault, d.fault_word) ELSE d.fault_word END,
            warning_word = CASE WHEN u.ts >= coalesce(d.last_reading_at, '-infinity') THEN coalesce(u.warning, d.warning_word) ELSE d.warning_word END,
            last_reading_at = greatest(d.last_reading_at, u.ts)
       FROM unnest($1::int4[], $2::timestamptz[], $3::int8[], $4::int8[]) AS u(id, ts, fault, warning)
       JOIN before b ON b.id = u.id
      WHERE d.id = u.id
      RETURNING d.id, b.last_reading_at AS before`,
    [
      updates.map((u) => u.deviceId),
      updates.map((u) => iso(u.lastTs)),
      updates.map((u) => u.faultWord),
      updates.map((u) => u.warningWord),
    ] as never[],
  );
  return new Map(rows.map((r) => [r.id, r.before ? new Date(r.before).getTime() : null]));
}

/** An upgrade was issued: the device is restarting until then (its silence is expected). */
export async function markRestarting(db: Queryable, deviceId: number, until: Date): Promise<void> {
  await db.query(`UPDATE devices SET restart_until = $2, updated_at = now() WHERE id = $1`, [deviceId, until]);
}

/** A device back on its target version (or whose upgrade ended) is no longer restarting. */
export async function clearRestart(db: Queryable, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await db.query(`UPDATE devices SET restart_until = NULL, updated_at = now() WHERE id = ANY($1::int[])`, [
    [...deviceIds],
  ]);
}

/** Stores the firmware versions a device reported (a missing one stays as it was). */
export async function storeReportedVersions(
  db: Queryable,
  deviceId: number,
  versions: { pcuVersion?: string | undefined; dspVersion?: string | undefined },
): Promise<void> {
  await db.query(
    `UPDATE devices SET pcu_version = coalesce($2, pcu_version), dsp_version = coalesce($3, dsp_version), updated_at = now()
      WHERE id = $1 AND (pcu_version IS DISTINCT FROM coalesce($2, pcu_version) OR dsp_version IS DISTINCT FROM coalesce($3, dsp_version))`,
    [deviceId, versions.pcuVersion ?? null, versions.dspVersion ?? null],
  );
}

/** OSIM: the device identified itself on a connection; from now on it is reached over OSIM. */
export async function recordOsimIdentity(
  db: Queryable,
  deviceId: number,
  identity: { pcuVersion: number; modelCode: number },
): Promise<void> {
  await db.query(
    `UPDATE devices SET osim_pcu_version = $2, osim_model_code = $3, protocol = 'osim', updated_at = now()
      WHERE id = $1`,
    [deviceId, identity.pcuVersion, identity.modelCode],
  );
}

/**
 * OSIM: a connection claimed this device's serial number while it was live elsewhere, and was refused. Counted with
 * the time and the claimant's address, for the device page.
 */
export async function recordIdentityConflict(db: Queryable, deviceId: number, remote: string): Promise<void> {
  await db.query(
    `UPDATE devices SET osim_conflicts = osim_conflicts + 1, osim_conflict_at = now(), osim_conflict_remote = $2
      WHERE id = $1`,
    [deviceId, remote.slice(0, 64)],
  );
}

/** Whether the device reports over MQTT and was heard within `withinSeconds`: live on the MQTT link. */
export async function liveOnMqtt(db: Queryable, deviceId: number, withinSeconds: number): Promise<boolean> {
  const { rows } = await db.query<{ live: boolean }>(
    `SELECT protocol = 'mqtt' AND last_seen_at IS NOT NULL AND last_seen_at > now() - make_interval(secs => $2) AS live
       FROM devices WHERE id = $1`,
    [deviceId, withinSeconds],
  );
  return rows[0]?.live === true;
}

/** Gives every device owned by `fromId` to `toId` (a user deleted by their superior); the number handed over. */
export async function handOverDevices(db: Queryable, fromId: number, toId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH moved AS (UPDATE devices SET owner_id = $2 WHERE owner_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM moved`,
    [fromId, toId],
  );
  return rows[0]?.n ?? 0;
}
