import { READING_EXTRA_MAX_TEXT } from '../telemetry/reading-check.js';
import { bmsAlarmCode, systemFaultCodes } from './osim-alarm-codes.js';
import type { OsimBmsMaker } from './osim-alarm-types.js';

/**
 * How a device's whole set of active fault codes travels (docs/protocol.md, "Fault codes"): in a reading as
 * `values.faultWord` + `extra.faultCodes`, and on OSIM as the 0x1F fault status words and the 0x1E bmsWarn1 bits.
 * The one owner of this mapping: the simulator encodes with it and the OSIM gateway decodes with it.
 */

/** Codes faultWord holds as bits: bit b is code b + 1. */
export const FAULT_WORD_CODES = 32;
/** 0x1F: five fault status words of 16 bits (codes 1–80). */
const SYSTEM_WORDS = 5;
const WORD_BITS = 16;
/** 0x1E bmsWarn1: 12 bytes, 96 bits. */
const BMS_BITS = 96;

/** The reading fields that state a fault set. */
export interface FaultSetFields {
  /** Codes 1–32 as bits; 0 when none of them is active. */
  faultWord: number;
  /** Active codes from 33 on, ascending, comma-separated; absent when there are none. */
  faultCodes?: string;
}

function codeList(codes: Iterable<number>): number[] {
  return [...new Set(codes)].filter((c) => Number.isInteger(c) && c >= 1).sort((a, b) => a - b);
}

/**
 * The fields of a reading that state exactly this fault set. A faultCodes text longer than extra allows (256
 * characters, some 60 codes) keeps the lowest codes that fit rather than have the whole reading refused.
 */
export function faultSetFields(codes: Iterable<number>): FaultSetFields {
  let faultWord = 0;
  let faultCodes = '';
  for (const code of codeList(codes)) {
    if (code <= FAULT_WORD_CODES) {
      faultWord += 2 ** (code - 1);
      continue;
    }
    const next = faultCodes === '' ? String(code) : `${faultCodes},${code}`;
    if (next.length > READING_EXTRA_MAX_TEXT) break;
    faultCodes = next;
  }
  return faultCodes === '' ? { faultWord } : { faultWord, faultCodes };
}

/** The bits of OSIM's fault replies: 0x1F words 0–4 (sysFault1…sysFault5) and 0x1E bmsWarn1. */
export interface OsimFaultBits {
  /** Five lists of set bits (0–15), word w holding codes 16·w + 1 … 16·w + 16. */
  sysFault: number[][];
  /** Set bits (0–95) of bmsWarn1 for the battery maker. */
  bmsWarn1: number[];
  /** Codes OSIM has no bit for (Voltfleet's own codes from 1001, another maker's BMS block). */
  unplaced: number[];
}

/** Where OSIM carries each of these codes, for a battery of this maker. */
export function osimFaultBits(codes: Iterable<number>, maker: OsimBmsMaker): OsimFaultBits {
  const bits: OsimFaultBits = { sysFault: Array.from({ length: SYSTEM_WORDS }, () => []), bmsWarn1: [], unplaced: [] };
  const bmsBase = bmsAlarmCode(maker, 0);
  for (const code of codeList(codes)) {
    const bmsBit = code - bmsBase;
    if (code <= SYSTEM_WORDS * WORD_BITS)
      bits.sysFault[Math.floor((code - 1) / WORD_BITS)]!.push((code - 1) % WORD_BITS);
    else if (bmsBit >= 0 && bmsBit < BMS_BITS) bits.bmsWarn1.push(bmsBit);
    else bits.unplaced.push(code);
  }
  return bits;
}

/** The device fault codes that OSIM fault replies state: 0x1F words (five bit lists) and 0x1E bmsWarn1 bits. */
export function osimFaultCodes(
  sysFault: readonly (readonly number[])[],
  bmsWarn1: readonly number[],
  maker: OsimBmsMaker,
): number[] {
  const words = sysFault.slice(0, SYSTEM_WORDS).map((bits) => bits.filter((b) => b >= 0 && b < WORD_BITS));
  const bms = bmsWarn1.filter((b) => b >= 0 && b < BMS_BITS).map((b) => bmsAlarmCode(maker, b));
  return codeList([...systemFaultCodes(words), ...bms]);
}
