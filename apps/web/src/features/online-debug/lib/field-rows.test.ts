import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS_CLOUD,
  ADDRESS_INVERTER,
  buildOnOff,
  commandNumber,
  decodeMessage,
  encodeFrame,
  toHex,
} from '@voltfleet/osim';
import { messagesIn } from '@/test/texts';
import { fieldRows, replyFields } from './field-rows';

// Field names and codec errors read in the UI's language (the catalogue's `osim` namespace).
beforeEach(() => messagesIn('en'));

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
  ] as const)('names the fields in %s, in wire order with their bytes', async (lang, name) => {
    await messagesIn(lang);
    const message = decodeMessage(onOff.value, 603);
    if (!message.ok) throw new Error('test frame does not decode');
    const rows = fieldRows(message.value);
    expect(rows.find((r) => r.path === 'onOff')?.name).toBe(name);
    expect(rows.map((r) => r.offset)).toEqual([...rows.map((r) => r.offset)].sort((a, b) => a - b));
  });

  it.each([
    [603, '02 5b', '6.0.3'],
    [259, '01 03', '2.5.9'],
  ])('shows the PCU version %d of a 98 reply as every page does (%s on the wire → %s)', (version, raw, shown) => {
    // The system information reply: PCU version, battery maker, model code, serial number (26 + 18 bytes).
    const data = new Uint8Array(50);
    data.set([version >> 8, version & 0xff, 0, 1, 0, 2]);
    const frame = encodeFrame({
      source: ADDRESS_INVERTER,
      destination: ADDRESS_CLOUD,
      command: commandNumber('98'),
      data,
    });
    if (!frame.ok) throw new Error('test frame not built');
    const message = decodeMessage(frame.value, version);
    if (!message.ok) throw new Error('test frame does not decode');
    const row = fieldRows(message.value).find((r) => r.path === 'pcuVersion');
    expect([row?.raw, row?.display]).toEqual([raw, shown]);
  });
});

describe('replyFields', () => {
  it.each([
    ['en', 'PCU on/off'],
    ['de', 'PCU ein/aus'],
  ] as const)('decodes the reply hex again and names its fields in %s', async (lang, name) => {
    await messagesIn(lang);
    const { fields, error } = replyFields({ hex: ON_OFF_HEX, fields: SERVER_FIELDS, error: null }, 603);
    expect(error).toBeNull();
    expect(fields.find((r) => r.path === 'onOff')?.name).toBe(name);
  });

  it('keeps what the server sent when the hex is not a whole frame', () => {
    const reply = { hex: 'fe 55 64', fields: SERVER_FIELDS, error: 'truncated' };
    expect(replyFields(reply, 603)).toEqual({ fields: SERVER_FIELDS, error: 'truncated' });
  });

  it.each([
    ['en', 'Command 01 is unknown for PCU version 603'],
    ['cs', 'Příkaz 01 není pro verzi PCU 603 známý'],
  ] as const)('gives the codec error in %s for a frame that does not decode', async (lang, text) => {
    await messagesIn(lang);
    const { fields, error } = replyFields({ hex: UNKNOWN_COMMAND, fields: SERVER_FIELDS, error: null }, 603);
    expect(fields).toEqual([]);
    expect(error).toBe(text);
  });
});
