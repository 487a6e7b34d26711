import { describe, expect, it } from 'vitest';
import {
  COMMAND_STATUSES,
  COMMAND_TRANSITIONS,
  FINAL_COMMAND_STATUSES,
  OPEN_COMMAND_STATUSES,
  canMoveCommand,
  commandMovesForward,
  commandStage,
  commandStatusesBefore,
  type CommandStatus,
} from './command-lifecycle.js';

describe('the command lifecycle table', () => {
  it('derives the final and open statuses', () => {
    expect(FINAL_COMMAND_STATUSES).toEqual(['succeeded', 'failed', 'timed_out', 'expired']);
    expect(OPEN_COMMAND_STATUSES).toEqual(['queued', 'sent', 'acknowledged']);
  });

  it('moves forward on every transition except the unclaim', () => {
    const back: string[] = [];
    for (const from of COMMAND_STATUSES)
      for (const to of COMMAND_TRANSITIONS[from] as readonly CommandStatus[])
        if (commandStage(to) <= commandStage(from)) back.push(`${from}→${to}`);
    expect(back).toEqual(['sent→queued']);
  });

  it.each([
    ['succeeded', []],
    ['timed_out', ['sent', 'acknowledged']],
    ['expired', ['queued']],
    ['queued', ['sent']],
    ['acknowledged', ['queued', 'sent']],
  ] as const)('%s is reached from %j', (to, from) => {
    expect(commandStatusesBefore(to)).toEqual(expect.arrayContaining([...from]));
    expect(commandStatusesBefore(to)).toHaveLength(to === 'succeeded' ? 3 : from.length);
  });

  it.each([
    ['queued', 'sent', true, true],
    ['sent', 'queued', true, false],
    ['acknowledged', 'sent', false, false],
    ['succeeded', 'queued', false, false],
    ['queued', 'succeeded', true, true],
    ['queued', 'timed_out', false, true],
    // an unclaimed command can still expire
    ['sent', 'expired', false, true],
    ['acknowledged', 'expired', false, false],
    ['acknowledged', 'acknowledged', false, false],
  ] as const)('%s → %s: allowed %s, shown %s', (from, to, allowed, shown) => {
    expect(canMoveCommand(from, to)).toBe(allowed);
    expect(commandMovesForward(from, to)).toBe(shown);
  });
});
