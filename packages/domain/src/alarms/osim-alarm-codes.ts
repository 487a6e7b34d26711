import { alarmByCode, unknownAlarm } from './catalogue.js';
import type { AlarmEntry } from './alarm-entry.js';
import { OSIM_BMS_CODES } from './osim-bms-codes.js';
import type { OsimAlarmCode, OsimBmsMaker } from './osim-alarm-types.js';
import { OSIM_SYSTEM_CODES } from './osim-system-codes.js';

/**
 * Device fault codes are one number space on both links: the OSIM warning codes (1–80 system faults of 0x1F,
 * 81–848 BMS warnings of 0x1E) plus Voltfleet's own codes from 1001 for alarms the OSIM tables have no code for.
 */
export const VOLTFLEET_FAULT_CODES = [
  { code: 1001, alarm: 'grid.abnormal', label: 'Grid frequency or voltage abnormal' },
  { code: 1002, alarm: 'communication.bmsLost', label: 'No communication with the BMS' },
] as const;

/** Every known device fault code, each once. */
export const DEVICE_FAULT_CODES: readonly (OsimAlarmCode | (typeof VOLTFLEET_FAULT_CODES)[number])[] = [
  ...OSIM_SYSTEM_CODES,
  ...OSIM_BMS_CODES,
  ...VOLTFLEET_FAULT_CODES,
];

const BY_CODE = new Map(DEVICE_FAULT_CODES.map((row) => [row.code, row.alarm]));

/** The catalogue entry a device fault code raises, or the "unknown code N" entry; never nothing. */
export function alarmForDeviceCode(code: number): AlarmEntry {
  const alarm = BY_CODE.get(code);
  return (alarm === undefined ? undefined : alarmByCode(alarm)) ?? unknownAlarm(code);
}

/** Bits in one 0x1F fault status word. */
const WORD_BITS = 16;

/** The device fault code of bit `bit` of 0x1F fault status word `word` (0–4). */
export function systemFaultCode(word: number, bit: number): number {
  return word * WORD_BITS + bit + 1;
}

/** The device fault codes of decoded 0x1F words (sysFault1…sysFault5, each the list of its set bits). */
export function systemFaultCodes(words: readonly (readonly number[])[]): number[] {
  return words.flatMap((bits, word) => bits.map((bit) => systemFaultCode(word, bit)));
}

/** The device fault codes set in a reading's faultWord: bit b is code b + 1 (0x1F words 0 and 1). */
export function faultWordCodes(faultWord: number): number[] {
  const codes: number[] = [];
  for (let bit = 0; bit < 2 * WORD_BITS; bit += 1) {
    if (Math.floor(faultWord / 2 ** bit) % 2 === 1) codes.push(bit + 1);
  }
  return codes;
}

const BMS_FIRST_CODE = 81;
const BMS_BLOCK_BITS = 96;
// SOLUNA shares the generic block: its codes start at bit 16 of it.
const BMS_BLOCK: Record<OsimBmsMaker, number> = {
  pylonHv: 0,
  pylonLv: 1,
  chilwee: 2,
  alphaEss: 3,
  shanghaiPower: 4,
  bydLv: 5,
  bydHv: 6,
  generic: 7,
  soluna: 7,
};

/** The device fault code of set bit `bit` (0–95) of 0x1E bmsWarn1 for a battery of this maker. */
export function bmsAlarmCode(maker: OsimBmsMaker, bit: number): number {
  return BMS_FIRST_CODE + BMS_BLOCK[maker] * BMS_BLOCK_BITS + bit;
}

// At most six digits: every known code is below 10 000, and longer runs are not codes.
const CODE_PATTERN = /^\d{1,6}$/;

/**
 * Parses the `extra.faultCodes` of an MQTT reading ("33,63,1002"): the codes, and the items that are not codes so
 * the caller can count and log them rather than lose them silently.
 */
export function parseFaultCodes(text: string): { codes: number[]; invalid: string[] } {
  const codes: number[] = [];
  const invalid: string[] = [];
  for (const item of text.split(',')) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    if (CODE_PATTERN.test(trimmed)) codes.push(Number(trimmed));
    else invalid.push(trimmed);
  }
  return { codes: [...new Set(codes)], invalid };
}

/**
 * The fault set a reading states, as catalogue codes: faultWord bits and `extra.faultCodes`. Null when the reading
 * carries no faultWord (it states nothing about faults, so nothing is raised or recovered by it).
 */
export function readingFaults(
  faultWord: number | undefined | null,
  faultCodes: unknown,
): { faults: { code: string; deviceCode: number }[]; invalid: string[] } | null {
  if (faultWord === undefined || faultWord === null) return null;
  // What almost every reading states: no fault (the alarm engine asks this of every reading it gets).
  if (faultWord === 0 && typeof faultCodes !== 'string') return { faults: [], invalid: [] };
  const parsed = typeof faultCodes === 'string' ? parseFaultCodes(faultCodes) : { codes: [], invalid: [] };
  const codes = [...new Set([...faultWordCodes(faultWord), ...parsed.codes])];
  return { faults: codes.map((n) => ({ code: alarmForDeviceCode(n).code, deviceCode: n })), invalid: parsed.invalid };
}
