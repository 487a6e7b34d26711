import { describe, expect, it } from 'vitest';
import type { CommandDevice } from '@voltfleet/domain/commands';
import { tariffSource, type TariffSource } from './tariff-source';

const dev = (sn: string, plantId: number | null, plantName: string | null): CommandDevice => ({
  id: sn.length,
  sn,
  model: '10K',
  plantId,
  plantName,
  runningStatus: 'online',
  protocol: 'mqtt',
});

describe('tariffSource: the one plant whose tariff the form may load', () => {
  it.each<[string, CommandDevice[], boolean, TariffSource]>([
    ['nothing selected', [], true, { ok: false, reason: 'noDevice' }],
    ['without module A', [dev('A1', 1, 'Roof')], false, { ok: false, reason: 'noPermission' }],
    ['one device', [dev('A1', 1, 'Roof')], true, { ok: true, plantId: 1, plantName: 'Roof' }],
    [
      'two devices of one plant',
      [dev('A1', 1, 'Roof'), dev('A22', 1, 'Roof')],
      true,
      { ok: true, plantId: 1, plantName: 'Roof' },
    ],
    [
      'a device without a plant',
      [dev('A1', 1, 'Roof'), dev('B22', null, null)],
      true,
      { ok: false, reason: 'noPlant', sn: 'B22' },
    ],
    [
      'devices of two plants',
      [dev('A1', 1, 'Roof'), dev('B22', 2, 'Barn')],
      true,
      { ok: false, reason: 'differentPlants', plants: 'Roof, Barn' },
    ],
  ])('%s', (_name, devices, canRead, expected) => {
    expect(tariffSource(devices, canRead)).toEqual(expected);
  });
});
