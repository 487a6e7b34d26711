import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OSIM_ERROR_CODES_FOR_TEST } from './test-support.js';
import { decodeFrame, encodeFrame, fromHex, type OsimFrame } from './frame.js';
import { decodeMessage } from './messages.js';
import { FrameReader, type FrameEvent } from './reader.js';
import { OSIM_VERSIONS } from './registry.js';

const frame = (command: number, data: number[]): Uint8Array => {
  const r = encodeFrame({ source: 0x14, destination: 0x64, command: command << 8, data: Uint8Array.from(data) });
  if (!r.ok) throw new Error('test frame');
  return r.value;
};
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const frames = (events: FrameEvent[]) => events.flatMap((e) => (e.ok ? [e.frame] : []));
const errors = (events: FrameEvent[]) => events.flatMap((e) => (e.ok ? [] : [e.error.code]));

describe('FrameReader', () => {
  const a = frame(0x0d, [0, 1, 0, 0, 0xfe, 0x55]);
  const b = frame(0x98, [2, 0x5b]);

  it('joins a frame split byte by byte across chunks', () => {
    const reader = new FrameReader();
    const events = [...concat(a, b)].flatMap((byte) => reader.push(Uint8Array.of(byte)));
    expect(frames(events).map((f) => f.command)).toEqual([0x0d00, 0x9800]);
    expect(errors(events)).toEqual([]);
    expect(reader.pending).toBe(0);
  });

  it('skips and reports garbage before FE 55', () => {
    const reader = new FrameReader();
    const events = reader.push(concat(Uint8Array.of(0x00, 0x13, 0xfe, 0x00), a));
    expect(errors(events)).toEqual(['BAD_START']);
    expect(events[0]?.bytes).toEqual(Uint8Array.of(0x00, 0x13, 0xfe, 0x00));
    expect(frames(events)).toHaveLength(1);
  });

  it('resynchronises after a frame with a bad checksum or end byte', () => {
    const badSum = a.slice();
    badSum[badSum.length - 2] = (a[a.length - 2] ?? 0) ^ 0xff;
    const badEnd = a.slice();
    badEnd[badEnd.length - 1] = 0x00;
    const reader = new FrameReader();
    const events = reader.push(concat(badSum, b, badEnd, b));
    expect(frames(events).map((f) => f.command)).toEqual([0x9800, 0x9800]);
    expect(errors(events)).toContain('BAD_CHECKSUM');
    expect(errors(events)).toContain('BAD_END');
  });

  it('reports a frame cut off when the connection ends, then starts clean', () => {
    const reader = new FrameReader();
    expect(reader.push(a.subarray(0, 8))).toEqual([]);
    expect(reader.end()).toEqual([
      { ok: false, error: { code: 'TRUNCATED', needed: a.length, actual: 8 }, bytes: a.subarray(0, 8), command: 0x0d },
    ]);
    expect(frames(reader.push(b))).toHaveLength(1);
    expect(reader.end()).toEqual([]);
  });

  it('names the command of a half-sent frame once the following bytes spoil it', () => {
    const half = frame(0xbb, [0, 2, 0x10, 0x00, 0x10, 0x01]).subarray(0, 9);
    // The next frame completes the half one's declared length: its end byte or checksum is wrong.
    const spoilt = new FrameReader().push(concat(half, b, b));
    expect(spoilt.find((e) => !e.ok)).toMatchObject({ ok: false, command: 0xbb });
    expect(frames(spoilt).length).toBeGreaterThanOrEqual(1);
    // A short half frame is dropped when a whole frame follows it.
    const short = new FrameReader().push(concat(half.subarray(0, 6), b));
    expect(short[0]).toMatchObject({ ok: false, error: { code: 'TRUNCATED' }, command: 0xbb });
    expect(frames(short)).toHaveLength(1);
    // Too little of the header to know the command: none named.
    const headless = new FrameReader();
    headless.push(half.subarray(0, 4));
    expect(headless.end()[0]).not.toHaveProperty('command');
  });
});

describe('property: malformed input never crashes and never yields a wrong value', () => {
  const bytes = fc.uint8Array({ maxLength: 300 });

  it('decodeFrame returns a frame or a typed error for any bytes', () => {
    fc.assert(
      fc.property(bytes, (input) => {
        const r = decodeFrame(input);
        if (r.ok) expect(concat(input)).toEqual(frameBytes(r.value));
        else expect(OSIM_ERROR_CODES_FOR_TEST).toContain(r.error.code);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodeMessage returns a decoded message or a typed error for any data of any command and version', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.uint8Array({ maxLength: 255 }),
        fc.constantFrom(...OSIM_VERSIONS, 998),
        (cmd, data, version) => {
          const r = decodeMessage(frame(cmd, [...data]), version);
          if (!r.ok) expect(OSIM_ERROR_CODES_FOR_TEST).toContain(r.error.code);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the reader yields exactly the valid frames of a stream cut anywhere, and only typed errors for noise', () => {
    const validFrame = fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 40 }))
      .map(([cmd, data]) => frame(cmd, [...data]));
    fc.assert(
      fc.property(
        fc.array(validFrame, { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1 }),
        (list, cuts) => {
          const stream = concat(...list);
          const reader = new FrameReader();
          const events: FrameEvent[] = [];
          for (let at = 0, i = 0; at < stream.length; i += 1) {
            const size = cuts[i % cuts.length] as number;
            events.push(...reader.push(stream.subarray(at, at + size)));
            at += size;
          }
          events.push(...reader.end());
          expect(errors(events)).toEqual([]);
          expect(frames(events).map(frameBytes)).toEqual(list);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('random mutations of valid frames give frames that re-encode to themselves, or typed errors', () => {
    const base = concat(
      frame(
        0x0b,
        Array.from({ length: 112 }, (_, i) => i),
      ),
      frame(0x98, [2, 0x5b, 0, 1]),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 5 }),
        fc.nat(base.length),
        bytes,
        (flips, cut, noise) => {
          const mutated = base.slice();
          for (const [at, value] of flips) mutated[at] = value;
          const reader = new FrameReader();
          const events = [
            ...reader.push(concat(mutated.subarray(0, cut), noise)),
            ...reader.push(mutated.subarray(cut)),
            ...reader.end(),
          ];
          for (const e of events) {
            if (e.ok) expect(frameBytes(e.frame)).toEqual(e.bytes);
            else expect(OSIM_ERROR_CODES_FOR_TEST).toContain(e.error.code);
            if (!e.ok) continue;
            const message = decodeMessage(e.bytes, 603);
            if (!message.ok) expect(OSIM_ERROR_CODES_FOR_TEST).toContain(message.error.code);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('decodes the README example through the reader', () => {
    const example = fromHex('fe 55 64 14 0a 00 00 de ae');
    expect(example.ok && frames(new FrameReader().push(example.value))).toEqual([
      { source: 0x64, destination: 0x14, command: 0x0a00, data: new Uint8Array(0) },
    ]);
  });
});

function frameBytes(f: OsimFrame): Uint8Array {
  const r = encodeFrame(f);
  if (!r.ok) throw new Error('re-encode');
  return r.value;
}
