import { describe, expect, it } from 'vitest';
import { monthEnd, planRetention, retentionCutoff } from './retention.js';
import type { ReadingPartition } from './retention.repository.js';

const part = (month: string, state: ReadingPartition['state'] = 'attached'): ReadingPartition => ({
  name: `readings_${month.replace('-', '_')}`,
  month,
  state,
});

describe('planRetention', () => {
  const cutoff = retentionCutoff(24, Date.UTC(2026, 10, 27)); // 2024-11-01
  const anchor = (deviceId: number, iso: string) => ({ deviceId, ts: new Date(iso) });

  it('drops months before the cut-off without anchors, trims those with anchors, leaves the window alone', () => {
    const plan = planRetention(
      [part('2024-09'), part('2024-10'), part('2024-11'), part('2026-11')],
      [anchor(1, '2024-10-31T23:59:59.999Z'), anchor(2, '2024-10-03T10:00:00Z')],
      cutoff,
    );
    expect(plan.drop.map((p) => p.month)).toEqual(['2024-09']);
    expect(plan.trim).toEqual([
      {
        partition: part('2024-10'),
        anchors: [anchor(1, '2024-10-31T23:59:59.999Z'), anchor(2, '2024-10-03T10:00:00Z')],
      },
    ]);
  });

  it('finishes partitions an interrupted purge left detached or detaching', () => {
    const plan = planRetention([part('2024-01', 'detached'), part('2024-02', 'detachPending')], [], cutoff);
    expect(plan.drop.map((p) => p.state)).toEqual(['detached', 'detachPending']);
    expect(plan.trim).toEqual([]);
  });

  it('a month ends where the next begins (December into January)', () => {
    expect(new Date(monthEnd('2024-12')).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(monthEnd('2024-10')).toBe(cutoff);
  });
});
