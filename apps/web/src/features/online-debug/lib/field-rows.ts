// Decoded fields as the tables show them, named in the user's language on the page (not by the server at request
// time), so switching the language renames them without asking the device again.
import type { DebugReply } from '@voltfleet/domain/commands';
import {
  decodeFrame,
  decodeFrameData,
  firmwareVersionText,
  fromHex,
  osimErrorText,
  type DecodedMessage,
} from '@voltfleet/osim';
import { osimText } from './osim-text';

export interface FieldRow {
  readonly path: string;
  readonly name: string;
  readonly offset: number;
  readonly length: number;
  readonly raw: string;
  readonly display: string;
}

/**
 * The fields of a decoded message in wire order, named in the UI's language. A PCU version (query 98) reads as on every other
 * page, 603 as 6.0.3; its wire number stays in the raw column.
 */
export function fieldRows(message: DecodedMessage): FieldRow[] {
  return (message.payload?.fields ?? []).map((f) => ({
    path: f.path,
    name: osimText(f.def.name),
    offset: f.offset,
    length: f.length,
    raw: f.raw,
    display:
      f.def.key === 'pcuVersion' && typeof f.value === 'number'
        ? (firmwareVersionText(f.value) ?? f.display)
        : f.display,
  }));
}

/**
 * A reply of the reading-data tab decoded again from its hex with the device's layout version, named in the UI's language;
 * when the hex does not decode here, the server's fields and error as they came.
 */
export function replyFields(
  reply: Pick<DebugReply, 'hex' | 'fields' | 'error'>,
  pcuVersion: number,
): { fields: readonly FieldRow[]; error: string | null } {
  const bytes = fromHex(reply.hex);
  const frame = bytes.ok ? decodeFrame(bytes.value) : bytes;
  if (!frame.ok) return { fields: reply.fields, error: reply.error };
  const decoded = decodeFrameData(frame.value, pcuVersion);
  if (!decoded.ok) return { fields: [], error: osimText(osimErrorText(decoded.error)) };
  return { fields: fieldRows(decoded.value), error: null };
}
