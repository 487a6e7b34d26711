import { describe, expect, it } from 'vitest';
import type { FaultTracker } from '@voltfleet/domain/alarms';
import { FaultMemory, RaiseMemory, raiseKey } from './fault-memory.js';

const PERSIST = 30_000;
const base: FaultTracker = {
  code: 'grid.voltageHigh',
  deviceCode: 7,
  presentSince: 1_000,
  lastSeenAt: 61_000,
  absentSince: null,
  alarmId: 5,
  flapping: false,
};

/** A memory that has read `stored` for device 1 at wall time 0. */
function memoryWith(stored: FaultTracker[]): FaultMemory {
  const m = new FaultMemory(PERSIST);
  m.loaded([1], new Map([[1, stored]]), 0);
  return m;
}

describe('FaultMemory.mustWrite', () => {
  it.each<[string, FaultTracker[], FaultTracker[], number, boolean]>([
    ['nothing changed', [base], [base], 1_000, false],
    ['only a newer last seen, before the bound', [base], [{ ...base, lastSeenAt: 121_000 }], PERSIST - 1, false],
    ['only a newer last seen, at the bound', [base], [{ ...base, lastSeenAt: 121_000 }], PERSIST, true],
    ['the same last seen after the bound', [base], [base], PERSIST * 3, false],
    ['a new fault', [], [base], 1, true],
    ['a fault gone before it was raised', [{ ...base, alarmId: null }], [], 1, true],
    ['raised', [{ ...base, alarmId: null }], [base], 1, true],
    ['turned absent', [base], [{ ...base, absentSince: 121_000 }], 1, true],
    ['back before it recovered', [{ ...base, absentSince: 121_000 }], [base], 1, true],
    ['flapping', [base], [{ ...base, flapping: true }], 1, true],
    ['another device code', [base], [{ ...base, deviceCode: 8 }], 1, true],
    ['began again', [base], [{ ...base, presentSince: 2_000 }], 1, true],
    ['one code for another', [base], [{ ...base, code: 'grid.lost' }], 1, true],
  ])('%s', (_, stored, after, now, expected) => {
    expect(memoryWith(stored).mustWrite(1, after, now)).toBe(expected);
  });

  it('counts the bound from the last write, not from the last look', () => {
    const m = memoryWith([base]);
    const seen = (at: number) => [{ ...base, lastSeenAt: at }];
    m.committed(new Map([[1, seen(121_000)]]), new Set(), 10_000);
    expect(m.mustWrite(1, seen(181_000), 20_000)).toBe(false);
    m.committed(new Map([[1, seen(181_000)]]), new Set([1]), 30_000);
    expect(m.mustWrite(1, seen(241_000), 45_000)).toBe(false);
    expect(m.mustWrite(1, seen(241_000), 60_000)).toBe(true);
  });
});

describe('FaultMemory', () => {
  it('hands out copies: stepping a batch that does not commit leaves the memory as it was', () => {
    const m = memoryWith([base]);
    const taken = m.take(1);
    taken[0]!.absentSince = 999;
    expect(m.take(1)).toEqual([base]);
  });

  it('knows a device once read, with or without faults, and forgets it after a failed batch', () => {
    const m = new FaultMemory(PERSIST);
    m.loaded([1, 2], new Map([[1, [base]]]), 0);
    expect([m.knows(1), m.hasFaults(1), m.knows(2), m.hasFaults(2), m.knows(3)]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    m.forget([1]);
    expect([m.knows(1), m.hasFaults(1), m.take(1)]).toEqual([false, false, []]);
  });

  it('forgets the devices of shards lost or taken anew, and only those', () => {
    const m = new FaultMemory(PERSIST);
    m.loaded([1, 2, 257], new Map([[257, [base]]]), 0);
    m.forgetWhere((id) => id % 256 === 1);
    expect([m.knows(1), m.knows(2), m.knows(257), m.hasFaults(257)]).toEqual([false, true, false, false]);
  });

  it('does not overwrite a device it already knows with an older read', () => {
    const m = memoryWith([base]);
    m.committed(new Map([[1, []]]), new Set([1]), 5);
    m.loaded([1], new Map([[1, [base]]]), 10);
    expect(m.hasFaults(1)).toBe(false);
  });
});

describe('RaiseMemory', () => {
  const HOUR = 3_600_000;

  it('answers only what it covers: a window starting before what it knows goes to the database', () => {
    const m = new RaiseMemory(HOUR);
    expect(m.covering(1, 'grid.lost', 0)).toBeUndefined();
    m.committed(new Map([[raiseKey(1, 'grid.lost'), { since: 1_000, times: [5_000, 2_000] }]]));
    expect(m.covering(1, 'grid.lost', 1_000)).toEqual({ since: 1_000, times: [2_000, 5_000] });
    expect(m.covering(1, 'grid.lost', 999)).toBeUndefined();
    expect(m.covering(1, 'grid.voltageHigh', 1_000)).toBeUndefined();
    expect(m.covering(2, 'grid.lost', 1_000)).toBeUndefined();
  });

  it('drops raises older than the window before the newest, and covers only from there on', () => {
    const m = new RaiseMemory(HOUR);
    m.committed(new Map([[raiseKey(1, 'grid.lost'), { since: 0, times: [0, HOUR, 2 * HOUR + 1] }]]));
    expect(m.covering(1, 'grid.lost', HOUR)).toBeUndefined();
    expect(m.covering(1, 'grid.lost', HOUR + 1)).toEqual({ since: HOUR + 1, times: [2 * HOUR + 1] });
  });

  it('covers every code of a device read whole, from the time it was read from', () => {
    const m = new RaiseMemory(HOUR);
    m.loaded([1, 2], [{ deviceId: 1, code: 'grid.lost', raisedAt: 2_000 }], 1_000);
    expect(m.covering(1, 'grid.lost', 1_000)).toEqual({ since: 1_000, times: [2_000] });
    expect(m.covering(1, 'grid.voltageHigh', 1_500)).toEqual({ since: 1_000, times: [] });
    expect(m.covering(2, 'grid.lost', 1_000)).toEqual({ since: 1_000, times: [] });
    expect(m.covering(2, 'grid.lost', 999)).toBeUndefined();
    expect(m.covering(3, 'grid.lost', 1_000)).toBeUndefined();
    // Read again (a later batch), it keeps what it knows.
    m.committed(new Map([[raiseKey(2, 'grid.lost'), { since: 1_000, times: [3_000] }]]));
    m.loaded([2], [], 5_000);
    expect(m.covering(2, 'grid.lost', 1_000)).toEqual({ since: 1_000, times: [3_000] });
    m.forget([1, 2]);
    expect(m.covering(1, 'grid.voltageHigh', 1_500)).toBeUndefined();
    expect(m.covering(2, 'grid.lost', 1_000)).toBeUndefined();
  });

  it("forgets a failed batch's devices and only those", () => {
    const m = new RaiseMemory(HOUR);
    m.committed(
      new Map([
        [raiseKey(1, 'grid.lost'), { since: 0, times: [1] }],
        [raiseKey(11, 'grid.lost'), { since: 0, times: [1] }],
      ]),
    );
    m.forget([1]);
    expect(m.covering(1, 'grid.lost', 0)).toBeUndefined();
    expect(m.covering(11, 'grid.lost', 0)).toEqual({ since: 0, times: [1] });
  });

  it('forgets by shard both what it was told and the devices it read whole', () => {
    const m = new RaiseMemory(HOUR);
    m.loaded([1, 2, 257], [{ deviceId: 257, code: 'grid.lost', raisedAt: 2_000 }], 1_000);
    m.forgetWhere((id) => id % 256 === 1);
    expect(m.covering(1, 'grid.lost', 1_000)).toBeUndefined();
    expect(m.covering(257, 'grid.lost', 1_000)).toBeUndefined();
    expect(m.covering(2, 'grid.lost', 1_000)).toEqual({ since: 1_000, times: [] });
  });
});
