import { z } from 'zod';
import { ACTIVATION_STATUSES, DEVICE_KINDS, RUNNING_STATUSES } from './devices.js';
import { FIELD_GROUPS, FIELD_UNITS, type FieldGroup } from './telemetry/field-types.js';

const text = z.string().nullable();
const code = z.number().int().nullable();

/**
 * A setting's value as the device last confirmed it: a parameter command succeeds only when the device reports the
 * written value back, and that read-back is kept per setting with its time (UTC).
 */
export const confirmedSettingSchema = z.object({ value: z.number(), confirmedAt: z.string() });
export type ConfirmedSetting = z.infer<typeof confirmedSettingSchema>;

/** Another device named on a device's page (the link it is online through, a device behind a collector). */
export const linkedDeviceSchema = z.object({ id: z.number().int(), sn: z.string(), kind: z.enum(DEVICE_KINDS) });
export type LinkedDevice = z.infer<typeof linkedDeviceSchema>;

/**
 * Which link the status rule (apps/server device-status.ts) looks at for a device besides the device itself: an
 * inverter only itself ('own'); a battery or collector is no link of its own, so the device in its reports_via
 * ('reportsVia'), else the devices reporting through it ('behind'), else its plant's inverters ('plant').
 */
export const ONLINE_RULES = ['own', 'reportsVia', 'behind', 'plant'] as const;
export type OnlineRule = (typeof ONLINE_RULES)[number];

/** A device reporting through this one (its reports_via names this one), with its status. */
export const deviceBehindSchema = linkedDeviceSchema.extend({
  model: z.string(),
  runningStatus: z.enum(RUNNING_STATUSES),
  lastSeenAt: text,
});
export type DeviceBehind = z.infer<typeof deviceBehindSchema>;

/**
 * Basic info of one device (R3.3 device fields). A value the device or its installer never gave is null, and the
 * page shows "—" for it. Times are ISO strings in UTC; the page shows them in `plantTimeZone`.
 */
export const deviceDetailSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  modelType: z.string(),
  batteryModelType: text,
  installationPosition: text,
  plantId: z.number().int().nullable(),
  plantName: text,
  /** IANA zone of the plant; null for a device in no plant. */
  plantTimeZone: text,
  dspVersion: text,
  pcuVersion: text,
  /** The codes the installer gave (deviceFieldsSchema); null when none was given. */
  gridCode: code,
  batteryProtocol: code,
  meterProtocol: code,
  activation: z.enum(ACTIVATION_STATUSES),
  importTime: z.string(),
  activatedAt: text,
  runningStatus: z.enum(RUNNING_STATUSES),
  lastSeenAt: text,
  lastReadingAt: text,
  template: text,
  /** The grid-connection limit (W) the device last confirmed by read-back; null when it never confirmed one. */
  gridConnectionLimitW: confirmedSettingSchema.nullable(),
  /** The battery SOC lower limit (%) the device last confirmed by read-back; null when it never confirmed one. */
  socLowerLimitPct: confirmedSettingSchema.nullable(),
  /**
   * OSIM: connections refused because they claimed this device's serial number while its own connection still
   * answered (someone else may be impersonating it, docs/security.md); null when there never was one.
   */
  identityConflict: z.object({ count: z.number().int(), lastAt: z.string(), remote: z.string() }).nullable(),
  onlineRule: z.enum(ONLINE_RULES),
  /**
   * The device whose link makes this one online while it is not heard from itself (a battery's inverter, a device
   * behind a collector, an inverter of the plant); null while it is heard from itself, or is offline.
   */
  onlineVia: linkedDeviceSchema.nullable(),
  /**
   * The newest time the platform heard of this device: its own last contact (via null), or a battery's newest
   * reading of the inverter carrying its values, or the newest contact of a device behind a collector, when newer.
   * Null when nothing was ever heard.
   */
  lastContact: z.object({ at: z.string(), via: linkedDeviceSchema.nullable() }).nullable(),
  /** Devices reporting through this one (a collector's inverters, an inverter's batteries), by serial number. */
  behind: z.array(deviceBehindSchema),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/**
 * Groups the real-time tab always shows (R2.15: grid, consumption, battery, inverter, PV); the other monitoring
 * groups appear only when the device reports a value of theirs.
 */
export const REALTIME_CORE_GROUPS = ['grid', 'load', 'bms', 'pcs', 'pv'] as const satisfies readonly FieldGroup[];

export const realtimeValueSchema = z.object({
  key: z.string(),
  unit: z.enum(FIELD_UNITS),
  decimals: z.number().int(),
  /** Rounded to `decimals`; null when the newest reading did not carry the field. */
  value: z.number().nullable(),
});
export type RealtimeValue = z.infer<typeof realtimeValueSchema>;

/** One monitoring group of a reading: every field of the group, null for what the reading did not carry. */
export const realtimeGroupSchema = z.object({ group: z.enum(FIELD_GROUPS), values: z.array(realtimeValueSchema) });
export type RealtimeGroup = z.infer<typeof realtimeGroupSchema>;

/** The newest reading of a device by monitoring group; names come from the domain field catalogue. */
export const deviceRealtimeSchema = z.object({
  /** Time of the newest reading (UTC), null when the device (or `source`) never reported. */
  ts: z.string().nullable(),
  /**
   * The device whose reading this is, when not the device itself: a battery has no link of its own, so its values are
   * the BMS fields of the inverter it reports through (or, without such a link, of its plant's inverter that has a
   * battery); then `groups` is the battery group alone. Null for a device's own reading, and for a battery no inverter
   * reports for.
   */
  source: linkedDeviceSchema.nullable(),
  plantTimeZone: z.string().nullable(),
  groups: z.array(realtimeGroupSchema),
});
export type DeviceRealtime = z.infer<typeof deviceRealtimeSchema>;
