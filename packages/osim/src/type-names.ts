// What the parameter description calls each wire type and bit position, in the catalogue's four languages. Kept here
// with the other catalogue texts (not in the web app's locale files), so they arrive with the online debug page that
// shows them and not with every page's texts.
import type { FieldType, LocalisedText } from './layout.js';

const text = (zh: string, en: string, cs: string, de: string): LocalisedText => ({ zh, en, cs, de });

export const FIELD_TYPE_NAMES: Readonly<Record<FieldType, LocalisedText>> = {
  int: text('有符号整数', 'Signed integer', 'Celé číslo se znaménkem', 'Ganzzahl mit Vorzeichen'),
  uInt: text('无符号整数', 'Unsigned integer', 'Celé číslo bez znaménka', 'Ganzzahl ohne Vorzeichen'),
  long: text('长整数', 'Long integer', 'Dlouhé celé číslo', 'Lange Ganzzahl'),
  string: text('字符串（ASCII）', 'Text (ASCII)', 'Řetězec (ASCII)', 'Zeichenkette (ASCII)'),
  hex: text('十六进制字节', 'Hex bytes', 'Bajty (hex)', 'Bytes (hex)'),
  bytes: text('原始字节', 'Raw bytes', 'Surové bajty', 'Rohdaten-Bytes'),
  bit: text('单个位', 'Single bit', 'Jednotlivý bit', 'Einzelbit'),
  bitRange: text('位段', 'Bit range', 'Rozsah bitů', 'Bitbereich'),
  onePosition: text(
    '标志位（告警字）',
    'Flag bits (alarm word)',
    'Příznakové bity (slovo alarmů)',
    'Flag-Bits (Alarmwort)',
  ),
  preserve: text('预留', 'Reserved', 'Rezervováno', 'Reserviert'),
};

/** The bit a `bit` field reads, e.g. "bit 12". */
export function bitText(bit: number): LocalisedText {
  return text(`第 ${bit} 位`, `bit ${bit}`, `bit ${bit}`, `Bit ${bit}`);
}

/** The bits a `bitRange` field reads, first and last included, e.g. "bits 0–3". */
export function bitRangeText(first: number, last: number): LocalisedText {
  const span = `${first}–${last}`;
  return text(`第 ${span} 位`, `bits ${span}`, `bity ${span}`, `Bits ${span}`);
}
