import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './spreadsheet.js';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+41 1234', `'+41 1234`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\r=1', `'\r=1`],
    ['Prague roof', 'Prague roof'],
    ['a=b', 'a=b'],
    ['', ''],
    [" 'quoted", " 'quoted"],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });

  it.each([[-5], [0], [12.5], [null], [true]])('leaves the non-text value %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });
});
