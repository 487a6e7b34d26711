import { describe, expect, it } from 'vitest';
import { buildOnOff, decodeMessage, toHex } from '@voltfleet/osim';
import { fieldRows, replyFields } from './field-rows';

const onOff = buildOnOff(true, 603);
if (!onOff.ok) throw new Error('test frame not built');
const ON_OFF_HEX = toHex(onOff.value);
/** A whole frame with a right checksum and a command no layout knows. */
const UNKNOWN_COMMAND = 'fe 55 64 14 01 00 00 d5 ae';
const SERVER_FIELDS = [{ path: 'x', name: 'from the server', offset: 0, length: 1, raw: '01', display: '1' }];

describe('fieldRows', () => {
  it.each([
    ['en', 'PCU on/off'],
    ['de', 'PCU ein/aus'],
  ] as const)('names the fields in %s, in wire order with their bytes', (lang, name) => {
    const message = decodeMessage(onOff.value, 603);
    if (!message.ok) throw new Error('test frame does not decode');
    const rows = fieldRows(message.value, lang);
    expect(rows.find((r) => r.path === 'onOff')?.name).toBe(name);
    expect(rows.map((r) => r.offset)).toEqual([...rows.map((r) => r.offset)].sort((a, b) => a - b));
  });
});

describe('replyFields', () => {
  it.each([
    ['en', 'PCU on/off'],
    ['de', 'PCU ein/aus'],
  ] as const)('decodes the reply hex again and names its fields in %s', (lang, name) => {
    const { fields, error } = replyFields({ hex: ON_OFF_HEX, fields: SERVER_FIELDS, error: null }, 603, lang);
    expect(error).toBeNull();
    expect(fields.find((r) => r.path === 'onOff')?.name).toBe(name);
  });

  it('keeps what the server sent when the hex is not a whole frame', () => {
    const reply = { hex: 'fe 55 64', fields: SERVER_FIELDS, error: 'truncated' };
    expect(replyFields(reply, 603, 'en')).toEqual({ fields: SERVER_FIELDS, error: 'truncated' });
  });

  it.each([
    ['en', /01/],
    ['cs', /01/],
  ] as const)('gives the codec error in %s for a frame that does not decode', (lang, pattern) => {
    const { fields, error } = replyFields({ hex: UNKNOWN_COMMAND, fields: SERVER_FIELDS, error: null }, 603, lang);
    expect(fields).toEqual([]);
    expect(error).toMatch(pattern);
  });
});
