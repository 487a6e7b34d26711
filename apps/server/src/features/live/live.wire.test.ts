import { describe, expect, it } from 'vitest';
import { FIELDS, type ReadingValues } from '@voltfleet/domain/telemetry';
import {
  CATALOGUE_FINGERPRINT,
  NOTIFY_PAYLOAD_LIMIT,
  csvToValues,
  decodeEvents,
  encodeEvents,
  originOf,
  valuesToCsv,
  type LiveEvent,
} from './live.wire.js';

/** Every catalogue field at an awkward value within its range (the largest a reading can be). */
function fullValues(seed: number): ReadingValues {
  const values: Record<string, number> = {};
  FIELDS.forEach((f, i) => {
    const span = f.max - f.min;
    const raw = f.min + ((seed * 7919 + i * 104_729) % 1000) * (span / 1000) + span / 3_000_007;
    values[f.key] = f.kind === 'state' || f.kind === 'code' ? (f.options?.[0]?.value ?? Math.round(f.min)) : raw;
  });
  return values as ReadingValues;
}

const reading = (deviceId: number, values: ReadingValues, plantId: number | null = 7): LiveEvent => ({
  type: 'reading',
  reading: { deviceId, plantId, ts: 1_760_000_000_000 + deviceId, values },
});

const counter = () => {
  let n = 0;
  return () => ++n;
};

describe('reading values as catalogue-ordered CSV', () => {
  it.each<[string, ReadingValues]>([
    ['none', {}],
    ['one field', { pvPowerW: 1234.5 }],
    ['negative, zero and tiny', { gridPowerW: -3000.25, batPowerW: 0, batSocPct: 1e-7 }],
    ['the last field only', { [FIELDS[FIELDS.length - 1]!.key]: 3 } as ReadingValues],
    ['every field', fullValues(3)],
  ])('%s round-trips exactly', (_, values) => {
    expect(csvToValues(valuesToCsv(values))).toEqual(values);
  });

  it('keeps a full reading near 1 KB instead of the 3 KB of its JSON', () => {
    const values = fullValues(5);
    expect(valuesToCsv(values).length).toBeLessThan(JSON.stringify(values).length / 2);
  });

  it('is the CSV of String(value) in catalogue order, as before numberText, for readings of every shape', () => {
    const before = (values: ReadingValues) => {
      const cells = FIELDS.map((f) => {
        const v = values[f.key];
        return v === undefined ? '' : String(v);
      });
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      return cells.join(',');
    };
    for (let seed = 0; seed < 200; seed++) {
      const values = fullValues(seed) as Record<string, number>;
      // Some fields left out, in the middle and at the end; the rest in a shuffled insertion order.
      const shaped: Record<string, number> = {};
      const keys = Object.keys(values).filter((_k, i) => (i * 31 + seed) % 5 !== 0);
      keys.sort((a, b) => ((a.length * 7 + seed) % 11) - ((b.length * 7 + seed) % 11));
      for (const k of keys) shaped[k] = values[k]!;
      expect(valuesToCsv(shaped as ReadingValues)).toBe(before(shaped as ReadingValues));
    }
  });

  it('refuses a value that is not a number', () => {
    expect(() => csvToValues('1,abc')).toThrow(/malformed reading value/);
  });
});

describe('packing events into NOTIFY payloads', () => {
  const statuses: LiveEvent[] = [
    { type: 'deviceStatus', deviceId: 1, plantId: null, status: 'offline' },
    { type: 'plantStatus', plantId: 2, status: 'alarm' },
    {
      type: 'commandStatus',
      message: {
        type: 'commandStatus',
        commandId: 9,
        deviceId: 1,
        status: 'failed',
        reason: 'inverterMustBeOff',
        finishedAt: '2025-01-01T00:00:01.000Z',
      },
    },
    {
      type: 'commandStatus',
      message: { type: 'commandStatus', commandId: 10, deviceId: 1, status: 'sent', reason: null, finishedAt: null },
    },
  ];

  it('writes a reading event as JSON.stringify writes its wire form', () => {
    const values = fullValues(2);
    const events = [reading(3, values), reading(4, { pvPowerW: 1.5, gridPowerW: -0.25 }, null), statuses[0]!];
    const { payloads } = encodeEvents(events, 'o1', counter());
    expect(payloads).toHaveLength(1);
    expect(payloads[0]!.slice(payloads[0]!.indexOf('['))).toBe(
      JSON.stringify([
        ['r', 3, 7, 1_760_000_000_003, valuesToCsv(values)],
        ['r', 4, null, 1_760_000_000_004, valuesToCsv({ pvPowerW: 1.5, gridPowerW: -0.25 })],
        ['d', 1, null, 'offline'],
      ]),
    );
  });

  it('round-trips every kind of event, in order, in one payload', () => {
    const events = [...statuses, reading(3, { pvPowerW: 10 }), reading(4, fullValues(1), null)];
    const { payloads, oversized } = encodeEvents(events, 'abc123', counter());
    expect(payloads).toHaveLength(1);
    expect(oversized).toEqual([]);
    expect(decodeEvents(payloads[0]!)).toEqual({ origin: 'abc123', seq: 1, events, skippedReadings: 0 });
    expect(originOf(payloads[0]!)).toBe('abc123');
  });

  it('reads a command status from a sender that did not send its finishing time yet (a rolling upgrade)', () => {
    const [payload] = encodeEvents([statuses[3]!], 'old', counter()).payloads;
    // The same payload as a sender before finishedAt travelled wrote it: the command event without its sixth item.
    const older = payload!.replace(',null]', ']');
    expect(older).not.toBe(payload);
    expect(decodeEvents(older).events).toEqual([statuses[3]]);
  });

  it('splits a large batch into payloads below the limit, numbered, losing nothing', () => {
    const events = Array.from({ length: 200 }, (_, i) => reading(i + 1, fullValues(i)));
    const { payloads } = encodeEvents(events, 'p1', counter());
    expect(payloads.length).toBeGreaterThan(20);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
    // Full payloads: no more of them than the bytes require.
    const bytes = payloads.reduce((sum, p) => sum + Buffer.byteLength(p), 0);
    expect(payloads.length).toBeLessThanOrEqual(Math.ceil(bytes / (NOTIFY_PAYLOAD_LIMIT * 0.85)));
    const decoded = payloads.map(decodeEvents);
    expect(decoded.map((d) => d.seq)).toEqual(payloads.map((_, i) => i + 1));
    expect(decoded.flatMap((d) => d.events)).toEqual(events);
  });

  it('counts bytes, not characters: multi-byte reasons still fit', () => {
    const reason = '逆变器必须先关机'.repeat(40);
    const events: LiveEvent[] = Array.from({ length: 20 }, (_, i) => ({
      type: 'commandStatus',
      message: { type: 'commandStatus', commandId: i + 1, deviceId: 1, status: 'failed', reason, finishedAt: null },
    }));
    const { payloads } = encodeEvents(events, 'p1', counter());
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
    expect(payloads.flatMap((p) => decodeEvents(p).events)).toEqual(events);
  });

  it('returns an event that cannot fit alone instead of sending a payload PostgreSQL would refuse', () => {
    const huge: LiveEvent = {
      type: 'commandStatus',
      message: {
        type: 'commandStatus',
        commandId: 1,
        deviceId: 1,
        status: 'failed',
        reason: 'x'.repeat(9000),
        finishedAt: null,
      },
    };
    const { payloads, oversized } = encodeEvents([statuses[0]!, huge], 'p1', counter());
    expect(oversized).toEqual([huge]);
    expect(payloads.flatMap((p) => decodeEvents(p).events)).toEqual([statuses[0]]);
  });

  it('skips readings from a process with another field catalogue, but keeps its status events', () => {
    const [payload] = encodeEvents([reading(1, { pvPowerW: 5 }), statuses[1]!], 'p1', counter()).payloads;
    const foreign = payload!.replace(` ${CATALOGUE_FINGERPRINT} `, ' 000000000000 ');
    expect(decodeEvents(foreign)).toMatchObject({ events: [statuses[1]], skippedReadings: 1 });
  });

  it.each([
    ['no header', '[]'],
    ['not JSON', `p1 1 ${CATALOGUE_FINGERPRINT} [oops]`],
    ['not a list', `p1 1 ${CATALOGUE_FINGERPRINT} [1]`],
    ['unknown event', `p1 1 ${CATALOGUE_FINGERPRINT} [["x",1]]`],
    ['unknown device status', `p1 1 ${CATALOGUE_FINGERPRINT} [["d",1,null,"exploded"]]`],
    ['unknown command status', `p1 1 ${CATALOGUE_FINGERPRINT} [["c",1,1,"done",null]]`],
    ['fractional id', `p1 1 ${CATALOGUE_FINGERPRINT} [["p",1.5,"alarm"]]`],
    ['reading without values', `p1 1 ${CATALOGUE_FINGERPRINT} [["r",1,null,5]]`],
  ])('refuses a payload with %s', (_, payload) => {
    expect(() => decodeEvents(payload)).toThrow();
  });
});
