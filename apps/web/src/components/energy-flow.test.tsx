import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EnergyTotals, PowerFlow } from '@voltfleet/domain/plants';
import type { Lang } from '@voltfleet/domain/i18n';
import { renderWithProviders } from '@/test/render';
import { EnergyFlow } from './energy-flow';

const FLOW: PowerFlow = {
  pvPowerW: 3200,
  loadPowerW: 1450,
  gridPowerW: -1250,
  batPowerW: -500,
  batSocPct: 72.46,
  readingAt: '2026-11-27T03:00:00.000Z',
  devicesReporting: 2,
};
const TODAY: EnergyTotals = {
  pvKwh: 18.4,
  loadKwh: 9.25,
  gridImportKwh: 1.5,
  gridExportKwh: 12.5,
  batChargeKwh: 4,
  batDischargeKwh: 0,
};
const NONE: PowerFlow = {
  pvPowerW: null,
  loadPowerW: null,
  gridPowerW: null,
  batPowerW: null,
  batSocPct: null,
  readingAt: null,
  devicesReporting: 0,
};

const text = (id: string) => screen.getByTestId(id).textContent;
const line = (node: string) => screen.getByTestId(`energy-flow-${node}-line`);

async function draw(power: PowerFlow, options: { today?: EnergyTotals; lang?: Lang; theme?: 'dark' } = {}) {
  await renderWithProviders(<EnergyFlow power={power} energyToday={options.today} theme={options.theme} />, {
    lang: options.lang,
  });
  return screen.getByRole('img');
}

describe('energy flow', () => {
  it('shows each node’s live power, the direction words and the state of charge', async () => {
    await draw(FLOW);
    expect(text('energy-flow-pv-power')).toBe('3,200 W');
    expect(text('energy-flow-load-power')).toBe('1,450 W');
    expect(text('energy-flow-grid-power')).toBe('1,250 W');
    expect(text('energy-flow-grid-state')).toBe(' · Exporting');
    expect(text('energy-flow-battery-power')).toBe('500 W');
    expect(text('energy-flow-battery-state')).toBe(' · Charging');
    expect(text('energy-flow-battery-soc')).toBe('72.5%');
    expect(screen.queryByTestId('energy-flow-pv-today')).toBeNull();
  });

  it.each<[string, Partial<PowerFlow>, string, string, string]>([
    ['imports and discharges', { gridPowerW: 800, batPowerW: 1200 }, 'in', 'in', 'Importing|Discharging'],
    ['exports and charges', { gridPowerW: -800, batPowerW: -1200 }, 'out', 'out', 'Exporting|Charging'],
    ['is idle at zero', { gridPowerW: 0, batPowerW: 0 }, 'none', 'none', 'Idle|Idle'],
  ])('draws a plant that %s', async (_case, fields, grid, battery, words) => {
    await draw({ ...FLOW, ...fields });
    expect(line('grid').dataset.direction).toBe(grid);
    expect(line('battery').dataset.direction).toBe(battery);
    expect(`${text('energy-flow-grid-state')}|${text('energy-flow-battery-state')}`.replaceAll(' · ', '')).toBe(words);
    // PV flows into the inverter and the inverter feeds the load, whatever the grid and battery do.
    expect(line('pv').dataset.direction).toBe('in');
    expect(line('load').dataset.direction).toBe('out');
  });

  it('animates only the lines that carry power, thicker for more', async () => {
    await draw({ ...FLOW, gridPowerW: 0, batPowerW: 2_000_000 });
    expect(line('grid').dataset.animated).toBe('false');
    expect(line('grid').querySelector('.energy-flow-dots')).toBeNull();
    expect(line('grid').querySelector('.energy-flow-arrow')).toBeNull();
    expect(line('pv').dataset.animated).toBe('true');
    const dots = line('pv').querySelector<SVGPathElement>('.energy-flow-dots')!;
    expect(dots.style.animationDuration).toMatch(/^\d+(\.\d+)?s$/);
    expect(Number(line('battery').dataset.width)).toBeGreaterThan(Number(line('pv').dataset.width));
    expect(Number(line('pv').dataset.width)).toBeGreaterThan(Number(line('grid').dataset.width));
  });

  it('shows "—" and moves nothing when nothing is reported', async () => {
    const graph = await draw(NONE, { today: TODAY });
    for (const node of ['pv', 'load', 'grid', 'battery']) {
      expect(text(`energy-flow-${node}-power`)).toBe('—');
      expect(line(node).dataset.direction).toBe('none');
      expect(line(node).dataset.animated).toBe('false');
    }
    expect(text('energy-flow-battery-soc')).toBe('—');
    expect(screen.queryByTestId('energy-flow-grid-state')).toBeNull();
    expect(graph.textContent).not.toMatch(/NaN|undefined|null|Infinity/);
    expect(graph.getAttribute('aria-label')).toContain('Grid power not reported.');
  });

  it('never writes NaN for readings that are not numbers', async () => {
    const graph = await draw(
      { ...FLOW, pvPowerW: Number.NaN, gridPowerW: Number.POSITIVE_INFINITY, batSocPct: Number.NaN },
      { today: { ...TODAY, loadKwh: Number.NaN } },
    );
    expect(text('energy-flow-pv-power')).toBe('—');
    expect(text('energy-flow-grid-power')).toBe('—');
    expect(text('energy-flow-battery-soc')).toBe('—');
    expect(text('energy-flow-load-today')).toBe('—');
    expect(`${graph.textContent} ${graph.getAttribute('aria-label')}`).not.toMatch(/NaN|Infinity/);
    expect(graph.getAttribute('aria-label')).toContain('Battery charge level not reported.');
  });

  it('scales huge figures to readable units', async () => {
    await draw({ ...FLOW, pvPowerW: 12_345_678, gridPowerW: -9_876_543 }, { today: { ...TODAY, pvKwh: 123_456 } });
    expect(text('energy-flow-pv-power')).toBe('12.35 MW');
    expect(text('energy-flow-grid-power')).toBe('9.88 MW');
    expect(text('energy-flow-pv-today')).toBe('123.46 MWh');
    expect(Number(line('pv').dataset.width)).toBeLessThanOrEqual(9);
  });

  // Issue 36: "12.29 kW" beside "6,981 W" made the reader compare units before figures.
  it.each<[string, Lang, Partial<PowerFlow>, Record<string, string>]>([
    [
      'all in W while the largest is below 10 kW',
      'en',
      { pvPowerW: 9999, loadPowerW: 6981, gridPowerW: -12.4, batPowerW: 0 },
      { pv: '9,999 W', load: '6,981 W', grid: '12 W', battery: '0 W' },
    ],
    [
      'all in kW once one reaches 10 kW',
      'en',
      { pvPowerW: 12_290, loadPowerW: 6981, gridPowerW: -5309, batPowerW: 0 },
      { pv: '12.29 kW', load: '6.98 kW', grid: '5.31 kW', battery: '0 kW' },
    ],
    [
      'in kW by the largest even when it is a negative grid figure',
      'de',
      { pvPowerW: 800, loadPowerW: 3450, gridPowerW: 12_500, batPowerW: -1250 },
      { pv: '0,8 kW', load: '3,45 kW', grid: '12,5 kW', battery: '1,25 kW' },
    ],
    [
      'all in MW once one reaches 10 MW',
      'cs',
      { pvPowerW: 10_000_000, loadPowerW: 2_345_678, gridPowerW: -7_654_321, batPowerW: 250_000 },
      { pv: '10 MW', load: '2,35 MW', grid: '7,65 MW', battery: '0,25 MW' },
    ],
    [
      'in the unit of the reported ones when one is missing',
      'zh',
      { pvPowerW: 15_000, loadPowerW: null, gridPowerW: 1500, batPowerW: null },
      { pv: '15 kW', load: '—', grid: '1.5 kW', battery: '—' },
    ],
  ])('shows every power in one unit: %s', async (_case, lang, fields, shown) => {
    await draw({ ...FLOW, ...fields }, { lang });
    const figures = Object.fromEntries(
      Object.keys(shown).map((node) => [node, text(`energy-flow-${node}-power`)?.replace(/\s/g, ' ')]),
    );
    expect(figures).toEqual(shown);
    const units = new Set(Object.values(figures).flatMap((f) => (f === '—' ? [] : [f?.split(' ').at(-1)])));
    expect(units.size).toBe(1);
  });

  it.each([
    ['en', 'Today in: 19.9 kWh · out: 19.35 kWh · conversion and storage losses: 0.55 kWh (2.8%)'],
    ['de', 'Heute hinein: 19,9 kWh · hinaus: 19,35 kWh · Umwandlungs- und Speicherverluste: 0,55 kWh (2,8\u00a0%)'],
  ] as const)('states today’s balance, in and out with the losses between them (%s)', async (lang, expected) => {
    await draw(FLOW, { today: { ...TODAY, gridExportKwh: 6.1 }, lang });
    expect(text('energy-flow-balance')).toBe(expected);
  });

  it('states no balance without today’s energies or when nothing came in', async () => {
    await draw(FLOW);
    expect(screen.queryByTestId('energy-flow-balance')).toBeNull();
  });

  it('shows today’s energies in one unit, chosen by the largest', async () => {
    await draw(FLOW, { today: { ...TODAY, gridExportKwh: 12_345 }, lang: 'de' });
    expect(text('energy-flow-grid-export-today')?.replace(/\s/g, ' ')).toBe('12,35 MWh');
    expect(text('energy-flow-pv-today')?.replace(/\s/g, ' ')).toBe('0,02 MWh');
    expect(text('energy-flow-battery-charge-today')?.replace(/\s/g, ' ')).toBe('0 MWh');
  });

  it('lists today’s energies per node when given', async () => {
    await draw(FLOW, { today: TODAY });
    expect(text('energy-flow-pv-today')).toBe('18.4 kWh');
    expect(text('energy-flow-load-today')).toBe('9.25 kWh');
    expect(text('energy-flow-grid-import-today')).toBe('1.5 kWh');
    expect(text('energy-flow-grid-export-today')).toBe('12.5 kWh');
    expect(text('energy-flow-battery-charge-today')).toBe('4 kWh');
    expect(text('energy-flow-battery-discharge-today')).toBe('0 kWh');
  });

  it('says the flows in words for screen readers', async () => {
    const graph = await draw(FLOW, { today: TODAY });
    expect(graph.getAttribute('aria-label')).toBe(
      'Energy flow. PV generates 3,200 W. The load uses 1,450 W. 1,250 W exported to the grid. ' +
        'The battery charges at 500 W. Battery charged to 72.5%. Today: generated 18.4 kWh, consumed 9.25 kWh, ' +
        'imported 1.5 kWh, exported 12.5 kWh, charged 4 kWh, discharged 0 kWh.',
    );
  });

  it.each<[Lang, string, string]>([
    ['zh', '从电网购电', '1,250 W'],
    ['cs', 'Ze sítě se odebírá', '1 250 W'],
    ['de', 'Bezug aus dem Netz', '1.250 W'],
  ])('speaks %s', async (lang, words, figure) => {
    const graph = await draw({ ...FLOW, gridPowerW: 1250 }, { lang });
    expect(graph.getAttribute('aria-label')).toContain(words);
    expect(text('energy-flow-grid-power')?.replace(/\s/g, ' ')).toBe(figure);
  });

  it('keeps still when the user asks for reduced motion, with the direction still drawn', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const graph = await draw(FLOW);
    expect(graph.querySelectorAll('.energy-flow-dots')).toHaveLength(0);
    expect(line('pv').dataset.animated).toBe('false');
    expect(line('pv').dataset.direction).toBe('in');
    expect(line('pv').querySelector('.energy-flow-arrow')).not.toBeNull();
  });

  it('draws the dark variant for wall screens', async () => {
    await draw(FLOW, { theme: 'dark' });
    expect(screen.getByTestId('energy-flow')).toHaveClass('energy-flow-dark');
  });
});
