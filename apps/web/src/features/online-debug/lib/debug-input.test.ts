import { describe, expect, it } from 'vitest';
import { debugInput, type ReadForm } from './debug-input';

const form = (patch: Partial<ReadForm>): ReadForm => ({
  mode: 'query',
  command: undefined,
  addresses: '',
  values: '',
  ...patch,
});

describe('debugInput', () => {
  it.each<[string, Partial<ReadForm>, unknown]>([
    ['a query command', { command: '0A' }, { kind: 'query', command: '0A' }],
    [
      'a register read in hex and decimal',
      { mode: 'registerRead', addresses: '0x1000, 4097' },
      {
        kind: 'registerRead',
        addresses: [0x1000, 4097],
      },
    ],
    [
      'a register write, one value per address',
      { mode: 'registerWrite', addresses: '0x10 0x11', values: '1, 0xff' },
      {
        kind: 'registerWrite',
        registers: [
          { address: 0x10, value: 1 },
          { address: 0x11, value: 0xff },
        ],
      },
    ],
  ])('builds %s', (_name, patch, expected) => {
    expect(debugInput(form(patch))).toEqual(expected);
  });

  it.each<[string, Partial<ReadForm>]>([
    ['a query without a command', {}],
    ['a register read without addresses', { mode: 'registerRead', addresses: '  ' }],
    ['a register read with a word', { mode: 'registerRead', addresses: '0x10 abc' }],
    ['a register above 16 bits', { mode: 'registerRead', addresses: '0x10000' }],
    ['a write with fewer values than addresses', { mode: 'registerWrite', addresses: '1 2', values: '7' }],
    ['a write with more values than addresses', { mode: 'registerWrite', addresses: '1', values: '7 8' }],
    ['a write with a negative value', { mode: 'registerWrite', addresses: '1', values: '-1' }],
    ['a write without values', { mode: 'registerWrite', addresses: '1' }],
  ])('refuses %s (never a half frame)', (_name, patch) => {
    expect(debugInput(form(patch))).toBeNull();
  });

  it('ignores typed registers in query mode', () => {
    expect(debugInput(form({ command: '0C', addresses: '0x10' }))).toEqual({ kind: 'query', command: '0C' });
  });
});
