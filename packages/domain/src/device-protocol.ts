import { z } from 'zod';
import { SERIAL_NUMBER_PATTERN } from './serial-number.js';

/**
 * The MQTT device protocol (docs/protocol.md), defined once for both ends: the platform's links (apps/server/src/link)
 * and the simulated devices (the simulator's transport). Topics and every JSON payload except readings, which have
 * their own schema and one-pass checker in ./telemetry.
 */

/**
 * The branch of a device's uplink topics, `dev/{sn}/up`. `sn` is a serial number, or in a filter or an ACL the
 * wildcard `+` (every device) or Mosquitto's `%u` (the logged-in device).
 */
export const deviceUplinkBranch = (sn: string) => `dev/${sn}/up`;
/** The branch of a device's downlink (command) topics, `dev/{sn}/down`; `sn` as for `deviceUplinkBranch`. */
export const deviceDownlinkBranch = (sn: string) => `dev/${sn}/down`;

/** MQTT topics. `{sn}` is the device's serial number. */
export const DEVICE_TOPICS = {
  reading: (sn: string) => `${deviceUplinkBranch(sn)}/reading`,
  status: (sn: string) => `${deviceUplinkBranch(sn)}/status`,
  ack: (sn: string) => `${deviceUplinkBranch(sn)}/ack`,
  command: (sn: string) => `${deviceDownlinkBranch(sn)}/cmd`,
} as const;

/** MQTT topic filters over the topics above. */
export const DEVICE_TOPIC_FILTERS = {
  /** Every device's uplink messages, `dev/+/up/+`. */
  uplinks: `${deviceUplinkBranch('+')}/+`,
  /** Everything below a device's uplink branch, `dev/{sn}/up/#` (`sn` may be `+` or `%u`). */
  uplinkTree: (sn: string) => `${deviceUplinkBranch(sn)}/#`,
  /** Everything below a device's downlink branch, `dev/{sn}/down/#` (`sn` may be `+` or `%u`). */
  downlinkTree: (sn: string) => `${deviceDownlinkBranch(sn)}/#`,
} as const;

/** The filter of a shared subscription in `group` (MQTT 5 `$share`): the broker hands each message to one member. */
export function sharedTopicFilter(group: string, filter: string): string {
  return `$share/${group}/${filter}`;
}

export const UPLINK_CHANNELS = ['reading', 'status', 'ack'] as const;
export type UplinkChannel = (typeof UPLINK_CHANNELS)[number];

/** The serial number and channel of an uplink topic `dev/{sn}/up/{reading|status|ack}`, or null. */
export function uplinkTopic(topic: string): { sn: string; channel: UplinkChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== 'dev' || parts[2] !== 'up') return null;
  const [, sn = '', , channel = ''] = parts;
  if (!SERIAL_NUMBER_PATTERN.test(sn) || !(UPLINK_CHANNELS as readonly string[]).includes(channel)) return null;
  return { sn, channel: channel as UplinkChannel };
}

/** A firmware version as devices report it (PCU `4.0.0`, DSP `V201A00D00`): short, plain characters only. */
const reportedVersion = z
  .string()
  .regex(/^[\w.-]{1,32}$/)
  .optional();

/** `dev/{sn}/up/status`: online or offline, with the firmware versions the device runs when it says them. */
export const deviceStatusSchema = z.object({
  status: z.enum(['online', 'offline']),
  ts: z.number().int().positive().optional(),
  pcuVersion: reportedVersion,
  dspVersion: reportedVersion,
});
export type DeviceStatusMessage = z.infer<typeof deviceStatusSchema>;

/**
 * The JSON text of a status message, checked by `deviceStatusSchema` (throws on a message it refuses, e.g. a version
 * text with spaces): only the documented properties, in a fixed order, absent ones left out.
 */
export function deviceStatusJson(message: DeviceStatusMessage): string {
  const { status, ts, pcuVersion, dspVersion } = deviceStatusSchema.parse(message);
  return JSON.stringify({ status, ts, pcuVersion, dspVersion });
}

/** The image an upgrade command orders the device to install (sent along with the command). */
export const firmwareOrderSchema = z.object({
  imageId: z.number().int(),
  kind: z.enum(['PCU', 'DSP']),
  family: z.string().min(1).max(8),
  version: z.string().min(1).max(32),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FirmwareOrder = z.infer<typeof firmwareOrderSchema>;

/**
 * `setParameter` writes `key` = `value`; `readParameter` reads `key`; `setParameters` writes every register in
 * `values` at once (a setting spanning several registers, e.g. weekly forced charging); `remote` runs the action `key`
 * (restart, clockSync with `value` = epoch seconds); `firmwareUpgrade` installs the image in `firmware` (the device
 * must be shut down; it restarts and reports its new versions on its status topic).
 */
export const DEVICE_COMMAND_TYPES = [
  'setParameter',
  'readParameter',
  'setParameters',
  'remote',
  'firmwareUpgrade',
] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];

const finite = z.number().finite();
const commandId = z.string().min(1).max(64);

/** `dev/{sn}/down/cmd`: a command to a device. Unknown properties are ignored (a newer platform may add some). */
export const deviceCommandSchema = z
  .object({
    /** Unique per command; the device answers with it and ignores a command id it has already executed. */
    commandId,
    type: z.enum(DEVICE_COMMAND_TYPES),
    key: z.string(),
    /** The value to write (setParameter, clockSync). */
    value: finite.optional(),
    /** The registers to write (setParameters). */
    values: z.record(z.string(), finite).optional(),
    /** The image to install (firmwareUpgrade). */
    firmware: firmwareOrderSchema.optional(),
    /** Epoch ms after which the device must not execute the command. */
    expiresAt: finite.optional(),
  })
  .refine((c) => c.type !== 'firmwareUpgrade' || c.firmware !== undefined, { path: ['firmware'] });
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** The JSON text of a command: only the documented properties, in a fixed order. */
export function deviceCommandJson(command: DeviceCommand): string {
  const { commandId: id, type, key, value, values, firmware, expiresAt } = command;
  return JSON.stringify({ commandId: id, type, key, value, values, firmware, expiresAt });
}

/** The command in a payload's JSON, or null when it is not one (a device ignores what it cannot read). */
export function parseDeviceCommand(json: unknown): DeviceCommand | null {
  const parsed = deviceCommandSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** `dev/{sn}/up/ack`: a device's answer to a command; `value`/`values` are what it read back after the write. */
const okAckSchema = z.object({
  commandId,
  ok: z.literal(true),
  value: finite.optional(),
  values: z
    .record(z.string().max(64), finite)
    .refine((v) => Object.keys(v).length <= 64)
    .optional(),
});
const failedAckSchema = z.object({ commandId, ok: z.literal(false), reason: z.string().min(1).max(128) });
export const commandAckSchema = z.discriminatedUnion('ok', [okAckSchema, failedAckSchema]);
/**
 * An answer as the platform handles it. `final` is never read from the wire: a link sets it when the acknowledgement
 * is all the device can ever say (an OSIM reset has no read-back), so the command ends acknowledged instead of
 * waiting for a read-back that never comes.
 */
export type CommandAck =
  (z.infer<typeof okAckSchema> & { final?: boolean | undefined }) | z.infer<typeof failedAckSchema>;

/** What a device answers to a command, before the command id is added to make it a CommandAck. */
export type CommandAnswer =
  | { ok: true; value?: number | undefined; values?: Record<string, number> | undefined; final?: boolean | undefined }
  | { ok: false; reason: string };

/** The JSON text of an answer to the command `commandId`. */
export function commandAckJson(commandId: string, answer: CommandAnswer): string {
  return JSON.stringify({ commandId, ...answer });
}
