// Typed errors of the OSIM codec. The codec never throws: every operation returns an OsimResult.
import type { OsimText, OsimTextKey } from './layout.js';

export type OsimError =
  | { readonly code: 'BAD_START'; readonly actual: string }
  | { readonly code: 'BAD_END'; readonly actual: number }
  | { readonly code: 'BAD_CHECKSUM'; readonly expected: number; readonly actual: number }
  | { readonly code: 'LENGTH_MISMATCH'; readonly declared: number; readonly actual: number }
  | { readonly code: 'TRUNCATED'; readonly needed: number; readonly actual: number }
  | { readonly code: 'UNKNOWN_COMMAND'; readonly command: string; readonly version: number }
  | { readonly code: 'FIELD_OVERRUN'; readonly field: string; readonly needed: number; readonly available: number }
  | { readonly code: 'MISSING_FIELD'; readonly field: string }
  | { readonly code: 'OUT_OF_RANGE'; readonly field: string; readonly value: string; readonly range: string }
  | { readonly code: 'INVALID_VALUE'; readonly field: string; readonly value: string }
  | { readonly code: 'NOT_SUPPORTED'; readonly command: string; readonly version: number };

export type OsimErrorCode = OsimError['code'];

export type OsimResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: OsimError };

export const ok = <T>(value: T): OsimResult<T> => ({ ok: true, value });
export const fail = <T = never>(error: OsimError): OsimResult<T> => ({ ok: false, error });

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/**
 * The error as a catalogue text (`osim.error.<code>`, @voltfleet/domain's i18n), its values as placeholders; bytes
 * show as two hex digits. The server's logs read it in English, the online debug page in the UI's language.
 */
export function osimErrorText(error: OsimError): OsimText {
  const key: OsimTextKey = `osim.error.${error.code}`;
  switch (error.code) {
    case 'BAD_END':
      return { key, params: { actual: hex2(error.actual) } };
    case 'BAD_CHECKSUM':
      return { key, params: { expected: hex2(error.expected), actual: hex2(error.actual) } };
    default: {
      const { code: _code, ...params } = error;
      return { key, params };
    }
  }
}
