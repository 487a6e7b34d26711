import { describe, expect, test } from 'vitest';
import { ALARM_STATUS_MAX_RANK, severityRank } from './alarms/index.js';
import { severityOfRank } from './active-alarms.js';
import { activeAlarmsSchema } from './active-alarms-schemas.js';

describe('active alarms of a list row', () => {
  test.each([
    [0, 'critical'],
    [1, 'major'],
    [2, 'minor'],
    [3, 'warning'],
    [null, null],
    [undefined, null],
    [7, null],
  ] as const)('severity_rank %s is %s', (rank, severity) => {
    expect(severityOfRank(rank)).toBe(severity);
  });

  test('reads back what severityRank stores, and major is the last rank that means alarm', () => {
    for (const severity of ['critical', 'major', 'minor', 'warning'] as const) {
      expect(severityOfRank(severityRank(severity))).toBe(severity);
    }
    expect(severityOfRank(ALARM_STATUS_MAX_RANK)).toBe('major');
  });

  test('the schema takes a count and the most severe, or none', () => {
    expect(activeAlarmsSchema.safeParse({ count: 0, maxSeverity: null }).success).toBe(true);
    expect(activeAlarmsSchema.safeParse({ count: 3, maxSeverity: 'minor' }).success).toBe(true);
    expect(activeAlarmsSchema.safeParse({ count: -1, maxSeverity: null }).success).toBe(false);
    expect(activeAlarmsSchema.safeParse({ count: 1, maxSeverity: 'fatal' }).success).toBe(false);
  });
});
