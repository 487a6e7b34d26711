import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import type { PlantOverview, PlantRealtime } from '@voltfleet/domain/plants';
import { fakeApi, ok } from '@/test/fake-api';
import { alarmEvent, FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import { PlantDetailPage } from './plant-detail-page';

const ZERO = { pvKwh: 0, loadKwh: 0, gridImportKwh: 0, gridExportKwh: 0, batChargeKwh: 0, batDischargeKwh: 0 };

const OVERVIEW: PlantOverview = {
  plantId: 3,
  name: 'Shanghai roof',
  timeZone: 'Asia/Shanghai',
  utcOffset: 'UTC+8',
  localTime: '2026-03-04 06:30:00',
  today: '2026-03-04',
  status: 'alarm',
  power: {
    pvPowerW: null,
    loadPowerW: null,
    gridPowerW: null,
    batPowerW: null,
    batSocPct: null,
    readingAt: null,
    devicesReporting: 0,
  },
  energyToday: ZERO,
  earningsToday: { currency: 'CNY', amount: 0 },
};

function alarmRow(id: number, fields: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    code: 'communication.noData',
    deviceCode: null,
    group: 'communication',
    severity: 'major',
    state: 'active',
    name: '无数据',
    deviceId: 30 + id,
    sn: `VF10K2400${id}01`,
    plantId: 3,
    plantName: 'Shanghai roof',
    timeZone: 'Asia/Shanghai',
    raisedAt: '2026-03-03T22:30:00.000Z',
    lastSeenAt: '2026-03-03T22:45:00.000Z',
    recoveredAt: null,
    flapping: false,
    flaps: 0,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackNote: null,
    ...fields,
  };
}

const page = (items: AlarmRow[]) => ({ items, total: items.length, page: 1, pageSize: 20, totalCapped: false });

describe('plant detail active alarms', () => {
  installFakeLiveSocket();

  it('lists the plant’s active alarms with their devices, in the UI language, and refreshes on an alarm event', async () => {
    let rows = [alarmRow(1)];
    const api = fakeApi({
      'GET /api/plants/3/overview': ok(OVERVIEW),
      'GET /api/plants/3/indicators': ok([]),
      'GET /api/alarms': () => ok(page(rows)),
    });
    const router = createMemoryRouter(
      [
        {
          path: '/plantCenter/plantList/:plantId',
          element: <PlantDetailPage renderWeather={() => null} renderPerformance={() => null} />,
        },
      ],
      { initialEntries: ['/plantCenter/plantList/3'] },
    );
    // Without the alarm search (C/A) the list is shown, but no link to the search.
    await renderWithProviders(<RouterProvider router={router} />, { me: testMe(['A']), lang: 'zh' });

    const items = await screen.findAllByTestId('plant-alarms-item', {}, { timeout: 5000 });
    expect(items.map((i) => i.textContent)).toEqual(['重要无数据VF10K2400101始于 2026-03-04 06:30:00 UTC+8']);
    expect(screen.getByTestId('plant-alarms')).toHaveTextContent('当前告警（1 条）');
    expect(screen.queryByTestId('plant-alarms-search')).toBeNull();
    const query = Object.fromEntries(api.callsTo('GET /api/alarms')[0]!.query);
    expect(query).toMatchObject({ plantId: '3', state: 'active' });
    expect(api.callsTo('GET /api/alarms')[0]!.headers['Accept-Language']).toBe('zh');

    FakeLiveSocket.latest().open();
    rows = [alarmRow(2, { severity: 'critical', name: '继电器故障' }), ...rows];
    FakeLiveSocket.latest().push(alarmEvent({ deviceId: 32, plantId: 3, severity: 'critical' }));
    await waitFor(() => expect(screen.getAllByTestId('plant-alarms-item')).toHaveLength(2), { timeout: 4000 });
    expect(screen.getAllByTestId('plant-alarms-severity').map((s) => s.dataset.severity)).toEqual([
      'critical',
      'major',
    ]);
  }, 30_000);
});

const realtime = (pvPowerW: number): PlantRealtime => ({
  plantId: 3,
  timeZone: 'Asia/Shanghai',
  devices: [
    {
      id: 31,
      sn: 'VF10K240010',
      kind: 'inverter',
      model: '10K',
      runningStatus: 'online',
      ts: '2026-03-03T22:30:00.000Z',
      groups: [{ group: 'pv', values: [{ key: 'pvPowerW', unit: 'W', decimals: 0, value: pvPowerW }] }],
    },
  ],
});

describe('plant detail: basic or detailed data', () => {
  installFakeLiveSocket();

  it('switches to every live value of the devices, kept in the address, and refreshes it on a reading', async () => {
    let pv = 1200;
    const api = fakeApi({
      'GET /api/plants/3/overview': ok(OVERVIEW),
      'GET /api/plants/3/indicators': ok([]),
      'GET /api/plants/3/realtime': () => ok(realtime(pv)),
      'GET /api/alarms': ok(page([])),
    });
    const router = createMemoryRouter(
      [
        {
          path: '/plantCenter/plantList/:plantId',
          element: <PlantDetailPage renderWeather={() => null} renderPerformance={() => null} />,
        },
      ],
      { initialEntries: ['/plantCenter/plantList/3'] },
    );
    await renderWithProviders(<RouterProvider router={router} />, { me: testMe(['A']), lang: 'en' });

    // Basic data first: the power flow, and nothing asked of the detailed data yet.
    await screen.findByTestId('detail-view-basic', {}, { timeout: 5000 });
    expect(screen.getByTestId('detail-view-basic').getAttribute('aria-checked')).toBe('true');
    expect(api.callsTo('GET /api/plants/3/realtime')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('detail-view-detailed'));
    const value = await screen.findByTestId('detailed-VF10K240010-pvPowerW', {}, { timeout: 5000 });
    expect(value.textContent).toBe('1,200 W');
    expect(screen.getByTestId('detailed-time-VF10K240010').textContent).toBe('Measured 2026-03-04 06:30:00 UTC+8');
    expect(router.state.location.search).toBe('?view=detailed');

    FakeLiveSocket.latest().open();
    pv = 1500;
    FakeLiveSocket.latest().push({ type: 'reading', deviceId: 31, plantId: 3, ts: Date.now(), values: {} });
    await waitFor(() => expect(screen.getByTestId('detailed-VF10K240010-pvPowerW').textContent).toBe('1,500 W'), {
      timeout: 4000,
    });
    // A reading right after the refresh is not left waiting for the 30-second poll: one more refresh follows it.
    pv = 1800;
    FakeLiveSocket.latest().push({ type: 'reading', deviceId: 31, plantId: 3, ts: Date.now(), values: {} });
    await waitFor(() => expect(screen.getByTestId('detailed-VF10K240010-pvPowerW').textContent).toBe('1,800 W'), {
      timeout: 4000,
    });

    fireEvent.click(screen.getByTestId('detail-view-basic'));
    expect(screen.queryByTestId('detailed-data')).toBeNull();
    expect(router.state.location.search).toBe('');
  }, 30_000);
});
