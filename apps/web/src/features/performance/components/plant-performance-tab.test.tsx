import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PerformanceRow, PlantPerformance } from '@voltfleet/domain/performance';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import { PlantPerformanceTab } from './plant-performance-tab';

const row = (period: string, fields: Partial<PerformanceRow> = {}): PerformanceRow => ({
  period,
  actualKwh: 40,
  poaKwhM2: 5.5,
  clearSkyPoaKwhM2: 6.5,
  expectedKwh: 44,
  pr: 0.727,
  specificYieldKwhKwp: 4,
  source: 'openMeteo',
  days: 1,
  sunnyDays: 1,
  ...fields,
});

function performance(fields: Partial<PlantPerformance> = {}): PlantPerformance {
  return {
    plantId: 3,
    kwp: 10,
    designPr: 0.8,
    rows: [
      row('2026-03-12'),
      row('2026-03-13', { actualKwh: 12.5, poaKwhM2: 2, expectedKwh: 16, pr: 0.625, sunnyDays: 0 }),
      row('2026-03-14', { source: 'clearSky', poaKwhM2: 6.5, expectedKwh: 52, pr: 0.769, sunnyDays: 0 }),
    ],
    total: row('total', {
      actualKwh: 92.5,
      expectedKwh: 112,
      pr: 0.826,
      specificYieldKwhKwp: 9.25,
      source: 'mixed',
      days: 3,
      sunnyDays: 1,
    }),
    verdict: { state: 'under', baselinePr: 0.84, marginPct: 10, sunnyDays: 3 },
    ...fields,
  };
}

async function renderTab(permissions = ['A', 'C', 'C/A']) {
  const router = createMemoryRouter(
    [
      { path: '/plantCenter/plantList/:plantId', element: <PlantPerformanceTab plantId={3} today="2026-03-15" /> },
      { path: '/alarmCenter/alarmSearch', element: <p>alarm search</p> },
    ],
    { initialEntries: ['/plantCenter/plantList/3?tab=performance'] },
  );
  const rendered = await renderWithProviders(<RouterProvider router={router} />, { me: testMe(permissions) });
  return { ...rendered, router };
}

const queryOf = (call: { query: URLSearchParams } | undefined) => Object.fromEntries(call?.query ?? []);

describe('the plant Performance tab', () => {
  it('asks for the last 30 complete days and shows the rows, the total, the verdict and the sources', async () => {
    const api = fakeApi({ 'GET /api/plants/3/performance': ok(performance()) });
    const { user, router } = await renderTab();

    const rows = await screen.findByTestId('performance-rows', {}, { timeout: 5000 });
    expect(queryOf(api.callsTo('GET /api/plants/3/performance')[0])).toEqual({
      granularity: 'day',
      from: '2026-02-13',
      to: '2026-03-14',
    });
    expect(
      within(rows)
        .getAllByTestId(/^performance-row-/)
        .map((r) => r.dataset.testid),
    ).toEqual([
      'performance-row-2026-03-12',
      'performance-row-2026-03-13',
      'performance-row-2026-03-14',
      'performance-row-total',
    ]);
    expect(screen.getByTestId('performance-pr-2026-03-13')).toHaveTextContent('62.5%');
    const total = screen.getByTestId('performance-row-total');
    expect(total).toHaveTextContent('Total');
    expect(total).toHaveTextContent('92.5');
    expect(total).toHaveTextContent('82.6%');
    expect(total).toHaveTextContent('1 of 3 days sunny');
    expect(screen.getByTestId('performance-row-2026-03-12')).toHaveTextContent('Sunny');
    expect(screen.getByTestId('performance-row-2026-03-13')).toHaveTextContent('Cloudy');

    // The clear-sky day is marked, and the span says plainly what its ratios are worth.
    expect(screen.getByTestId('performance-source-2026-03-14')).toHaveTextContent('Clear-sky model');
    expect(screen.getByTestId('performance-source-2026-03-12')).toHaveTextContent('Open-Meteo irradiance');
    expect(screen.getByTestId('performance-clear-sky')).toHaveTextContent(/upper bound .* without any clouds/);
    expect(screen.getByTestId('performance-clear-sky')).toHaveTextContent(/indicative only/);
    expect(screen.getByTestId('performance-source')).toHaveTextContent('Mixed sources');
    expect(screen.getByTestId('performance-basis')).toHaveTextContent('Installed power 10 kWp · design PR 80%');

    const verdict = screen.getByTestId('performance-verdict');
    expect(verdict).toHaveAttribute('data-state', 'under');
    expect(verdict).toHaveTextContent(
      'Under its baseline on the last 3 sunny days: PR more than 10% below the baseline of 84%.',
    );
    expect(screen.getByTestId('performance-energy-chart')).toBeInTheDocument();
    await user.click(screen.getByTestId('performance-verdict-alarms'));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/alarmCenter/alarmSearch?plantId=3&state=active&group=performance',
    );
  }, 20_000);

  it('marks a span of clear-sky days only as an indicative upper bound, and offers no alarm link without the search', async () => {
    const clear = performance({
      rows: [row('2026-03', { source: 'clearSky', days: 31, sunnyDays: 0 })],
      total: row('total', { source: 'clearSky', days: 31, sunnyDays: 0 }),
      verdict: { state: 'unknown', baselinePr: null, marginPct: 10, sunnyDays: 0 },
    });
    const api = fakeApi({ 'GET /api/plants/3/performance': ok(clear) });
    const { user } = await renderTab(['A']);
    await screen.findByTestId('performance-rows', {}, { timeout: 5000 });

    await user.click(screen.getByTestId('performance-granularity-month'));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /api/plants/3/performance').at(-1))).toEqual({
        granularity: 'month',
        from: '2025-04-01',
        to: '2026-03-31',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('performance-row-2026-03')).toHaveTextContent('0 of 31 days sunny'));
    expect(screen.getByTestId('performance-clear-sky')).toHaveTextContent('Clear-sky model');
    expect(screen.queryByTestId('performance-source')).toBeNull();
    expect(screen.getByTestId('performance-verdict')).toHaveTextContent(/Not judged yet/);
    expect(screen.queryByTestId('performance-verdict-alarms')).toBeNull();
  }, 20_000);

  it('says so when the figures cannot be read, and reads them again on request', async () => {
    let fail = true;
    fakeApi({
      'GET /api/plants/3/performance': () => (fail ? refused(500, 'error', 'boom') : ok(performance())),
    });
    const { user } = await renderTab();
    expect(await screen.findByTestId('performance-failed', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('performance-rows')).toBeInTheDocument();
  }, 20_000);
});
