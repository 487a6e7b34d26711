import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlantRealtime } from '@voltfleet/domain/plants';
import { renderWithProviders } from '@/test/render';
import { DetailedData } from './detailed-data';

type Group = PlantRealtime['devices'][number]['groups'][number];
const value = (key: string, unit: Group['values'][number]['unit'], decimals: number, v: number | null) => ({
  key,
  unit,
  decimals,
  value: v,
});

const REALTIME: PlantRealtime = {
  plantId: 3,
  timeZone: 'Europe/Prague',
  devices: [
    {
      id: 11,
      sn: 'INV0001',
      kind: 'inverter',
      model: '10K',
      runningStatus: 'online',
      ts: '2026-11-27T02:59:30.000Z',
      groups: [
        { group: 'pv', values: [value('pvPowerW', 'W', 0, 15_250), value('pvEnergyTotalKwh', 'kWh', 1, 12345.6)] },
        { group: 'grid', values: [value('gridFrequencyHz', 'Hz', 2, null), value('gridPowerW', 'W', 0, -800)] },
        { group: 'pcs', values: [value('pcsState', '', 0, 1), value('faultWord', '', 0, 4096)] },
      ],
    },
    { id: 12, sn: 'INV0002', kind: 'inverter', model: '5K', runningStatus: 'offline', ts: null, groups: [] },
  ],
};

const text = (id: string) => screen.getByTestId(id).textContent;

describe('plant detail: detailed data', () => {
  it('lists each device’s values by group, in the UI language with units, "—" for none, at the plant’s time', async () => {
    await renderWithProviders(<DetailedData realtime={REALTIME} />, { lang: 'de' });
    const pv = screen.getByTestId('detailed-group-INV0001-pv');
    // The group's heading and each field's label come from the domain's catalogue.
    expect(within(pv).getByText('PV')).toBeTruthy();
    expect(within(pv).getByText('PV-Leistung')).toBeTruthy();
    // Numbers as a device's real-time tab shows them: the catalogue's decimals, German separators, the unit.
    expect(text('detailed-INV0001-pvPowerW')).toBe('15.250 W');
    expect(text('detailed-INV0001-pvEnergyTotalKwh')).toBe('12.345,6 kWh');
    expect(text('detailed-INV0001-gridPowerW')).toBe('-800 W');
    expect(text('detailed-INV0001-gridFrequencyHz')).toBe('—');
    // A coded state by its label, a bit mask as its number.
    expect(text('detailed-INV0001-pcsState')).toBe('Netzbetrieb');
    expect(text('detailed-INV0001-faultWord')).toBe('4096');
    expect(within(screen.getByTestId('detailed-group-INV0001-grid')).getByText('Netz')).toBeTruthy();
    // The reading's time in the plant's zone (03:59:30 in Prague), and a device that never reported says so.
    expect(text('detailed-time-INV0001')).toBe('Gemessen 2026-11-27 03:59:30 UTC+1');
    expect(text('detailed-time-INV0002')).toBe('Noch keine Daten');
    expect(screen.getByTestId('detailed-device-INV0001').textContent).toContain('Wechselrichter INV0001');
  });

  it('says so when no device of the plant reports readings', async () => {
    await renderWithProviders(<DetailedData realtime={{ ...REALTIME, devices: [] }} />, { lang: 'zh' });
    expect(screen.getByTestId('detailed-empty').textContent).toContain('该电站没有上报数据的设备');
  });
});
