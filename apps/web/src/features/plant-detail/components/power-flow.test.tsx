import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { PlantOverview } from '@voltfleet/domain/plants';
import { renderWithProviders } from '@/test/render';
import { PowerFlow } from './power-flow';

const ZERO = { pvKwh: 0, loadKwh: 0, gridImportKwh: 0, gridExportKwh: 0, batChargeKwh: 0, batDischargeKwh: 0 };
const OVERVIEW: PlantOverview = {
  plantId: 3,
  name: 'Praha roof',
  timeZone: 'Europe/Prague',
  utcOffset: 'UTC+1',
  localTime: '2026-11-27 04:00:00',
  today: '2026-11-27',
  status: 'normal',
  power: {
    pvPowerW: 15_250,
    loadPowerW: 2400,
    gridPowerW: 800,
    batPowerW: -13_650,
    batSocPct: 41,
    readingAt: '2026-11-27T02:59:30.000Z',
    devicesReporting: 2,
  },
  energyToday: ZERO,
  earningsToday: { currency: 'CZK', amount: 0 },
};

const text = (id: string) => screen.getByTestId(id).textContent;

describe('plant detail power flow', () => {
  it('draws the overview’s live figures, directions and state of charge, and when they were read', async () => {
    await renderWithProviders(<PowerFlow overview={OVERVIEW} />, { lang: 'cs' });
    // Every figure the cards showed: PV, load, grid and battery with their direction, the SoC, the reading's time.
    // One unit for the whole graph, the largest figure's: 2,400 W beside 15.25 kW reads 2.4 kW.
    expect(text('energy-flow-pv-power')).toBe('15,25 kW');
    expect(text('energy-flow-load-power')).toBe('2,4 kW');
    expect(text('energy-flow-grid-power')).toBe('0,8 kW');
    expect(text('energy-flow-grid-state')).toBe(' · Odběr');
    expect(text('energy-flow-battery-power')).toBe('13,65 kW');
    expect(text('energy-flow-battery-state')).toBe(' · Nabíjení');
    expect(text('energy-flow-battery-soc')?.replace(/\s/g, ' ')).toBe('41 %');
    expect(text('detail-reading-at')).toContain('2026-11-27 03:59:30');
    // The six energies of today are the section below; the graph does not repeat them here.
    expect(screen.queryByTestId('energy-flow-pv-today')).toBeNull();
  });

  it.each<[Lang, PlantOverview['power'], string]>([
    ['de', { ...OVERVIEW.power, pvPowerW: 12_290, loadPowerW: 6981, gridPowerW: -5309, batPowerW: 0 }, 'kW'],
    ['en', { ...OVERVIEW.power, pvPowerW: 9_800, loadPowerW: 6981, gridPowerW: -2819, batPowerW: 0 }, 'W'],
    ['zh', { ...OVERVIEW.power, pvPowerW: 25_000_000, loadPowerW: 6981, gridPowerW: -24e6, batPowerW: 0 }, 'MW'],
  ])('shows every power in one unit (%s: %s)', async (lang, power, unit) => {
    await renderWithProviders(<PowerFlow overview={{ ...OVERVIEW, power }} />, { lang });
    const units = ['pv', 'load', 'grid', 'battery'].map((node) => text(`energy-flow-${node}-power`)?.split(' ').at(-1));
    expect(units).toEqual([unit, unit, unit, unit]);
  });

  it('says so when no device has reported', async () => {
    const overview = {
      ...OVERVIEW,
      power: { ...OVERVIEW.power, pvPowerW: null, gridPowerW: null, batSocPct: null, readingAt: null },
    };
    await renderWithProviders(<PowerFlow overview={overview} />);
    expect(text('detail-reading-at')).toBe('No device has reported in the last minutes');
    expect(text('energy-flow-pv-power')).toBe('—');
    expect(text('energy-flow-battery-soc')).toBe('—');
    expect(screen.getByTestId('energy-flow-grid-line').dataset.direction).toBe('none');
  });
});
