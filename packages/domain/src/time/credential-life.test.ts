import { describe, expect, it } from 'vitest';
import { credentialState, endOfLastDay } from './credential-life.js';

const NOW = Date.parse('2026-12-04T16:30:00Z');

describe('endOfLastDay', () => {
  it.each([
    ['today', '2026-12-04', 30, new Date('2026-12-05T00:00:00Z')],
    ['the last allowed day', '2027-01-03', 30, new Date('2027-01-04T00:00:00Z')],
    ['a day too far', '2027-01-04', 30, 'tooLate'],
    ['yesterday', '2026-12-03', 30, 'past'],
  ] as const)('%s', (_name, day, max, expected) => {
    expect(endOfLastDay(day, NOW, max)).toEqual(expected);
  });
});

describe('credentialState', () => {
  it.each([
    ['revoked before it expired', new Date(NOW - 1), new Date(NOW + 1000), 'revoked'],
    ['revoked after it expired', new Date(NOW - 1), new Date(NOW - 1000), 'revoked'],
    ['expired at this instant', null, new Date(NOW), 'expired'],
    ['still active', null, new Date(NOW + 1), 'active'],
  ] as const)('%s', (_name, revokedAt, expiresAt, expected) => {
    expect(credentialState(revokedAt, expiresAt, NOW)).toBe(expected);
  });
});
