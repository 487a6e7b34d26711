import { describe, expect, test } from 'vitest';
import type { CommandStatus } from '@voltfleet/domain/commands';
import { batchProgress } from './batch-progress';

const of = (...statuses: CommandStatus[]) => statuses.map((status) => ({ status }));

describe('batchProgress', () => {
  test('counts each status of the lifecycle, in its order, and the finished ones', () => {
    const progress = batchProgress(of('succeeded', 'queued', 'failed', 'sent', 'succeeded', 'timed_out', 'expired'));
    expect(progress).toEqual({
      total: 7,
      finished: 5,
      counts: [
        { status: 'queued', count: 1 },
        { status: 'sent', count: 1 },
        { status: 'succeeded', count: 2 },
        { status: 'failed', count: 1 },
        { status: 'timed_out', count: 1 },
        { status: 'expired', count: 1 },
      ],
    });
  });

  test('an acknowledged command is not finished yet', () => {
    expect(batchProgress(of('acknowledged', 'acknowledged'))).toEqual({
      total: 2,
      finished: 0,
      counts: [{ status: 'acknowledged', count: 2 }],
    });
  });

  test('an empty batch', () => {
    expect(batchProgress([])).toEqual({ total: 0, finished: 0, counts: [] });
  });
});
