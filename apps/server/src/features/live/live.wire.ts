import { createHash } from 'node:crypto';
import { ALARM_EVENT_KINDS, ALARM_SEVERITIES, ALARM_STATES, type AlarmLiveEvent } from '@voltfleet/domain/alarms';
import { COMMAND_STATUSES, type CommandStatusMessage } from '@voltfleet/domain/commands';
import { FIELD_KEYS, isFieldKey } from '@voltfleet/domain/telemetry';
import { PLANT_STATUSES, type PlantStatus } from '@voltfleet/domain/plants';
import { RUNNING_STATUSES } from '@voltfleet/domain/devices';
import type { RunningStatus } from '@voltfleet/domain/devices';
import type { StoredReading } from '../telemetry/index.js';
import { numberText } from './number-text.js';

/** One event the live pages hear, as it travels between processes. */
export type LiveEvent =
  | { type: 'reading'; reading: StoredReading }
  | { type: 'deviceStatus'; deviceId: number; plantId: number | null; status: RunningStatus }
  | { type: 'plantStatus'; plantId: number; status: PlantStatus }
  | { type: 'commandStatus'; message: CommandStatusMessage }
  | { type: 'alarm'; event: AlarmLiveEvent };

/** A notification that arrived: who sent it, its number in that sender's sequence, and its events. */
export interface ReceivedBatch {
  origin: string;
  seq: number;
  events: LiveEvent[];
  /** Readings left out because the sender's field catalogue differs from ours (a rolling upgrade). */
  skippedReadings: number;
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (default build); we stay below with room to spare.
 * Bytes, not characters: a device's failure reason may hold non-ASCII text.
 */
export const NOTIFY_PAYLOAD_LIMIT = 7900;

/**
 * Readings travel as catalogue-ordered CSV (about 1 KB for all 110 fields instead of 3 KB of JSON), so the
 * receiver rebuilds them without a query. Both sides must agree on the catalogue: this fingerprint says which one.
 */
export const CATALOGUE_FINGERPRINT = createHash('sha256').update(FIELD_KEYS.join(',')).digest('hex').slice(0, 12);

type WireEvent =
  | ['r', number, number | null, number, string]
  | ['d', number, number | null, RunningStatus]
  | ['p', number, PlantStatus]
  | ['c', number, number, CommandStatusMessage['status'], string | null, (string | null)?]
  // alarm: event, id, device, plant, code, severity, state, raisedAt, recoveredAt (ISO)
  | [
      'a',
      AlarmLiveEvent['event'],
      number,
      number,
      number | null,
      string,
      AlarmLiveEvent['alarm']['severity'],
      AlarmLiveEvent['alarm']['state'],
      string,
      string | null,
    ];

/** Each catalogue field's place in the CSV. */
const FIELD_INDEX = new Map<string, number>(FIELD_KEYS.map((key, i) => [key, i]));

/**
 * The values of a reading as CSV in catalogue order: empty where absent, trailing empties cut. Only the fields the
 * reading has are visited (a reading carries 75 of the 110), each written by numberText (String's text, faster).
 */
export function valuesToCsv(values: StoredReading['values']): string {
  const cells: string[] = new Array<string>(FIELD_KEYS.length).fill('');
  let last = -1;
  for (const key of Object.keys(values)) {
    const i = FIELD_INDEX.get(key);
    const v = values[key as keyof typeof values];
    if (i === undefined || v === undefined) continue;
    cells[i] = numberText(v);
    if (i > last) last = i;
  }
  cells.length = last + 1;
  return cells.join(',');
}

/** The inverse of valuesToCsv (String/Number round-trip every finite double exactly). */
export function csvToValues(csv: string): StoredReading['values'] {
  const values: Record<string, number> = {};
  if (csv === '') return values;
  csv.split(',').forEach((cell, i) => {
    const key = FIELD_KEYS[i];
    if (cell === '' || key === undefined || !isFieldKey(key)) return;
    const value = Number(cell);
    if (!Number.isFinite(value)) throw new Error(`malformed reading value for ${key}`);
    values[key] = value;
  });
  return values as StoredReading['values'];
}

function toWire(event: LiveEvent): WireEvent {
  switch (event.type) {
    case 'reading': {
      const r = event.reading;
      return ['r', r.deviceId, r.plantId, r.ts, valuesToCsv(r.values)];
    }
    case 'deviceStatus':
      return ['d', event.deviceId, event.plantId, event.status];
    case 'plantStatus':
      return ['p', event.plantId, event.status];
    case 'commandStatus': {
      const m = event.message;
      return ['c', m.commandId, m.deviceId, m.status, m.reason, m.finishedAt];
    }
    case 'alarm': {
      const a = event.event.alarm;
      return [
        'a',
        event.event.event,
        a.id,
        a.deviceId,
        a.plantId,
        a.code,
        a.severity,
        a.state,
        a.raisedAt,
        a.recoveredAt,
      ];
    }
  }
}

function fromWire(w: WireEvent): LiveEvent {
  switch (w[0]) {
    case 'r':
      return { type: 'reading', reading: { deviceId: w[1], plantId: w[2], ts: w[3], values: csvToValues(w[4]) } };
    case 'd':
      return { type: 'deviceStatus', deviceId: w[1], plantId: w[2], status: w[3] };
    case 'p':
      return { type: 'plantStatus', plantId: w[1], status: w[2] };
    case 'c':
      return {
        type: 'commandStatus',
        message: {
          type: 'commandStatus',
          commandId: w[1],
          deviceId: w[2],
          status: w[3],
          reason: w[4],
          // A sender from before finishedAt travelled (a rolling upgrade) leaves it out.
          finishedAt: w[5] ?? null,
        },
      };
    case 'a':
      return {
        type: 'alarm',
        event: {
          type: 'alarm',
          event: w[1],
          alarm: {
            id: w[2],
            deviceId: w[3],
            plantId: w[4],
            code: w[5],
            severity: w[6],
            state: w[7],
            raisedAt: w[8],
            recoveredAt: w[9],
          },
        },
      };
  }
}

/**
 * JSON.stringify(toWire(reading event)), written directly: ids and the time are integers, and the CSV holds only
 * digits, signs, points, commas and exponents, nothing JSON escapes.
 */
function readingJson(r: StoredReading): string {
  return `["r",${r.deviceId},${r.plantId},${r.ts},"${valuesToCsv(r.values)}"]`;
}

const header = (origin: string, seq: number) => `${origin} ${seq} ${CATALOGUE_FINGERPRINT} `;

/**
 * Packs events, in order, into as few payloads below `limit` bytes as fit: `origin seq fingerprint [events]`.
 * `nextSeq` numbers them; an event that alone exceeds the limit is returned in `oversized` instead of being sent.
 */
export function encodeEvents(
  events: readonly LiveEvent[],
  origin: string,
  nextSeq: () => number,
  limit = NOTIFY_PAYLOAD_LIMIT,
): { payloads: string[]; oversized: LiveEvent[] } {
  // Sequence numbers are decimal and at most 16 digits: reserve that much of the limit for the header.
  const room = limit - Buffer.byteLength(header(origin, Number.MAX_SAFE_INTEGER)) - 2;
  const payloads: string[] = [];
  const oversized: LiveEvent[] = [];
  let parts: string[] = [];
  let size = 0;
  const close = () => {
    if (parts.length === 0) return;
    payloads.push(`${header(origin, nextSeq())}[${parts.join(',')}]`);
    parts = [];
    size = 0;
  };
  for (const event of events) {
    const json = event.type === 'reading' ? readingJson(event.reading) : JSON.stringify(toWire(event));
    const bytes = Buffer.byteLength(json);
    if (bytes > room) {
      oversized.push(event);
      continue;
    }
    if (size + bytes + (parts.length > 0 ? 1 : 0) > room) close();
    size += bytes + (parts.length > 0 ? 1 : 0);
    parts.push(json);
  }
  close();
  return { payloads, oversized };
}

/** The sender of a payload, read without parsing the rest (a process skips its own echo cheaply). */
export function originOf(payload: string): string {
  return payload.slice(0, payload.indexOf(' '));
}

/** Decodes a payload of encodeEvents; throws on anything else. */
export function decodeEvents(payload: string): ReceivedBatch {
  const match = /^(\S+) (\d+) (\S+) (\[.*\])$/s.exec(payload);
  if (!match) throw new Error('not a live-event payload');
  const [, origin = '', seq = '', fingerprint, body = ''] = match;
  const wire = JSON.parse(body) as unknown;
  if (!Array.isArray(wire)) throw new Error('live-event payload without an event list');
  const sameCatalogue = fingerprint === CATALOGUE_FINGERPRINT;
  const events: LiveEvent[] = [];
  let skippedReadings = 0;
  for (const w of wire) {
    if (!isWireEvent(w)) throw new Error('malformed live event');
    if (w[0] === 'r' && !sameCatalogue) skippedReadings += 1;
    else events.push(fromWire(w));
  }
  return { origin, seq: Number(seq), events, skippedReadings };
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v);
const isIdOrNull = (v: unknown) => v === null || isId(v);
const oneOf = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);

/** Shape check only: payloads come from our own processes, but a bad one must not reach a socket. */
function isWireEvent(w: unknown): w is WireEvent {
  if (!Array.isArray(w)) return false;
  switch (w[0]) {
    case 'r':
      return w.length === 5 && isId(w[1]) && isIdOrNull(w[2]) && isId(w[3]) && typeof w[4] === 'string';
    case 'd':
      return w.length === 4 && isId(w[1]) && isIdOrNull(w[2]) && oneOf(RUNNING_STATUSES, w[3]);
    case 'p':
      return w.length === 3 && isId(w[1]) && oneOf(PLANT_STATUSES, w[2]);
    case 'c':
      return (
        (w.length === 5 || w.length === 6) &&
        isId(w[1]) &&
        isId(w[2]) &&
        oneOf(COMMAND_STATUSES, w[3]) &&
        (w[4] === null || typeof w[4] === 'string') &&
        (w[5] === undefined || w[5] === null || typeof w[5] === 'string')
      );
    case 'a':
      return (
        w.length === 10 &&
        oneOf(ALARM_EVENT_KINDS, w[1]) &&
        isId(w[2]) &&
        isId(w[3]) &&
        isIdOrNull(w[4]) &&
        typeof w[5] === 'string' &&
        oneOf(ALARM_SEVERITIES, w[6]) &&
        oneOf(ALARM_STATES, w[7]) &&
        typeof w[8] === 'string' &&
        (w[9] === null || typeof w[9] === 'string')
      );
    default:
      return false;
  }
}
