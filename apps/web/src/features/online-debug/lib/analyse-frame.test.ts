import { beforeEach, describe, expect, it } from 'vitest';
import { buildOnOff, decodeMessage, toHex } from '@voltfleet/osim';
import { messagesIn } from '@/test/texts';
import { analyseFrame, parseHexInput } from './analyse-frame';

// The codec's errors read in the UI's language (the catalogue's `osim` namespace).
beforeEach(() => messagesIn('en'));

const QUERY_0A = 'fe 55 64 14 0a 00 00 de ae';

describe('parseHexInput', () => {
  it.each([
    ['spaces', 'fe 55 64 14 0a 00 00 de ae', 9],
    ['no separators', 'fe5564140a0000deae', 9],
    ['line breaks and tabs', 'fe 55 64\n14 0a\t00\r\n00 de ae', 9],
    ['upper case with 0x prefixes and commas', '0xFE, 0x55, 0x64, 0x14, 0x0A, 0x00, 0x00, 0xDE, 0xAE', 9],
    ['colons', 'fe:55:64', 3],
  ])('reads %s', (_name, text, length) => {
    const parsed = parseHexInput(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.bytes.length).toBe(length);
  });

  it.each([
    ['an empty text', ''],
    ['only spaces and line breaks', '  \n\t '],
  ])('calls %s empty', (_name, text) => {
    expect(parseHexInput(text)).toEqual({ ok: false, reason: 'empty' });
  });

  it.each([
    ['a non-hex character', 'fe 55 zz', 'en', 'hex'],
    ['an odd number of digits', 'fe 5', 'en', 'hex'],
    ['an odd number of digits, in Czech', 'fe 5', 'cs', 'hex'],
  ])('refuses %s with a localised error', async (_name, text, lang, fragment) => {
    await messagesIn(lang as 'en' | 'cs');
    const parsed = parseHexInput(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok && 'error' in parsed) expect(parsed.error).toContain(fragment);
    else throw new Error('expected an error');
  });
});

const bytesOf = (text: string) => {
  const parsed = parseHexInput(text);
  if (!parsed.ok) throw new Error('bad test input');
  return parsed.bytes;
};

describe('analyseFrame', () => {
  it('decodes the 0A query request with a good checksum', () => {
    const a = analyseFrame(bytesOf(QUERY_0A), 'auto');
    expect(a).toMatchObject({ checksum: { verdict: 'ok' }, command: '0A', error: null });
    expect(a.message?.direction).toBe('request');
    expect(a.message?.payload).toBeUndefined();
  });

  it('reports a bad checksum with the expected and the actual byte', () => {
    const a = analyseFrame(bytesOf('fe 55 64 14 0a 00 00 df ae'), 'auto');
    expect(a.checksum).toEqual({ verdict: 'bad', expected: 0xde, actual: 0xdf });
    expect(a.command).toBe('0A');
    expect(a.error).toBe('Bad checksum: expected de, got df');
    expect(a.message).toBeNull();
  });

  it('reports the bad checksum in German', async () => {
    await messagesIn('de');
    expect(analyseFrame(bytesOf('fe 55 64 14 0a 00 00 df ae'), 603).error).toBe(
      'Falsche Prüfsumme: erwartet de, erhalten df',
    );
  });

  it.each([
    ['a truncated frame', 'fe 55 64 14 0a', 'Truncated frame: '],
    ['a wrong start', 'fa 55 64 14 0a 00 00 de ae', 'Bad frame start: expected FE 55, got '],
    ['a wrong end byte', 'fe 55 64 14 0a 00 00 de af', 'Bad end byte: expected AE, got af'],
  ])('gives a precise error for %s, never a value', (_name, text, error) => {
    const a = analyseFrame(bytesOf(text), 'auto');
    expect(a.message).toBeNull();
    expect(a.error).toContain(error);
    expect(a.error).not.toMatch(/\{\{|osim\./);
    expect(a.checksum.verdict).not.toBe('ok');
  });

  it('names an unknown command in a frame whose checksum is right', () => {
    const a = analyseFrame(bytesOf('fe 55 64 14 01 00 00 d5 ae'), 'auto');
    expect(a).toMatchObject({ checksum: { verdict: 'ok' }, command: '01', message: null });
    expect(a.error).toBe('Command 01 is unknown for PCU version 603');
  });

  it('decodes a frame with data field by field with offsets that match its bytes', () => {
    const frame = buildOnOff(true, 603);
    if (!frame.ok) throw new Error('test frame not built');
    const a = analyseFrame(frame.value, 603);
    expect(a.error).toBeNull();
    const fields = a.message?.payload?.fields ?? [];
    expect(fields.length).toBeGreaterThan(0);
    const hex = toHex(frame.value).split(' ');
    for (const f of fields)
      expect(f.raw.replace(/ /g, '')).toBe(hex.slice(7 + f.offset, 7 + f.offset + f.length).join(''));
    // The same values as the codec decodes on its own.
    const direct = decodeMessage(frame.value, 603);
    expect(direct.ok && direct.value.payload?.values).toEqual(a.message?.payload?.values);
  });

  it('decodes with the chosen version', () => {
    expect(analyseFrame(bytesOf(QUERY_0A), 252).version).toBe(252);
  });
});
