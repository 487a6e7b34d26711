import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DeviceRankingRow, PlantRankingRow } from '@voltfleet/domain/performance';
import { fakeApi, ok } from '@/test/fake-api';
import { asPhone } from '@/test/phone';
import { renderWithProviders, testMe } from '@/test/render';
import FleetPerformancePage from './fleet-performance-page';

const plantRow = (plantId: number, plantName: string, pr: number | null): PlantRankingRow => ({
  plantId,
  plantName,
  kwp: 10,
  actualKwh: 300,
  expectedKwh: 400,
  pr,
  specificYieldKwhKwp: 30,
  source: pr === null ? null : 'openMeteo',
  activePerformanceAlarms: plantId === 5 ? 1 : 0,
});

const deviceRow = (deviceId: number, sn: string, siblingRatio: number | null): DeviceRankingRow => ({
  deviceId,
  sn,
  model: 'VF10K',
  plantId: 5,
  plantName: 'Brno hall',
  actualKwh: 100,
  siblingMedianKwh: 150,
  siblingRatio,
  siblings: siblingRatio === null ? 0 : 2,
  activePerformanceAlarms: 0,
});

// Worst first, as the server ranks them; the page keeps the order it is given.
const PLANTS = [plantRow(5, 'Brno hall', 0.612), plantRow(3, 'Praha roof', 0.83), plantRow(8, 'Aš field', null)];
const DEVICES = [deviceRow(101, 'VF10K240001', 0.66), deviceRow(102, 'VF10K240002', 1.02)];
const page = <T,>(rows: T[]) => ({ rows, total: rows.length, page: 1, pageSize: 15 });
const queryOf = (call: { query: URLSearchParams } | undefined) => Object.fromEntries(call?.query ?? []);

async function renderPage(url: string, permissions = ['A', 'B', 'B/A', 'C', 'C/A']) {
  const router = createMemoryRouter(
    [
      { path: '/plantCenter/plantPerformance', element: <FleetPerformancePage /> },
      { path: '/plantCenter/plantList/:plantId', element: <p>plant detail</p> },
      { path: '/deviceCenter/deviceList/:deviceId', element: <p>device detail</p> },
    ],
    { initialEntries: [url] },
  );
  const rendered = await renderWithProviders(<RouterProvider router={router} />, { me: testMe(permissions) });
  return { ...rendered, router };
}

describe('the fleet Performance page', () => {
  it('ranks the plants worst first as given and opens a plant on its Performance tab', async () => {
    const api = fakeApi({ 'GET /api/performance/plants': ok(page(PLANTS)) });
    const { user, router } = await renderPage('/plantCenter/plantPerformance?from=2026-02-13&to=2026-03-14&q=a');

    const list = await screen.findByTestId('ranking-plants', {}, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByTestId(/^ranking-plants-row-/)).toHaveLength(3));
    expect(queryOf(api.callsTo('GET /api/performance/plants')[0])).toEqual({
      from: '2026-02-13',
      to: '2026-03-14',
      q: 'a',
      page: '1',
      pageSize: '15',
    });
    const rows = within(list).getAllByTestId(/^ranking-plants-row-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual([
      'ranking-plants-row-5',
      'ranking-plants-row-3',
      'ranking-plants-row-8',
    ]);
    expect(rows[0]).toHaveTextContent(/^1Brno hall61\.2%/);
    expect(screen.getByTestId('ranking-plant-pr-8')).toHaveTextContent('—');
    expect(screen.getByTestId('ranking-plant-alarms-5')).toHaveAttribute(
      'href',
      '/alarmCenter/alarmSearch?plantId=5&state=active&group=performance',
    );

    await user.click(screen.getByTestId('ranking-plant-link-5'));
    expect(await screen.findByText('plant detail')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/plantCenter/plantList/5?tab=performance',
    );
  }, 20_000);

  it('ranks the inverters against their siblings and opens one', async () => {
    const api = fakeApi({
      'GET /api/performance/plants': ok(page(PLANTS)),
      'GET /api/performance/devices': ok(page([...DEVICES, deviceRow(103, 'VF5K240003', null)])),
    });
    const { user, router } = await renderPage('/plantCenter/plantPerformance?from=2026-02-13&to=2026-03-14');
    await screen.findByTestId('ranking-plants-row-5', {}, { timeout: 5000 });

    await user.click(screen.getByTestId('performance-view-devices'));
    const first = await screen.findByTestId('ranking-devices-row-101');
    expect(router.state.location.search).toBe('?view=devices&from=2026-02-13&to=2026-03-14');
    expect(queryOf(api.callsTo('GET /api/performance/devices')[0])).toMatchObject({
      from: '2026-02-13',
      to: '2026-03-14',
    });
    expect(first).toHaveTextContent('66%');
    expect(screen.getByTestId('ranking-device-ratio-103')).toHaveTextContent('No inverter of the same model');
    await user.click(screen.getByTestId('ranking-device-link-101'));
    expect(await screen.findByText('device detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deviceCenter/deviceList/101');
  }, 20_000);

  it('exports the ranking shown with the same span and search', async () => {
    fakeApi({
      'GET /api/performance/plants': ok(page(PLANTS)),
      'GET /api/performance/devices': ok(page(DEVICES)),
    });
    const served = globalThis.fetch;
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://voltfleet.test');
      if (!url.pathname.endsWith('/export')) return served(input, init);
      exports.push(url);
      return new Response('sheet', { headers: { 'Content-Type': 'text/csv' } });
    });
    const saved = vi.fn();
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:ranking';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download);
    });
    const { user } = await renderPage('/plantCenter/plantPerformance?from=2026-01-01&to=2026-01-31&q=Brno&page=2');
    await screen.findByTestId('ranking-plants-row-5', {}, { timeout: 5000 });

    await user.click(screen.getByTestId('performance-export-xlsx'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await user.click(screen.getByTestId('performance-view-devices'));
    await screen.findByTestId('ranking-devices-row-101');
    await user.click(screen.getByTestId('performance-export-csv'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(exports.map((u) => [u.pathname, Object.fromEntries(u.searchParams)])).toEqual([
      ['/api/performance/plants/export', { from: '2026-01-01', to: '2026-01-31', q: 'Brno', format: 'xlsx' }],
      ['/api/performance/devices/export', { from: '2026-01-01', to: '2026-01-31', q: 'Brno', format: 'csv' }],
    ]);
    expect(saved.mock.calls.map(([name]) => String(name))).toEqual([
      expect.stringMatching(/^plant-performance-\d{4}-\d{2}-\d{2}\.xlsx$/),
      expect.stringMatching(/^inverter-performance-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
  }, 20_000);

  it('shows a card per plant on a phone, its heading opening the plant', async () => {
    asPhone();
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    fakeApi({ 'GET /api/performance/plants': ok(page(PLANTS)) });
    const { user, router } = await renderPage('/plantCenter/plantPerformance?from=2026-02-13&to=2026-03-14');
    const card = await screen.findByTestId('ranking-plants-row-5', {}, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByTestId('ranking-plants-open-5')).toHaveTextContent('1. Brno hall');
    expect(within(card).getByTestId('ranking-plant-pr-5')).toHaveTextContent('61.2%');
    await user.click(within(card).getByTestId('ranking-plants-open-5'));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/plantCenter/plantList/5?tab=performance',
    );
  }, 20_000);
});
