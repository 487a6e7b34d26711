import { describe, expect, test } from 'vitest';
import type { CommandDevice } from '@voltfleet/domain/commands';
import { summarise, withDevices, withoutDevices } from './selection';

const device = (id: number, model: string, plantName: string | null): CommandDevice => ({
  id,
  sn: `VF${model}${String(id).padStart(4, '0')}`,
  model,
  plantId: plantName === null ? null : plantName.length,
  plantName,
  runningStatus: 'online',
  protocol: 'mqtt',
});

describe('summarise', () => {
  test('counts the devices, their plants (largest first) and models; devices without a plant apart', () => {
    const summary = summarise([
      device(1, '10K', 'Roof'),
      device(2, '5K', 'Barn'),
      device(3, '10K', 'Roof'),
      device(4, '6K', null),
      device(5, '10K', 'Barn'),
      device(6, '10K', 'Roof'),
    ]);
    expect(summary).toEqual({
      count: 6,
      plants: [
        { name: 'Roof', count: 3 },
        { name: 'Barn', count: 2 },
      ],
      unassigned: 1,
      models: [
        { name: '10K', count: 4 },
        { name: '5K', count: 1 },
        { name: '6K', count: 1 },
      ],
    });
  });

  test('an empty selection', () => {
    expect(summarise([])).toEqual({ count: 0, plants: [], unassigned: 0, models: [] });
  });
});

describe('changing the selection', () => {
  const a = device(1, '10K', 'Roof');
  const b = device(2, '5K', 'Barn');
  const c = device(3, '6K', null);

  test('adds each device once, keeping the order first chosen', () => {
    expect(withDevices([a, b], [b, c, a]).map((d) => d.id)).toEqual([1, 2, 3]);
  });

  test('removes the given devices only', () => {
    expect(withoutDevices([a, b, c], [b]).map((d) => d.id)).toEqual([1, 3]);
  });
});
