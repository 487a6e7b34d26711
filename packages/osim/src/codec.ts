// Field-level decoding and encoding of an OSIM command's data by its layout (payload-decode.ts, payload-encode.ts;
// the wire helpers they share are in payload-wire.ts).
export {
  decodePayload,
  formatMinutes,
  type DecodedField,
  type DecodedPayload,
  type OsimRecord,
  type OsimScalar,
  type OsimValue,
  type OsimValues,
} from './payload-decode.js';
export { encodePayload, type OsimInput, type OsimInputScalar } from './payload-encode.js';
