import { describe, expect, it } from 'vitest';
import { clockOfReply } from './clock.js';
import { decodeFrame } from './frame.js';
import { buildCommand } from './messages.js';

/** A 68 answer as an inverter sends it, with whatever it holds. */
function reply(values: Record<string, number>) {
  const built = buildCommand('68', values, 603, 'reply', { validate: false });
  if (!built.ok) throw new Error('68 reply not built');
  const frame = decodeFrame(built.value);
  if (!frame.ok) throw new Error('68 reply not decoded');
  return frame.value;
}

const TIME = { year: 2026, month: 11, day: 22, hour: 9, minute: 30, second: 15 };

describe('the time a 68 reply carries', () => {
  it('is read as UTC epoch seconds', () => {
    expect(clockOfReply(reply(TIME), 603)).toBe(Date.UTC(2026, 10, 22, 9, 30, 15) / 1000);
  });

  it.each([
    ['31 February', { ...TIME, month: 2, day: 31 }],
    ['hour 24', { ...TIME, hour: 24 }],
    ['month 0', { ...TIME, month: 0 }],
  ])('is nothing for %s', (_name, time) => {
    expect(clockOfReply(reply(time), 603)).toBeUndefined();
  });
});
