// The schemas of devices.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { serialNumberSchema } from './serial-number-schemas.js';
import {
  DEVICE_KINDS,
  ACTIVATION_STATUSES,
  RUNNING_STATUSES,
  SOC_LOWER_LIMIT_MIN_PCT,
  SOC_LOWER_LIMIT_MAX_PCT,
  DEVICE_CODE_MAX,
  DEVICE_TEMPLATE_MAX,
} from './devices.js';
import { optionValues, type LabelledOption } from './telemetry/labels.js';

/** A zod schema accepting exactly the codes of an enumeration. */
export function optionSchema<const T extends readonly LabelledOption[]>(options: T) {
  return z.literal(optionValues(options), 'validation.invalidValue');
}

/** Firmware version as the inverter reports it (PCU like '4.0.0' or '603', DSP like 'V201A00D00'). */
const versionSchema = z.string().max(32).nullable();

export const deviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  modelType: z.string(),
  batteryModelType: z.string().nullable(),
  installationPosition: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  /** Inverter a battery belongs to, or collector an inverter reports through. */
  parentSn: z.string().nullable(),
  dspVersion: versionSchema,
  pcuVersion: versionSchema,
  gridCode: z.number().int().nullable(),
  batteryProtocol: z.number().int().nullable(),
  meterProtocol: z.number().int().nullable(),
  activation: z.enum(ACTIVATION_STATUSES),
  importTime: z.string(),
  activatedAt: z.string().nullable(),
  runningStatus: z.enum(RUNNING_STATUSES),
  lastSeenAt: z.string().nullable(),
  template: z.string().nullable(),
  gridConnectionLimitW: z.number().nullable(),
  socLowerLimitPct: z.number().nullable(),
});

export type Device = z.infer<typeof deviceSchema>;

/** Stock-in of one device (form or one row of the batch import sheet). */
export const deviceImportSchema = z.strictObject({
  sn: serialNumberSchema,
  kind: z.enum(DEVICE_KINDS, 'validation.invalidValue'),
  modelType: z.string('validation.required').min(1, 'validation.required').max(32, 'validation.tooLong'),
  batteryModelType: z.string().max(32, 'validation.tooLong').optional(),
  installationPosition: z.string().max(100, 'validation.tooLong').optional(),
  parentSn: serialNumberSchema.optional(),
});

export type DeviceImport = z.infer<typeof deviceImportSchema>;

/** Settings an installer edits on a device record. */
export const deviceSettingsSchema = z.strictObject({
  plantId: z.number('validation.required').int().positive().nullable().optional(),
  installationPosition: z.string().max(100, 'validation.tooLong').optional(),
  template: z.string().max(64, 'validation.tooLong').nullable().optional(),
  gridConnectionLimitW: z
    .number('validation.nonNegativeNumber')
    .min(0, 'validation.nonNegativeNumber')
    .max(1_000_000, 'validation.exceedsLimit')
    .optional(),
  socLowerLimitPct: z
    .number('validation.invalidValue')
    .int('validation.invalidValue')
    .min(SOC_LOWER_LIMIT_MIN_PCT, 'validation.socLowerLimit')
    .max(SOC_LOWER_LIMIT_MAX_PCT, 'validation.socLowerLimit')
    .optional(),
});

export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;

/** A grid code or battery or meter protocol: a code the inverter holds (DEVICE_CODE_MAX). */
const deviceCodeSchema = z
  .number('validation.deviceCode')
  .int('validation.deviceCode')
  .min(0, 'validation.deviceCode')
  .max(DEVICE_CODE_MAX, 'validation.deviceCode');

/**
 * The device fields an installer gives at stock-in, in the import sheet or on the device's edit form (R3.3): grid
 * code, battery and meter protocol and template; null clears one.
 */
export const deviceFieldsSchema = z.strictObject({
  gridCode: deviceCodeSchema.nullable(),
  batteryProtocol: deviceCodeSchema.nullable(),
  meterProtocol: deviceCodeSchema.nullable(),
  template: z.string('validation.invalidValue').trim().max(DEVICE_TEMPLATE_MAX, 'validation.tooLong').nullable(),
});
export type DeviceFields = z.infer<typeof deviceFieldsSchema>;
