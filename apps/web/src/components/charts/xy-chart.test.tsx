import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import { renderWithProviders } from '@/test/render';
import { BarChart, LineChart } from './xy-chart';

const WIDTH = 600;
const LABELS = ['Jan', 'Feb', 'Mar', 'Apr'];

/** The chart measures its box: jsdom lays nothing out, so the box is given a width (and a place for the hover). */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: WIDTH,
    height: 280,
    right: WIDTH,
    bottom: 280,
    toJSON: () => ({}),
  });
});
afterEach(() => vi.restoreAllMocks());

const ticks = () => screen.getAllByTestId('chart-tick').map((t) => t.textContent?.replace(/\s/g, ' '));
const unit = () => screen.getByTestId('chart-unit').textContent;
/** Hovers slot `index` of the four and reads the tooltip's value of series `key`. */
function tooltipAt(index: number, key: string) {
  const plotWidth = WIDTH - 64 - 12;
  fireEvent.mouseMove(screen.getByTestId('chart-hover'), { clientX: ((index + 0.5) * plotWidth) / LABELS.length });
  return screen.getByTestId(`chart-tooltip-${key}`).querySelector('[data-value]')?.textContent?.replace(/\s/g, ' ');
}

describe('XY chart value axis', () => {
  it.each<[string, Lang, string, number[], string, string[], [number, string]]>([
    [
      'kWh below 10,000 stays kWh',
      'en',
      'kWh',
      [1200, 8400, 5000, 3],
      'kWh',
      ['0', '2,000', '4,000', '6,000', '8,000', '10,000'],
      [1, '8,400 kWh'],
    ],
    [
      'kWh up to 25,000 reads MWh',
      'de',
      'kWh',
      [1234.5, 25_000, 18_000, 0],
      'MWh',
      ['0', '5', '10', '15', '20', '25'],
      [0, '1,23 MWh'],
    ],
    [
      'W of a plant reads kW in Czech',
      'cs',
      'W',
      [12_500, 4000, 0, 9000],
      'kW',
      ['0,0', '2,5', '5,0', '7,5', '10,0', '12,5'],
      [3, '9 kW'],
    ],
    [
      'MWh past 10,000 reads GWh',
      'zh',
      'kWh',
      [45_000_000, 1, 2, 3],
      'GWh',
      ['0', '10', '20', '30', '40', '50'],
      [0, '45 GWh'],
    ],
    [
      'counts keep their unit, with separators',
      'de',
      '',
      [12_000, 3, 0, 0],
      '',
      ['0', '2.500', '5.000', '7.500', '10.000', '12.500'],
      [0, '12.000'],
    ],
  ])('%s', async (_case, lang, base, values, shownUnit, shownTicks, [slot, tooltip]) => {
    await renderWithProviders(
      <BarChart labels={LABELS} series={[{ key: 's', name: 'S', values }]} unit={base} emptyText="none" decimals={0} />,
      { lang },
    );
    expect(unit()).toBe(shownUnit);
    expect(ticks()).toEqual(shownTicks);
    expect(tooltipAt(slot, 's')).toBe(tooltip);
  });

  it('follows the series shown: hiding the large one steps the unit back down', async () => {
    const { user } = await renderWithProviders(
      <LineChart
        labels={LABELS}
        series={[
          { key: 'big', name: 'Big', values: [30_000, 20_000, null, 10_000] },
          { key: 'small', name: 'Small', values: [500, 750, 1000, null] },
        ]}
        unit="W"
        emptyText="none"
        decimals={0}
      />,
    );
    expect(unit()).toBe('kW');
    expect(tooltipAt(1, 'small')).toBe('0.75 kW');
    expect(tooltipAt(2, 'big')).toBe('—');
    await user.click(screen.getByTestId('chart-legend-big'));
    expect(unit()).toBe('W');
    expect(ticks()).toContain('1,000');
    expect(tooltipAt(1, 'small')).toBe('750 W');
  });
});
