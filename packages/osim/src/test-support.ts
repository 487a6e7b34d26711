// Test support: every error code the codec may return, to check that failures are always typed.
import type { OsimErrorCode } from './errors.js';

export const OSIM_ERROR_CODES_FOR_TEST: readonly OsimErrorCode[] = [
  'BAD_START',
  'BAD_END',
  'BAD_CHECKSUM',
  'LENGTH_MISMATCH',
  'TRUNCATED',
  'UNKNOWN_COMMAND',
  'FIELD_OVERRUN',
  'MISSING_FIELD',
  'OUT_OF_RANGE',
  'INVALID_VALUE',
  'NOT_SUPPORTED',
];
