import { describe, expect, test } from 'vitest';
import type { Command, LiveMessage } from '@voltfleet/domain';
import { applyCommandStatus } from './command-live';

const command = (id: number, status: Command['status']): Command => ({
  id,
  deviceId: 7,
  deviceSn: 'VF10K0001',
  plantName: null,
  userId: 1,
  username: 'u',
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
    ['an unknown command', { type: 'commandStatus', commandId: 9, deviceId: 7, status: 'failed', reason: 'x' }],
    ['an unchanged status', { type: 'commandStatus', commandId: 2, deviceId: 7, status: 'sent', reason: null }],
  ])('ignores %s', (_name, message) => {
    expect(applyCommandStatus(list, message)).toBe(list);
  });

  test('replaces the status and reason of the command it names', () => {
    const next = applyCommandStatus(list, {
      type: 'commandStatus',
      commandId: 2,
      deviceId: 7,
      status: 'failed',
      reason: 'outOfRange',
    });
    expect(next.map((c) => [c.id, c.status, c.reason])).toEqual([
      [1, 'queued', null],
      [2, 'failed', 'outOfRange'],
    ]);
  });
});
