// Result analysis: a pasted hex frame decoded field by field in the browser, without a device.
import {
  OSIM_VERSIONS,
  commandCode,
  decodeFrame,
  decodeFrameData,
  fromHex,
  osimErrorText,
  type DecodedMessage,
  type OsimResult,
} from '@voltfleet/osim';
import { osimText } from './osim-text';

/** The PCU version to decode with: a layout version of the reference, or the newest whose layout fits the frame. */
export type VersionChoice = number | 'auto';

export type HexInput = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'empty' } | { ok: false; error: string };

/** Reads pasted hex text (spaces, line breaks, colons, commas and 0x prefixes allowed) into bytes. */
export function parseHexInput(text: string): HexInput {
  if (text.replace(/0x/gi, '').replace(/[\s,:;-]+/g, '') === '') return { ok: false, reason: 'empty' };
  const bytes = fromHex(text);
  return bytes.ok ? { ok: true, bytes: bytes.value } : { ok: false, error: osimText(osimErrorText(bytes.error)) };
}

export interface FrameAnalysis {
  /**
   * The checksum verdict: `ok` when the frame decodes, `bad` with the computed (expected) and the frame's own
   * (actual) byte, `unchecked` when the frame is malformed before its checksum can be judged.
   */
  readonly checksum: {
    readonly verdict: 'ok' | 'bad' | 'unchecked';
    readonly expected: number | null;
    readonly actual: number | null;
  };
  /** The command as hex text, when the frame got that far. */
  readonly command: string | null;
  /** The version whose layout decoded it. */
  readonly version: number | null;
  readonly message: DecodedMessage | null;
  /** The precise reason the frame does not decode, in the user's language. */
  readonly error: string | null;
}

const NEWEST_FIRST = [...OSIM_VERSIONS].sort((a, b) => b - a);

function decodeWith(bytes: Uint8Array, choice: VersionChoice): { version: number; result: OsimResult<DecodedMessage> } {
  const frame = decodeFrame(bytes);
  const newest = NEWEST_FIRST[0] ?? 0;
  if (!frame.ok) return { version: choice === 'auto' ? newest : choice, result: frame };
  if (choice !== 'auto') return { version: choice, result: decodeFrameData(frame.value, choice) };
  // Auto: the newest layout that decodes the data exactly (no bytes left over), else the newest that decodes it.
  let fallback: { version: number; result: OsimResult<DecodedMessage> } | undefined;
  for (const version of NEWEST_FIRST) {
    const result = decodeFrameData(frame.value, version);
    if (result.ok && (result.value.payload?.trailingBytes ?? 0) === 0) return { version, result };
    fallback ??= result.ok ? { version, result } : undefined;
  }
  return fallback ?? { version: newest, result: decodeFrameData(frame.value, newest) };
}

/** Decodes one frame; every malformed frame gives the codec's precise error, never an exception. */
export function analyseFrame(bytes: Uint8Array, choice: VersionChoice): FrameAnalysis {
  const { version, result } = decodeWith(bytes, choice);
  if (result.ok) {
    return {
      checksum: { verdict: 'ok', expected: null, actual: null },
      command: commandCode(result.value.frame.command),
      version,
      message: result.value,
      error: null,
    };
  }
  const error = result.error;
  const frame = decodeFrame(bytes);
  const wireCommand = bytes.length >= 6 ? commandCode(((bytes[4] ?? 0) << 8) | (bytes[5] ?? 0)) : null;
  return {
    checksum:
      error.code === 'BAD_CHECKSUM'
        ? { verdict: 'bad', expected: error.expected, actual: error.actual }
        : { verdict: frame.ok ? 'ok' : 'unchecked', expected: null, actual: null },
    command: frame.ok ? commandCode(frame.value.command) : wireCommand,
    version: frame.ok ? version : null,
    message: null,
    error: osimText(osimErrorText(error)),
  };
}
