import { z } from 'zod';
import { ACTIVATION_STATUSES, DEVICE_KINDS, RUNNING_STATUSES } from './devices.js';
import { FIELD_GROUPS, FIELD_UNITS, type FieldGroup } from './telemetry/field-types.js';

const text = z.string().nullable();

/**
 * Basic info of one device (SPEC §3 device fields). A value the device or its installer never gave is null, and the
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
  gridCode: text,
  batteryProtocol: text,
  meterProtocol: text,
  activation: z.enum(ACTIVATION_STATUSES),
  importTime: z.string(),
  activatedAt: text,
  runningStatus: z.enum(RUNNING_STATUSES),
  lastSeenAt: text,
  lastReadingAt: text,
  template: text,
  gridConnectionLimitW: z.number().nullable(),
  socLowerLimitPct: z.number().nullable(),
  /**
   * OSIM: connections refused because they claimed this device's serial number while its own connection still
   * answered (someone else may be impersonating it, docs/security.md); null when there never was one.
   */
  identityConflict: z.object({ count: z.number().int(), lastAt: z.string(), remote: z.string() }).nullable(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/**
 * Groups the real-time tab always shows (SPEC §2: grid, consumption, battery, inverter, PV); the other monitoring
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

/** The newest reading of a device by monitoring group; names come from the domain field catalogue. */
export const deviceRealtimeSchema = z.object({
  /** Time of the newest reading (UTC), null when the device never reported. */
  ts: z.string().nullable(),
  plantTimeZone: z.string().nullable(),
  groups: z.array(z.object({ group: z.enum(FIELD_GROUPS), values: z.array(realtimeValueSchema) })),
});
export type DeviceRealtime = z.infer<typeof deviceRealtimeSchema>;
