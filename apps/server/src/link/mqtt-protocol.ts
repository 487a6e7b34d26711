import {
  commandAckSchema,
  deviceCommandJson,
  deviceDownlinkBranch,
  deviceStatusSchema,
  type CommandAck,
  type DeviceCommand,
} from '@voltfleet/domain/protocol';
import { validateReading, type Reading, type ReadingReason } from '@voltfleet/domain/telemetry';
import type { DeviceVersions, LinkCounters } from './link.types.js';

export { uplinkTopic, type UplinkChannel } from '@voltfleet/domain/protocol';

/** Largest payload a device may send (a full reading is about 3 KB). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** Why the link refused something; reading problems keep the domain's `reading.*` keys. */
export type LinkReason =
  | ReadingReason
  | 'link.auth'
  | 'link.topic'
  | 'link.subscribe'
  | 'link.unknownDevice'
  | 'link.payloadTooLarge'
  | 'link.malformedJson'
  | 'link.snMismatch'
  | 'link.status'
  | 'link.ack'
  | 'link.submitFailed';

export function createLinkCounters(): LinkCounters {
  return { accepted: 0, rejected: 0, rejectedByReason: {} };
}

export function countRejection(counters: LinkCounters, reason: LinkReason): void {
  counters.rejected += 1;
  counters.rejectedByReason[reason] = (counters.rejectedByReason[reason] ?? 0) + 1;
}

/** True for a filter a device may subscribe to: its own command branch `dev/{sn}/down/…` (wildcards only below it). */
export function isOwnDownlinkFilter(filter: string, sn: string): boolean {
  const prefix = deviceDownlinkBranch(sn);
  return filter === prefix || filter === `${prefix}/#` || filter.startsWith(`${prefix}/`);
}

/** MQTT topic filter matching (`+` one level, `#` the rest), for routing checks. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: LinkReason; detail: string };

function parseJson(payload: Buffer): Parsed<unknown> {
  if (payload.length > MAX_PAYLOAD_BYTES)
    return { ok: false, reason: 'link.payloadTooLarge', detail: `${payload.length} bytes` };
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) as unknown };
  } catch (err) {
    return { ok: false, reason: 'link.malformedJson', detail: (err as Error).message };
  }
}

/** A reading payload checked as docs/protocol.md says: JSON, valid, and about the device that sent it. */
export function parseReading(payload: Buffer, sn: string, now: number): Parsed<Reading> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  const result = validateReading(json.value, now);
  if (!result.ok) return { ok: false, reason: result.reason, detail: result.detail };
  if (result.reading.sn !== sn)
    return { ok: false, reason: 'link.snMismatch', detail: `payload sn ${result.reading.sn} on ${sn}'s topic` };
  return { ok: true, value: result.reading };
}

/** A status payload `{"status":"online"|"offline"}`, with the firmware versions the device runs when it says them. */
export function parseStatus(
  payload: Buffer,
): Parsed<{ status: 'online' | 'offline'; versions: DeviceVersions | null }> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  const parsed = deviceStatusSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, reason: 'link.status', detail: parsed.error.issues[0]?.message ?? '' };
  const { status, pcuVersion, dspVersion } = parsed.data;
  const versions = pcuVersion !== undefined || dspVersion !== undefined ? { pcuVersion, dspVersion } : null;
  return { ok: true, value: { status, versions } };
}

/** A command answer `{commandId, ok, value|reason}`. */
export function parseAck(payload: Buffer): Parsed<CommandAck> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  const parsed = commandAckSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, reason: 'link.ack', detail: parsed.error.issues[0]?.message ?? '' };
  return { ok: true, value: parsed.data };
}

/** The JSON bytes of a command (only the documented properties). */
export function commandPayload(command: DeviceCommand): Buffer {
  return Buffer.from(deviceCommandJson(command));
}
