import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import { fakeApi, ok } from '@/test/fake-api';
import { alarmEvent, FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import DeviceDetailPage from './device-detail-page';
import DeviceListPage from './device-list-page';

const PERMISSIONS = ['B', 'B/A', 'C', 'C/A'];

function item(id: number, sn: string, fields: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    id,
    sn,
    kind: 'inverter',
    model: '5K',
    plantId: 3,
    plantName: 'Praha roof',
    plantTimeZone: 'Europe/Prague',
    runningStatus: 'online',
    activated: true,
    importedAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: '2026-03-03T22:44:00.000Z',
    lastReadingAt: '2026-03-03T22:44:00.000Z',
    latest: null,
    activeAlarms: { count: 0, maxSeverity: null },
    ...fields,
  };
}

const DETAIL: DeviceDetail = {
  id: 7,
  sn: 'VF5K24000101',
  kind: 'inverter',
  modelType: '5K',
  batteryModelType: null,
  installationPosition: 'garage',
  plantId: 3,
  plantName: 'Praha roof',
  plantTimeZone: 'Europe/Prague',
  dspVersion: 'V105A00D00',
  pcuVersion: '4.0.0',
  gridCode: null,
  batteryProtocol: null,
  meterProtocol: null,
  activation: 'activated',
  importTime: '2026-01-01T00:00:00.000Z',
  activatedAt: '2026-01-02T00:00:00.000Z',
  runningStatus: 'alarm',
  lastSeenAt: '2026-03-03T22:44:00.000Z',
  lastReadingAt: '2026-03-03T22:44:00.000Z',
  template: null,
  gridConnectionLimitW: null,
  socLowerLimitPct: null,
  identityConflict: null,
  onlineRule: 'own',
  onlineVia: null,
  lastContact: { at: '2026-03-03T22:44:00.000Z', via: null },
  behind: [],
};

function alarmRow(id: number, fields: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    code: 'grid.voltageHigh',
    deviceCode: 4,
    group: 'grid',
    severity: 'major',
    state: 'active',
    name: 'Grid voltage high',
    deviceId: 7,
    sn: 'VF5K24000101',
    plantId: 3,
    plantName: 'Praha roof',
    timeZone: 'Europe/Prague',
    raisedAt: '2026-07-03T22:30:00.000Z',
    lastSeenAt: '2026-07-03T22:45:00.000Z',
    recoveredAt: null,
    flapping: false,
    flaps: 0,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackNote: null,
    ...fields,
  };
}

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 15, totalCapped: false });

async function renderAt(url: string, permissions = PERMISSIONS) {
  const router = createMemoryRouter(
    [
      { path: '/deviceCenter/deviceList', element: <DeviceListPage /> },
      { path: '/deviceCenter/deviceList/:deviceId', element: <DeviceDetailPage /> },
      { path: '/alarmCenter/alarmSearch', element: <p data-testid="alarm-search">alarm search</p> },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(<RouterProvider router={router} />, { me: testMe(permissions) });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, location };
}

describe('device list alarm badges', () => {
  installFakeLiveSocket();

  it('shows each device’s active alarms, opens the alarm search, and refreshes on an alarm event', async () => {
    let alarmed = { count: 2, maxSeverity: 'critical' as const };
    const api = fakeApi({
      'GET /api/devices': () =>
        ok(
          page([
            item(7, 'VF5K24000101', { runningStatus: 'alarm', activeAlarms: alarmed }),
            item(8, 'VFBAT24000101', { kind: 'battery' }),
          ]),
        ),
      'GET /api/preferences/tables': ok([]),
      'GET /api/devices/filter-options': ok({ models: ['5K'], plants: [{ id: 3, name: 'Praha roof' }] }),
    });
    const { user, location } = await renderAt('/deviceCenter/deviceList');

    const badge = await screen.findByTestId('device-alarms-VF5K24000101', {}, { timeout: 5000 });
    expect(badge).toHaveTextContent('2');
    expect(badge).toHaveClass('alarm-badge-critical');
    expect(screen.getByTestId('device-alarms-VFBAT24000101')).toHaveTextContent('—');
    expect(within(screen.getByTestId('device-table')).getByRole('columnheader', { name: 'Alarms' })).toBeVisible();
    // By default the columns that fit a 1440-pixel window; the others are in the column chooser.
    expect(
      within(screen.getByTestId('device-table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Serial number', 'Plant', 'Status', 'Alarms', 'PV power (W)', 'PV energy today (kWh)', 'Last update']);

    // A live alarm event about a listed device refetches the list once, however many arrive together.
    FakeLiveSocket.latest().open();
    const before = api.callsTo('GET /api/devices').length;
    alarmed = { count: 3, maxSeverity: 'critical' };
    FakeLiveSocket.latest().push(alarmEvent({ deviceId: 7, plantId: 3 }));
    FakeLiveSocket.latest().push(alarmEvent({ id: 2, deviceId: 7, plantId: 3, severity: 'critical' }));
    await waitFor(() => expect(screen.getByTestId('device-alarms-VF5K24000101')).toHaveTextContent('3'), {
      timeout: 4000,
    });
    expect(api.callsTo('GET /api/devices').length).toBe(before + 1);
    // One about a device not on the page changes nothing.
    FakeLiveSocket.latest().push(alarmEvent({ deviceId: 99, plantId: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.callsTo('GET /api/devices').length).toBe(before + 1);

    await user.click(screen.getByTestId('device-alarms-VF5K24000101'));
    expect(location()).toBe('/alarmCenter/alarmSearch?deviceId=7&state=active');
  }, 30_000);
});

describe('device detail active alarms', () => {
  installFakeLiveSocket();

  it('lists the device’s active alarms in plant time and refreshes them on an alarm event', async () => {
    let rows = [alarmRow(1, { severity: 'critical', name: 'Relay check failed' }), alarmRow(2)];
    const api = fakeApi({
      'GET /api/devices/7/detail': ok(DETAIL),
      'GET /api/devices/7/realtime': ok({ ts: null, source: null, plantTimeZone: 'Europe/Prague', groups: [] }),
      'GET /api/alarms': () => ok(page(rows)),
    });
    await renderAt('/deviceCenter/deviceList/7');

    const items = await screen.findAllByTestId('device-alarms-item', {}, { timeout: 5000 });
    expect(items.map((i) => i.textContent)).toEqual([
      'CriticalRelay check failedsince 2026-07-04 00:30:00 UTC+2',
      'MajorGrid voltage highsince 2026-07-04 00:30:00 UTC+2',
    ]);
    expect(Object.fromEntries(api.callsTo('GET /api/alarms')[0]!.query)).toMatchObject({
      deviceId: '7',
      state: 'active',
      sort: 'severity',
      order: 'desc',
    });
    expect(screen.getByTestId('device-alarms-search')).toHaveAttribute(
      'href',
      '/alarmCenter/alarmSearch?deviceId=7&state=active',
    );

    FakeLiveSocket.latest().open();
    rows = [rows[0]!];
    // Another device's alarm is not this page's business; this device's recovery is.
    FakeLiveSocket.latest().push(alarmEvent({ deviceId: 8 }, 'recovered'));
    FakeLiveSocket.latest().push(alarmEvent({ id: 2, deviceId: 7 }, 'recovered'));
    await waitFor(() => expect(screen.getAllByTestId('device-alarms-item')).toHaveLength(1), { timeout: 4000 });
    expect(api.callsTo('GET /api/alarms')).toHaveLength(2);
  });
});
