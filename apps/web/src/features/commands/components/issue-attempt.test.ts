import { describe, expect, it } from 'vitest';
import { attemptFor } from './issue-attempt';

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('attemptFor', () => {
  it('makes a fresh key when nothing is pending', () => {
    expect(attemptFor(null, { kind: 'clockSync', deviceIds: [1] }, keys()).key).toBe('key-1');
  });

  it('keeps the pending key for the same request again (a double click)', () => {
    const fresh = keys();
    const first = attemptFor(null, { kind: 'clockSync', deviceIds: [1] }, fresh);
    expect(attemptFor(first, { kind: 'clockSync', deviceIds: [1] }, fresh)).toBe(first);
  });

  it.each([
    ['another command', { kind: 'powerOn', deviceIds: [1] }],
    ['another selection', { kind: 'clockSync', deviceIds: [1, 2] }],
    ['another value', { kind: 'clockSync', deviceIds: [1], value: 3 }],
  ])('makes a fresh key for %s', (_name, request) => {
    const fresh = keys();
    const first = attemptFor(null, { kind: 'clockSync', deviceIds: [1] }, fresh);
    expect(attemptFor(first, request, fresh).key).toBe('key-2');
  });
});
