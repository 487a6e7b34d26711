import { describe, expect, it } from 'vitest';
import { translate } from '../messages.js';
import { alarmByCode } from './catalogue.js';
import {
  DEVICE_FAULT_CODES,
  alarmForDeviceCode,
  readingFaults,
  bmsAlarmCode,
  faultWordCodes,
  parseFaultCodes,
  systemFaultCode,
  systemFaultCodes,
} from './osim-alarm-codes.js';
import { OSIM_BMS_CODES } from './osim-bms-codes.js';
import { OSIM_SYSTEM_CODES } from './osim-system-codes.js';

// Facts from the vendor warning tables (alarm_en/alarm_zh.properties, active lines of either): code by level.
const REFERENCE_LEVEL_1 = [
  1, 2, 3, 5, 6, 7, 8, 9, 10, 15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 33, 34, 36, 37, 41, 42, 43, 46,
  47, 48, 49, 50, 52, 53, 54, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 75, 76, 97, 98, 99, 100, 101, 102, 103, 104, 177,
  180, 196,
];
const REFERENCE_LEVEL_3 = [
  81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 186, 187, 188, 189, 192, 193, 202, 203, 204, 205, 208, 273, 281, 283,
  285, 287, 289, 291, 293, 295, 297, 299, 301, 303, 369, 370, 371, 372, 373, 374, 375, 376, 377, 378, 379, 380, 381,
  382, 383, 384, 385, 386, 387, 388, 389, 390, 391, 392, 393, 394, 395, 396, 397, 398, 399, 400, 465, 466, 467, 468,
  469, 470, 471, 472, 473, 474, 475, 476, 477, 478, 479, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 490, 491,
  492, 493, 494, 495, 496, 561, 563, 565, 567, 569, 571, 573, 575, 577, 583, 585, 593, 595, 597, 599, 601, 603, 605,
  607, 609, 657, 658, 659, 660, 671, 672, 673, 674, 676, 677, 678, 679, 680, 681, 682, 683, 684, 685, 686, 687, 688,
  689, 690, 691, 692, 693, 694, 753, 754, 755, 756, 757, 758, 759, 760, 761, 762, 764, 765, 769, 770, 771, 772, 773,
  774, 775, 776, 777,
];
const REFERENCE = [
  ...REFERENCE_LEVEL_1.map((code) => ({ code, level: 1 })),
  ...REFERENCE_LEVEL_3.map((code) => ({ code, level: 3 })),
];
const OSIM_ROWS = [...OSIM_SYSTEM_CODES, ...OSIM_BMS_CODES];

describe('OSIM warning codes', () => {
  it('hold exactly the reference codes, each once', () => {
    const codes = OSIM_ROWS.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort((a, b) => a - b)).toEqual(REFERENCE.map((r) => r.code).sort((a, b) => a - b));
    expect(new Set(DEVICE_FAULT_CODES.map((r) => r.code)).size).toBe(DEVICE_FAULT_CODES.length);
  });

  it.each(REFERENCE)('code $code (level $level) maps to a catalogue entry', ({ code, level }) => {
    const row = OSIM_ROWS.find((r) => r.code === code);
    expect(row?.level).toBe(level);
    expect(alarmByCode(row?.alarm ?? '')).toBeDefined();
    expect(alarmForDeviceCode(code).code).toBe(row?.alarm);
  });

  it.each([
    [1, 'ac.overload'],
    [3, 'ac.shortCircuit'],
    [10, 'grid.frequencyLow'],
    [22, 'bus.batteryStartFailure'],
    [36, 'wiring.gridBackupSwapped'],
    [46, 'battery.socLow'],
    [49, 'hardware.relayCheckFailure'],
    [63, 'insulation.positiveBus'],
    [64, 'insulation.negativeBus'],
    [69, 'hardware.igbtOvertemperature'],
    [72, 'hardware.igbtSensorFault'],
    [101, 'wiring.batteryReversed'],
    [273, 'battery.bmsUndervoltage'],
    [383, 'insulation.battery'],
    [393, 'battery.bmsBreakerOpen'],
    [494, 'battery.bmsShortCircuit'],
    [689, 'communication.batteryInternal'],
    [777, 'battery.bmsImbalance'],
    [1001, 'grid.abnormal'],
    [1002, 'communication.bmsLost'],
  ])('device code %i raises %s', (code, alarm) => {
    expect(alarmForDeviceCode(code).code).toBe(alarm);
  });

  // Codes the vendor tables comment out or never list, and codes beyond every table.
  it.each([0, 4, 11, 35, 51, 62, 73, 74, 77, 80, 93, 175, 763, 778, 849, 1000, 1003, 99999])(
    'code %i gives the unknown entry with its number',
    (code) => {
      const entry = alarmForDeviceCode(code);
      expect(entry.code).toBe(`unknown.${code}`);
      expect(translate(entry.name, 'en', entry.params)).toBe(`Unknown code ${code}`);
    },
  );

  it('puts every system code in the five 0x1F words', () => {
    for (const row of OSIM_SYSTEM_CODES) {
      expect(row.code).toBeGreaterThanOrEqual(1);
      expect(row.code).toBeLessThanOrEqual(80);
      const word = Math.floor((row.code - 1) / 16);
      expect(systemFaultCode(word, (row.code - 1) % 16)).toBe(row.code);
    }
  });

  it.each(OSIM_BMS_CODES.map((r) => [r.code, r.source] as const))(
    'BMS code %i is a bit of the 96-bit bmsWarn1 block of %s',
    (code, maker) => {
      if (maker === 'system') throw new Error('not a BMS row');
      const bit = code - bmsAlarmCode(maker, 0);
      expect(bit).toBeGreaterThanOrEqual(0);
      expect(bit).toBeLessThan(96);
      expect(bmsAlarmCode(maker, bit)).toBe(code);
    },
  );

  it.each([
    ['pylonHv', 0, 81],
    ['pylonLv', 0, 177],
    ['bydLv', 48, 609],
    ['generic', 0, 753],
    ['soluna', 16, 769],
  ] as const)('bmsAlarmCode(%s, %i) is %i', (maker, bit, code) => {
    expect(bmsAlarmCode(maker, bit)).toBe(code);
  });
});

describe('codes from words', () => {
  it.each([
    ['no bits', [[], [], [], [], []], []],
    ['words 0, 1 and 4', [[0, 3], [15], [], [], [0]], [1, 4, 32, 65]],
    ['insulation and IGBT', [[], [], [], [14, 15], [3, 11]], [63, 64, 68, 76]],
  ])('systemFaultCodes: %s', (_name, words, codes) => {
    expect(systemFaultCodes(words)).toEqual(codes);
  });

  it.each([
    [0, []],
    [1, [1]],
    [0b1000_0000_0001, [1, 12]],
    [0x8000_0001, [1, 32]],
  ])('faultWordCodes(%i)', (word, codes) => {
    expect(faultWordCodes(word)).toEqual(codes);
  });

  it('faultWordCodes reads all 32 bits', () => {
    expect(faultWordCodes(0xffff_ffff)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it.each([
    ['', [], []],
    ['33', [33], []],
    ['33,63, 1002', [33, 63, 1002], []],
    ['63,63', [63], []],
    ['7,x,-1,1.5,,9999999', [7], ['x', '-1', '1.5', '9999999']],
  ])('parseFaultCodes(%j)', (text, codes, invalid) => {
    expect(parseFaultCodes(text)).toEqual({ codes, invalid });
  });
});

describe('readingFaults', () => {
  it.each([
    ['no faultWord: the reading states nothing', undefined, undefined, null],
    ['faultWord 0: no fault', 0, undefined, []],
    ['bit 6 is device code 7', 64, undefined, ['grid.voltageHigh:7']],
    [
      'faultCodes beyond the word, deduplicated with it',
      64,
      '7, 1002',
      ['grid.voltageHigh:7', 'communication.bmsLost:1002'],
    ],
    ['a code the catalogue lacks is "unknown code N"', 0, '999', ['unknown.999:999']],
  ] as const)('%s', (_name, word, codes, expected) => {
    const result = readingFaults(word, codes);
    expect(result && result.faults.map((f) => `${f.code}:${f.deviceCode}`)).toEqual(expected);
  });

  it('keeps what is not a code apart', () => {
    expect(readingFaults(0, '63,x1')?.invalid).toEqual(['x1']);
  });
});
