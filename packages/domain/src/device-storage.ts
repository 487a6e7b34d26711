import { z } from 'zod';
import { ACTIVATION_STATUSES, DEVICE_KINDS, INVERTER_MODEL_NAMES, type DeviceKind } from './devices.js';
import { serialNumberSchema } from './serial-number-schemas.js';
import { deviceFieldsSchema } from './devices-schemas.js';
import { pageQuerySchema } from './envelope-schemas.js';
import type { MessageKey, Translate } from './i18n/catalogue.js';

/**
 * Models accepted at stock-in, by kind: the R9.10 inverter sizes, the battery packs and the collector (DTU) the
 * fleet is built from. A model outside this catalogue is refused as "unknown model".
 */
export const DEVICE_MODELS: { readonly [K in DeviceKind]: readonly string[] } = {
  inverter: INVERTER_MODEL_NAMES,
  battery: ['VF-LFP-5', 'VF-LFP-10', 'VF-LFP-13', 'VF-LFP-15', 'VF-LFP-20', 'VF-LFP-25', 'VF-LFP-30'],
  collector: ['DTU4G'],
};

/** Kinds that log in to the device link themselves; a battery system reports through its inverter. */
export const LINKED_KINDS: readonly DeviceKind[] = ['inverter', 'collector'];

/** True when `model` is in the catalogue of `kind`. */
export function isKnownModel(kind: DeviceKind, model: string): boolean {
  return DEVICE_MODELS[kind].includes(model);
}

/** Device kinds' names as catalogue keys (import sheet cells and template lists). */
export const DEVICE_KIND_LABELS = {
  inverter: 'deviceKind.inverter',
  battery: 'deviceKind.battery',
  collector: 'deviceKind.collector',
} as const satisfies { readonly [K in DeviceKind]: MessageKey };

/**
 * The kind a sheet cell names: its code or its label in any language (case and spaces ignored), or undefined; `inEach`
 * reads a label in every language (the server's `translate` for each of LANGUAGES).
 */
export function kindFromLabel(text: string, inEach: readonly Translate[]): DeviceKind | undefined {
  const wanted = text.trim().toLowerCase();
  return DEVICE_KINDS.find(
    (kind) => kind === wanted || inEach.some((t) => t(DEVICE_KIND_LABELS[kind]).toLowerCase() === wanted),
  );
}

const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();

/** Stock-in of one device (form or one row of the import sheet); the holder defaults to the caller. */
export const stockInSchema = z
  .strictObject({
    sn: serialNumberSchema,
    kind: z.enum(DEVICE_KINDS, 'validation.invalidValue'),
    modelType: z.string('validation.required').trim().min(1, 'validation.required').max(32, 'validation.tooLong'),
    batteryModelType: optionalText(32),
    installationPosition: optionalText(100),
    ownerId: z.number('validation.invalidValue').int().positive().optional(),
    // Grid code, battery and meter protocol, template: optional at stock-in, editable on the device later.
    ...deviceFieldsSchema.partial().shape,
  })
  .superRefine((v, ctx) => {
    // Runs even when another field failed: judge the model only when there is one and the kind is known.
    if (v.modelType && DEVICE_KINDS.includes(v.kind) && !isKnownModel(v.kind, v.modelType))
      ctx.addIssue({ code: 'custom', path: ['modelType'], message: 'deviceStorage.unknownModel' });
    // Only an inverter (its battery) or a battery system has a battery model.
    if (v.batteryModelType && (v.kind === 'collector' || !isKnownModel('battery', v.batteryModelType)))
      ctx.addIssue({ code: 'custom', path: ['batteryModelType'], message: 'deviceStorage.unknownModel' });
  });
export type StockIn = z.infer<typeof stockInSchema>;

export const storageListQuerySchema = z.object({
  status: z.enum(ACTIVATION_STATUSES).optional(),
  keyword: z.string().trim().max(64).optional(),
  ...pageQuerySchema.shape,
});
export type StorageListQuery = z.infer<typeof storageListQuerySchema>;

/** One device in storage. Times are ISO strings in UTC. */
export const storageItemSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  modelType: z.string(),
  batteryModelType: z.string(),
  installationPosition: z.string(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  plantTimeZone: z.string().nullable(),
  activation: z.enum(ACTIVATION_STATUSES),
  importTime: z.string(),
  activatedAt: z.string().nullable(),
  /** Whether the device has link credentials (issued at stock-in, rotatable). */
  hasCredentials: z.boolean(),
});
export type StorageItem = z.infer<typeof storageItemSchema>;

/** MQTT login of a device, shown once: the user name is the serial number. */
export const deviceCredentialsSchema = z.object({ username: z.string(), secret: z.string() });
export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>;

export const stockInResultSchema = z.object({
  device: storageItemSchema,
  credentials: deviceCredentialsSchema.nullable(),
});
export type StockInResult = z.infer<typeof stockInResultSchema>;

export const activateSchema = z.strictObject({ plantId: z.number('validation.required').int().positive() });
export type Activate = z.infer<typeof activateSchema>;

/** Batch import limits: the upload size, the data rows of one sheet. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

/** Why an import row was refused. */
export const IMPORT_REJECTIONS = [
  'duplicateInSheet',
  'alreadyInStorage',
  'ownedElsewhere',
  'unknownModel',
  'badValue',
] as const;
export type ImportRejection = (typeof IMPORT_REJECTIONS)[number];

export const importAcceptedSchema = z.object({
  row: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  modelType: z.string(),
});
export const importRejectedSchema = z.object({
  row: z.number().int(),
  /** The cell as written (may be anything a user typed; shown as text). */
  sn: z.string(),
  reason: z.enum(IMPORT_REJECTIONS),
  message: z.string(),
});
export type ImportRejected = z.infer<typeof importRejectedSchema>;

/** What a batch import did; the credentials sheet (base64 .xlsx) is offered once and never stored. */
export const importResultSchema = z.object({
  accepted: z.array(importAcceptedSchema),
  rejected: z.array(importRejectedSchema),
  credentialsSheet: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
