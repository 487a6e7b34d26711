import { describe, expect, it } from 'vitest';
import { faultSetFields, osimFaultBits, osimFaultCodes } from './fault-set.js';
import { faultWordCodes, parseFaultCodes, readingFaults } from './osim-alarm-codes.js';

describe('faultSetFields', () => {
  it.each([
    [[], { faultWord: 0 }],
    [[1], { faultWord: 1 }],
    [[8, 7, 8], { faultWord: 2 ** 7 + 2 ** 6 }],
    [[32], { faultWord: 2 ** 31 }],
    [[33], { faultWord: 0, faultCodes: '33' }],
    [[1002, 63, 8, 1001], { faultWord: 2 ** 7, faultCodes: '63,1001,1002' }],
    [[0, -3, 2.5, 5], { faultWord: 2 ** 4 }],
  ])('%j → %j', (codes, fields) => {
    expect(faultSetFields(codes)).toEqual(fields);
  });

  it('round-trips through the reading decoders', () => {
    const codes = [1, 5, 27, 32, 37, 63, 756, 1001, 1002];
    const { faultWord, faultCodes } = faultSetFields(codes);
    expect([...faultWordCodes(faultWord), ...parseFaultCodes(faultCodes ?? '').codes]).toEqual(codes);
    expect(readingFaults(faultWord, faultCodes)?.faults.map((f) => f.deviceCode)).toEqual(codes);
  });

  it('keeps faultCodes within the 256 characters extra allows', () => {
    const many = Array.from({ length: 200 }, (_, i) => 100 + i);
    const text = faultSetFields(many).faultCodes ?? '';
    expect(text.length).toBeLessThanOrEqual(256);
    expect(parseFaultCodes(text).codes).toEqual(many.slice(0, parseFaultCodes(text).codes.length));
  });
});

describe('OSIM fault bits', () => {
  it.each([
    [1, { word: 0, bit: 0 }],
    [16, { word: 0, bit: 15 }],
    [17, { word: 1, bit: 0 }],
    [63, { word: 3, bit: 14 }],
    [80, { word: 4, bit: 15 }],
  ])('system code %i is 0x1F word %j', (code, { word, bit }) => {
    const bits = osimFaultBits([code], 'generic');
    expect(bits.sysFault[word]).toEqual([bit]);
    expect(bits.sysFault.flat()).toHaveLength(1);
    expect(osimFaultCodes(bits.sysFault, bits.bmsWarn1, 'generic')).toEqual([code]);
  });

  it.each([
    ['generic', 756, 3],
    ['soluna', 769, 16],
    ['pylonHv', 81, 0],
    ['bydHv', 657, 0],
  ] as const)('BMS code of %s %i is bmsWarn1 bit %i', (maker, code, bit) => {
    const bits = osimFaultBits([code], maker);
    expect(bits.bmsWarn1).toEqual([bit]);
    expect(osimFaultCodes(bits.sysFault, bits.bmsWarn1, maker)).toEqual([code]);
  });

  it('lists apart the codes OSIM has no bit for', () => {
    const bits = osimFaultBits([8, 63, 81, 756, 1001, 1002], 'generic');
    expect(bits).toEqual({ sysFault: [[7], [], [], [14], []], bmsWarn1: [3], unplaced: [81, 1001, 1002] });
  });
});
