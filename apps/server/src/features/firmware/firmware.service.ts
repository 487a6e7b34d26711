import {
  checkAnyAvailable,
  checkUpgrade,
  firmwareUploadSchema,
  imageFits,
  type FirmwareImage,
  type FirmwareOptions,
  type UpgradeDevice,
  type UpgradeImage,
} from '@voltfleet/domain/firmware';
import { translate, type Lang, type MessageKey } from '@voltfleet/domain/i18n';
import type { Db, Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import {
  deleteImageUnlessUsed,
  findImage,
  findUpgradeDevice,
  insertImage,
  listImages,
  type ImageRow,
  type UpgradeDeviceRow,
} from './firmware.repository.js';
import { readImageFile, removeImageFile, sha256Hex, storeImageFile } from './firmware.storage.js';

export function toFirmwareImage(row: ImageRow): FirmwareImage {
  return {
    id: row.id,
    kind: row.kind,
    family: row.family,
    version: row.version,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    fileName: row.file_name,
    notes: row.notes,
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at.toISOString(),
    inUse: row.in_use,
  };
}

/** A validation error naming the field, in the envelope's issue shape. */
const fieldError = (path: string, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError('validation', 'error.validation', {}, { issues: [{ path, key, params }] });

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * Validates the form, stores the file under DATA_DIR/firmware/ with its SHA-256, and adds it to the catalogue. The
 * uploader is the caller of the upload route, or the administrator for the demo's catalogue (same checks for both).
 */
export async function uploadImage(
  db: Db,
  dataDir: string,
  caller: Pick<Caller, 'id'>,
  fields: Record<string, string>,
  file: UploadedFile,
): Promise<FirmwareImage> {
  const parsed = firmwareUploadSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(String(issue?.path[0] ?? 'version'), (issue?.message ?? 'error.validation') as MessageKey);
  }
  if (file.bytes.length === 0) throw fieldError('file', 'firmware.fileEmpty');
  const storageName = await storeImageFile(dataDir, file.bytes);
  const id = await insertImage(db, {
    ...parsed.data,
    notes: parsed.data.notes ?? '',
    sizeBytes: file.bytes.length,
    sha256: sha256Hex(file.bytes),
    fileName: file.fileName.slice(0, 200),
    storageName,
    uploadedBy: caller.id,
  });
  if (id === undefined) {
    await removeImageFile(dataDir, storageName);
    throw conflict('firmware.duplicate');
  }
  const row = await findImage(db, id);
  if (!row) throw notFound();
  return toFirmwareImage(row);
}

/** The bytes of a catalogue image, for the device link that sends them (the OSIM gateway); rejects when missing. */
export function firmwareImageLoader(db: Queryable, dataDir: string): (imageId: number) => Promise<Buffer> {
  return async (imageId) => {
    const row = await findImage(db, imageId);
    if (!row) throw new Error(`firmware image ${imageId} is not in the catalogue`);
    return readImageFile(dataDir, row.storage_name);
  };
}

export async function listCatalogue(db: Queryable): Promise<FirmwareImage[]> {
  return (await listImages(db)).map(toFirmwareImage);
}

/** Deletes an image and its file; refused while an open upgrade uses it. */
export async function deleteImage(db: Queryable, dataDir: string, id: number): Promise<void> {
  const result = await deleteImageUnlessUsed(db, id);
  if (result === 'missing') throw notFound();
  if (result === 'inUse') throw conflict('firmware.inUse');
  await removeImageFile(dataDir, result);
}

/** The rules' view of a device row at an instant. */
export function upgradeDevice(row: UpgradeDeviceRow, now: Date): UpgradeDevice {
  const restarting = row.restart_until !== null && row.restart_until > now;
  return {
    model: row.model,
    pcuVersion: row.pcu_version,
    dspVersion: row.dsp_version,
    poweredOff: row.on_off === 0,
    // An upgrade still open, or a restart wait not over, blocks another (PCU and DSP never together).
    upgradeInProgress: row.open_upgrade_kind ?? (restarting ? 'PCU' : null),
  };
}

/** An inverter in the caller's scope; anything else answers like a missing device. */
export async function upgradeTarget(db: Queryable, caller: Caller, deviceId: number): Promise<UpgradeDeviceRow> {
  const row = await findUpgradeDevice(db, caller, deviceId);
  if (!row) throw notFound();
  if (row.kind !== 'inverter') throw new AppError('validation', 'firmware.notInverter');
  return row;
}

const asRuleImage = (row: ImageRow): UpgradeImage => ({
  id: row.id,
  kind: row.kind,
  family: row.family,
  version: row.version,
});

/** Every catalogue image for a device: whether it fits, and the rule refusing an upgrade to it right now. */
export async function firmwareOptions(
  db: Queryable,
  caller: Caller,
  deviceId: number,
  lang: Lang,
  now = new Date(),
): Promise<FirmwareOptions> {
  const row = await upgradeTarget(db, caller, deviceId);
  const device = upgradeDevice(row, now);
  const images = await listImages(db);
  const catalogue = images.map(asRuleImage);
  const any = checkAnyAvailable(device, catalogue);
  return {
    deviceId: row.id,
    sn: row.sn,
    model: row.model,
    pcuVersion: row.pcu_version,
    dspVersion: row.dsp_version,
    poweredOff: device.poweredOff,
    restartUntil: row.restart_until && row.restart_until > now ? row.restart_until.toISOString() : null,
    noVersionMessage: any.ok ? null : translate(any.message, lang),
    options: images.map((image, i) => {
      const ruleImage = catalogue[i] ?? asRuleImage(image);
      const check = checkUpgrade(device, ruleImage, catalogue);
      return {
        image: toFirmwareImage(image),
        available: imageFits(device, ruleImage, catalogue).ok,
        rule: check.ok ? null : check.rule,
        reason: check.ok ? null : translate(check.message, lang),
      };
    }),
  };
}

// What the users feature needs when a user is deleted (see the repository function).
export { handOverFirmwareRecords } from './firmware.repository.js';
