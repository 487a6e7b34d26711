import { describe, expect, test } from 'vitest';
import { FINAL_COMMAND_STATUSES, type Command } from '@voltfleet/domain/commands';
import { type LiveMessage } from '@voltfleet/domain/device-list';
import { CommandStatusMemory, applyCommandStatus, movesForward, withFetched, withIssued } from './command-live';

/** The stored finishing time a final status message carries. */
const FINISHED = '2025-01-01T00:00:07.000Z';

const command = (id: number, status: Command['status']): Command => ({
  id,
  deviceId: 7,
  deviceSn: 'VF10K0001',
  plantName: null,
  plantTimeZone: null,
  userId: 1,
  username: 'u',
  ip: null,
  kind: 'workMode',
  category: 'parameter',
  parameters: { workMode: 2 },
  status,
  reason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  sentAt: null,
  ackedAt: null,
  finishedAt: null,
  expiresAt: '2025-01-01T00:10:00.000Z',
});

describe('applyCommandStatus', () => {
  const list = [command(1, 'queued'), command(2, 'sent')];

  test.each<[string, LiveMessage]>([
    ['another message type', { type: 'hello', devices: 1 }],
    [
      'an unknown command',
      { type: 'commandStatus', commandId: 9, deviceId: 7, status: 'failed', reason: 'x', finishedAt: FINISHED },
    ],
    [
      'an unchanged status',
      { type: 'commandStatus', commandId: 2, deviceId: 7, status: 'sent', reason: null, finishedAt: null },
    ],
  ])('ignores %s', (_name, message) => {
    expect(applyCommandStatus(list, message)).toBe(list);
  });

  test('replaces the status, reason and finishing time of the command it names', () => {
    const next = applyCommandStatus(list, {
      type: 'commandStatus',
      commandId: 2,
      deviceId: 7,
      status: 'failed',
      reason: 'outOfRange',
      finishedAt: FINISHED,
    });
    expect(next.map((c) => [c.id, c.status, c.reason, c.finishedAt])).toEqual([
      [1, 'queued', null, null],
      [2, 'failed', 'outOfRange', FINISHED],
    ]);
  });
});

const heard = (commandId: number, status: Command['status'], reason: string | null = null): LiveMessage => ({
  type: 'commandStatus',
  commandId,
  deviceId: 7,
  status,
  reason,
  finishedAt: FINAL_COMMAND_STATUSES.includes(status) ? FINISHED : null,
});

describe('the lifecycle only moves forward', () => {
  test.each<[Command['status'], Command['status'], boolean]>([
    ['queued', 'sent', true],
    ['sent', 'succeeded', true],
    ['acknowledged', 'timed_out', true],
    ['succeeded', 'sent', false],
    ['failed', 'acknowledged', false],
    ['sent', 'queued', false],
    ['succeeded', 'failed', false],
  ])('%s → %s: %s', (current, next, expected) => {
    expect(movesForward(current, next)).toBe(expected);
  });

  test('a late "sent" does not put a succeeded command back', () => {
    const list = [command(1, 'succeeded')];
    expect(applyCommandStatus(list, heard(1, 'sent'))).toBe(list);
  });
});

describe('statuses heard before the issue answer', () => {
  test('a command that succeeded before its issue answer arrived is listed as succeeded, not queued', () => {
    const memory = new CommandStatusMemory();
    memory.hear(heard(5, 'sent'));
    memory.hear(heard(5, 'succeeded'));
    // A late "sent" (another process, a slower path) changes nothing.
    memory.hear(heard(5, 'sent'));
    memory.hear(heard(6, 'failed', 'readBackMismatch'));
    const list = withIssued([command(1, 'queued')], [command(5, 'queued'), command(6, 'queued')], memory);
    expect(list.map((c) => [c.id, c.status, c.reason, c.finishedAt])).toEqual([
      [5, 'succeeded', null, FINISHED],
      [6, 'failed', 'readBackMismatch', FINISHED],
      [1, 'queued', null, null],
    ]);
  });

  test('an answer newer than what was heard keeps its own status; a repeated issue answer replaces its row', () => {
    const memory = new CommandStatusMemory();
    memory.hear(heard(5, 'sent'));
    const once = withIssued([], [command(5, 'acknowledged')], memory);
    expect(once.map((c) => c.status)).toEqual(['acknowledged']);
    // The same idempotency key answered again lists the command once.
    expect(withIssued(once, [command(5, 'acknowledged')], memory)).toHaveLength(1);
  });

  test('forgets the oldest statuses beyond its limit', () => {
    const memory = new CommandStatusMemory(2);
    memory.hear(heard(1, 'succeeded'));
    memory.hear(heard(2, 'succeeded'));
    memory.hear(heard(3, 'succeeded'));
    const settled = memory.settle([command(1, 'queued'), command(2, 'queued'), command(3, 'queued')]);
    expect(settled.map((c) => c.status)).toEqual(['queued', 'succeeded', 'succeeded']);
  });

  test('ignores other live messages', () => {
    const memory = new CommandStatusMemory();
    memory.hear({ type: 'hello', devices: 1 });
    expect(memory.settle([command(1, 'queued')])[0]!.status).toBe('queued');
  });
});

describe('statuses fetched after the live socket was down', () => {
  test('replace earlier statuses only, and leave the list untouched when nothing moved', () => {
    const list = [command(1, 'sent'), command(2, 'succeeded')];
    const next = withFetched(list, [
      { ...command(1, 'failed'), reason: 'timeout', finishedAt: FINISHED },
      command(2, 'sent'),
    ]);
    expect(next.map((c) => [c.id, c.status, c.reason, c.finishedAt])).toEqual([
      [1, 'failed', 'timeout', FINISHED],
      [2, 'succeeded', null, null],
    ]);
    expect(withFetched(list, [command(2, 'succeeded')])).toBe(list);
  });
});
