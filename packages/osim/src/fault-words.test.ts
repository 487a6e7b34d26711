import { describe, expect, it } from 'vitest';
import { buildCommand, decodeMessage } from './messages.js';

// The fault replies the gateway reads every poll: 0x1F's five fault status words and 0x1E's 96 BMS warning bits.
// Bit lists built into a reply frame come back bit for bit, word w bit b on the wire as bit b of the w-th
// big-endian 16-bit word (the numbering the device fault codes use: 0x1F word w bit b is code 16·w + b + 1).

describe('fault status words (1F) and BMS warnings (1E) round-trip', () => {
  it.each([252, 258, 500, 603])('1F: all five words, any bits, PCU %i', (version) => {
    const words = { sysFault1: [0, 6, 15], sysFault2: [0, 15], sysFault3: [14], sysFault4: [14, 15], sysFault5: [10] };
    const frame = buildCommand('1F', words, version, 'reply');
    if (!frame.ok) throw new Error(frame.error.code);
    const decoded = decodeMessage(frame.value, version);
    if (!decoded.ok) throw new Error(decoded.error.code);
    expect(decoded.value.payload?.values).toEqual(words);
    // Word 2 bit 14 (code 47) is byte 4's bit 6: big-endian words, bit 0 the least significant.
    const data = frame.value.slice(7, 7 + 10);
    expect([...data.slice(4, 6)]).toEqual([0x40, 0x00]);
  });

  it.each([258, 500, 603])('1E: bmsWarn1 carries 96 bits, PCU %i', (version) => {
    const bits = [0, 3, 15, 16, 47, 95];
    const frame = buildCommand('1E', { bmsWarn1: bits, bmsWarn: [] }, version, 'reply');
    if (!frame.ok) throw new Error(frame.error.code);
    const decoded = decodeMessage(frame.value, version);
    if (!decoded.ok) throw new Error(decoded.error.code);
    expect(decoded.value.payload?.values).toMatchObject({ bmsWarn1: bits });
  });

  it('refuses a bit outside the field', () => {
    const frame = buildCommand('1E', { bmsWarn1: [96], bmsWarn: [] }, 603, 'reply');
    expect(frame.ok).toBe(false);
  });
});
