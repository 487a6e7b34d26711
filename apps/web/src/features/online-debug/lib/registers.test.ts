import { describe, expect, it } from 'vitest';
import { parseRegisterList } from './registers';

describe('parseRegisterList', () => {
  it.each([
    ['hex and decimal with commas', '0x1000, 4097', [0x1000, 4097]],
    ['spaces and line breaks', '1 2\n3', [1, 2, 3]],
    ['the largest register', '0xffff', [0xffff]],
    ['nothing', '  ', []],
  ])('reads %s', (_name, text, expected) => {
    expect(parseRegisterList(text)).toEqual(expected);
  });

  it.each([
    ['a word', 'abc'],
    ['a negative number', '-1'],
    ['a number above 16 bits', '0x10000'],
    ['a fraction', '1.5'],
  ])('refuses %s', (_name, text) => {
    expect(parseRegisterList(text)).toBeNull();
  });
});
