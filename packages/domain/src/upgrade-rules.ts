import { z } from 'zod';
import { INVERTER_MODEL_NAMES, type InverterModel } from './devices.js';
import type { MessageKey } from './messages.js';

/** What a firmware image programs: the control board (PCU) or the power stage's signal processor (DSP). */
export const FIRMWARE_KINDS = ['PCU', 'DSP'] as const;
export type FirmwareKind = (typeof FIRMWARE_KINDS)[number];

/** R9.10 inverter sizes; an image is built for exactly one of them. */
export const FIRMWARE_FAMILIES = INVERTER_MODEL_NAMES;
export type FirmwareFamily = InverterModel;

/** R9.13: the newest software needs PCU 4.0.0; a PCU below it goes to exactly 4.0.0 first. */
export const PCU_MINIMUM = '4.0.0';

/** PCU versions are three dotted numbers, e.g. 4.0.0. */
export const PCU_VERSION_PATTERN = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** DSP versions as the inverters report them: V, three digits, a letter and two digits twice, e.g. V201A00D00. */
export const DSP_VERSION_PATTERN = /^V\d{3}[A-Z]\d{2}[A-Z]\d{2}$/;
/** R4.7 (g): only DSP versions of this form (VxxxA00D00) may be upgraded, from or to. */
export const DSP_UPGRADABLE_PATTERN = /^V\d{3}A00D00$/;

/** The device side of an upgrade decision, read from the device record, its last reading and its commands. */
export interface UpgradeDevice {
  model: string;
  pcuVersion: string;
  dspVersion: string;
  /** The inverter reports itself shut down (the shutdown command was issued and took effect). */
  poweredOff: boolean;
  /** The kind of an upgrade still open (command not finished or inside its restart wait), or null. */
  upgradeInProgress: FirmwareKind | null;
}

/** One image of the firmware catalogue, as the rules need it. */
export interface UpgradeImage {
  id: number;
  kind: FirmwareKind;
  family: FirmwareFamily;
  version: string;
}

/** The rules of R4.7, each with its own message. */
export const UPGRADE_RULES = [
  'pcuDspTogether',
  'upgradeInProgress',
  'familyMismatch',
  'deviceVersionUnknown',
  'notNewer',
  'pcuTo400First',
  'dspFormat',
  'dspSeries',
  'pcuFirst',
  'shutdownFirst',
  'noVersion',
] as const;
export type UpgradeRule = (typeof UPGRADE_RULES)[number];

export const UPGRADE_RULE_MESSAGES: Record<UpgradeRule, MessageKey> = {
  pcuDspTogether: 'firmware.rule.pcuDspTogether',
  upgradeInProgress: 'firmware.rule.upgradeInProgress',
  familyMismatch: 'firmware.rule.familyMismatch',
  deviceVersionUnknown: 'firmware.rule.deviceVersionUnknown',
  notNewer: 'firmware.rule.notNewer',
  pcuTo400First: 'firmware.rule.pcuTo400First',
  dspFormat: 'firmware.rule.dspFormat',
  dspSeries: 'firmware.rule.dspSeries',
  pcuFirst: 'firmware.rule.pcuFirst',
  shutdownFirst: 'firmware.rule.shutdownFirst',
  noVersion: 'firmware.noVersion',
};

export type UpgradeCheck = { ok: true } | { ok: false; rule: UpgradeRule; message: MessageKey };

const refuse = (rule: UpgradeRule): UpgradeCheck => ({ ok: false, rule, message: UPGRADE_RULE_MESSAGES[rule] });
const OK: UpgradeCheck = { ok: true };

/** The three numbers of a PCU version, or undefined when it is not one. */
export function parsePcuVersion(version: string): [number, number, number] | undefined {
  if (!PCU_VERSION_PATTERN.test(version)) return undefined;
  const [a = 0, b = 0, c = 0] = version.split('.').map(Number);
  return [a, b, c];
}

/** Negative, zero or positive as PCU version `a` is older than, equal to or newer than `b`. */
export function comparePcuVersions(a: string, b: string): number {
  const pa = parsePcuVersion(a) ?? [0, 0, 0];
  const pb = parsePcuVersion(b) ?? [0, 0, 0];
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
}

/** The DSP number (0–999) of a DSP version, or undefined when it is not one. */
function dspNumber(version: string): number | undefined {
  return DSP_VERSION_PATTERN.test(version) ? Number(version.slice(1, 4)) : undefined;
}

/**
 * The hardware series of a DSP version: V000–V199 is series 1, V200–V299 series 2, and so on (the DSP version
 * ranges of the reference upgrade table; each range is built for different hardware).
 */
export function dspSeries(version: string): number | undefined {
  const n = dspNumber(version);
  return n === undefined ? undefined : Math.max(1, Math.floor(n / 100));
}

/** True when a version string has the form of its kind. */
export function isFirmwareVersion(kind: FirmwareKind, version: string): boolean {
  return kind === 'PCU' ? PCU_VERSION_PATTERN.test(version) : DSP_VERSION_PATTERN.test(version);
}

function checkPcuImage(device: UpgradeDevice, image: UpgradeImage): UpgradeCheck {
  if (!parsePcuVersion(device.pcuVersion)) return refuse('deviceVersionUnknown');
  if (comparePcuVersions(image.version, device.pcuVersion) <= 0) return refuse('notNewer');
  const belowMinimum = comparePcuVersions(device.pcuVersion, PCU_MINIMUM) < 0;
  if (belowMinimum && comparePcuVersions(image.version, PCU_MINIMUM) !== 0) return refuse('pcuTo400First');
  return OK;
}

function checkDspImage(device: UpgradeDevice, image: UpgradeImage, catalogue: readonly UpgradeImage[]): UpgradeCheck {
  if (!DSP_VERSION_PATTERN.test(device.dspVersion)) return refuse('deviceVersionUnknown');
  if (!DSP_UPGRADABLE_PATTERN.test(device.dspVersion) || !DSP_UPGRADABLE_PATTERN.test(image.version)) {
    return refuse('dspFormat');
  }
  if (dspSeries(device.dspVersion) !== dspSeries(image.version)) return refuse('dspSeries');
  if ((dspNumber(image.version) ?? 0) <= (dspNumber(device.dspVersion) ?? 0)) return refuse('notNewer');
  const pcuPending = catalogue.some((other) => other.kind === 'PCU' && imageFits(device, other, catalogue).ok);
  if (!parsePcuVersion(device.pcuVersion) || comparePcuVersions(device.pcuVersion, PCU_MINIMUM) < 0 || pcuPending) {
    return refuse('pcuFirst');
  }
  return OK;
}

/** Whether an image suits the device by version and model (R4.7), whatever the inverter's power state. */
export function imageFits(
  device: UpgradeDevice,
  image: UpgradeImage,
  catalogue: readonly UpgradeImage[],
): UpgradeCheck {
  if (image.family !== device.model) return refuse('familyMismatch');
  return image.kind === 'PCU' ? checkPcuImage(device, image) : checkDspImage(device, image, catalogue);
}

/** The catalogue images the device could be upgraded to now or once shut down, in catalogue order. */
export function availableImages(device: UpgradeDevice, catalogue: readonly UpgradeImage[]): UpgradeImage[] {
  return catalogue.filter((image) => imageFits(device, image, catalogue).ok);
}

/** Every rule of R4.7 for upgrading a device to one image: ok, or the first rule refusing it and its message. */
export function checkUpgrade(
  device: UpgradeDevice,
  image: UpgradeImage,
  catalogue: readonly UpgradeImage[],
): UpgradeCheck {
  if (device.upgradeInProgress) {
    return refuse(device.upgradeInProgress === image.kind ? 'upgradeInProgress' : 'pcuDspTogether');
  }
  const fit = imageFits(device, image, catalogue);
  if (!fit.ok) return fit;
  return device.poweredOff ? OK : refuse('shutdownFirst');
}

/** "No version is available for the current device" when no catalogue image suits it. */
export function checkAnyAvailable(device: UpgradeDevice, catalogue: readonly UpgradeImage[]): UpgradeCheck {
  return availableImages(device, catalogue).length > 0 ? OK : refuse('noVersion');
}

/** An upgrade request names images; PCU and DSP (or two images at all) never go together. */
export function checkUpgradeSelection(
  device: UpgradeDevice,
  images: readonly UpgradeImage[],
  catalogue: readonly UpgradeImage[],
): UpgradeCheck {
  const [image] = images;
  if (images.length > 1) return refuse('pcuDspTogether');
  if (image === undefined) return refuse('noVersion');
  return checkUpgrade(device, image, catalogue);
}

const versionText = z.string('validation.required').trim().min(1, 'validation.required').max(32, 'validation.tooLong');

/** Upload form fields of a firmware image; the version must have the form of its kind. */
export const firmwareUploadSchema = z
  .strictObject({
    kind: z.enum(FIRMWARE_KINDS, 'firmware.kindInvalid'),
    family: z.enum(FIRMWARE_FAMILIES, 'firmware.familyInvalid'),
    version: versionText,
    notes: z.string().trim().max(500, 'validation.tooLong').optional(),
  })
  .superRefine((value, ctx) => {
    if (!isFirmwareVersion(value.kind, value.version)) {
      const message = value.kind === 'PCU' ? 'firmware.pcuVersionFormat' : 'firmware.dspVersionFormat';
      ctx.addIssue({ code: 'custom', path: ['version'], message });
    }
  });
export type FirmwareUpload = z.infer<typeof firmwareUploadSchema>;

/** Largest firmware image accepted, in bytes (real PCU/DSP images are a few hundred KB). */
export const FIRMWARE_MAX_BYTES = 8 * 1024 * 1024;

/** R9.2: after an upgrade is issued the inverter restarts; the page waits this long. */
export const UPGRADE_RESTART_WAIT_MS = 20 * 60 * 1000;

export const firmwareImageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FIRMWARE_KINDS),
  family: z.enum(FIRMWARE_FAMILIES),
  version: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  fileName: z.string(),
  notes: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  inUse: z.boolean(),
});
export type FirmwareImage = z.infer<typeof firmwareImageSchema>;

export const firmwareOptionSchema = z.object({
  image: firmwareImageSchema,
  available: z.boolean(),
  rule: z.enum(UPGRADE_RULES).nullable(),
  /** Localised reason the image cannot be used (null when it can). */
  reason: z.string().nullable(),
});

export const firmwareOptionsSchema = z.object({
  deviceId: z.number().int(),
  sn: z.string(),
  model: z.string(),
  pcuVersion: z.string(),
  dspVersion: z.string(),
  poweredOff: z.boolean(),
  /** ISO time until which the device is restarting after an upgrade, or null. */
  restartUntil: z.string().nullable(),
  /** Localised "No version is available for the current device" when no image fits, else null. */
  noVersionMessage: z.string().nullable(),
  options: z.array(firmwareOptionSchema),
});
export type FirmwareOptions = z.infer<typeof firmwareOptionsSchema>;

/** Body of an upgrade request: the image(s) and the user's password again (the login's encrypted blob). */
export const upgradeRequestSchema = z.strictObject({
  imageIds: z.array(z.number().int().positive(), 'validation.required').min(1, 'validation.required').max(4),
  password: z.string('validation.required').min(1, 'validation.required').max(2048),
  idempotencyKey: z.string().min(8).max(64).optional(),
});
export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;
