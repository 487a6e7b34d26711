// The device detail shows the settings the device confirmed (value and time) and edits the grid code, protocols and
// template (issue 38 point 6): checked by the domain schema before sending, saved, shown.
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { fakeApi, ok } from '@/test/fake-api';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import DeviceDetailPage from './device-detail-page';

const EDITOR = ['B', 'B/A', 'B/D', 'B/D:device.stockIn'];

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
  batteryProtocol: 2,
  meterProtocol: null,
  activation: 'activated',
  importTime: '2026-01-01T00:00:00.000Z',
  activatedAt: '2026-01-02T00:00:00.000Z',
  runningStatus: 'online',
  lastSeenAt: '2026-03-03T22:44:00.000Z',
  lastReadingAt: '2026-03-03T22:44:00.000Z',
  template: null,
  gridConnectionLimitW: { value: 6000, confirmedAt: '2026-03-03T22:40:00.000Z' },
  socLowerLimitPct: null,
  identityConflict: null,
  onlineRule: 'own',
  onlineVia: null,
  lastContact: { at: '2026-03-03T22:44:00.000Z', via: null },
  behind: [],
};

async function renderDetail(permissions: string[], lang: 'en' | 'de' = 'en') {
  const router = createMemoryRouter([{ path: '/deviceCenter/deviceList/:deviceId', element: <DeviceDetailPage /> }], {
    initialEntries: ['/deviceCenter/deviceList/7'],
  });
  return renderWithProviders(<RouterProvider router={router} />, { me: testMe(permissions), lang });
}

const routes = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/devices/7/detail': ok(DETAIL),
    'GET /api/devices/7/realtime': ok({ ts: null, source: null, plantTimeZone: 'Europe/Prague', groups: [] }),
    'GET /api/alarms': ok({ items: [], total: 0, page: 1, pageSize: 15, totalCapped: false }),
    ...extra,
  });

describe('device detail: confirmed settings and the device fields form', () => {
  installFakeLiveSocket();

  it('shows the value the device confirmed and when, in plant time; "—" for one never confirmed', async () => {
    routes();
    await renderDetail(['B', 'B/A'], 'de');
    expect(await screen.findByTestId('device-field-gridConnectionLimit', {}, { timeout: 5000 })).toHaveTextContent(
      '6000 W (vom Gerät bestätigt 2026-03-03 23:40:00 UTC+1)',
    );
    expect(screen.getByTestId('device-field-socLowerLimit')).toHaveTextContent('—');
    expect(screen.getByTestId('device-field-batteryProtocol')).toHaveTextContent('2');
    // Without the stock-in permission there is no edit form.
    expect(screen.queryByTestId('device-fields-edit')).toBeNull();
  });

  it('refuses a bad code with the schema message and sends nothing; saves good values and shows them', async () => {
    const api = routes({
      'PUT /api/devices/7/fields': (call) => ok({ ...DETAIL, ...(call.body as object) }),
    });
    const { user } = await renderDetail(EDITOR);
    await user.click(await screen.findByTestId('device-fields-edit', {}, { timeout: 5000 }));
    const form = await screen.findByTestId('device-fields-form', {}, { timeout: 5000 });
    const grid = within(form).getByTestId('device-fields-gridCode');
    await user.type(grid, '70000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a whole number from 0 to 65535')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/devices/7/fields')).toEqual([]);

    await user.clear(grid);
    await user.type(grid, '12');
    await user.clear(within(form).getByTestId('device-fields-batteryProtocol'));
    await user.type(within(form).getByTestId('device-fields-template'), ' Home storage ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/devices/7/fields')).toHaveLength(1));
    expect(api.callsTo('PUT /api/devices/7/fields')[0]!.body).toEqual({
      gridCode: 12,
      batteryProtocol: null,
      meterProtocol: null,
      template: 'Home storage',
    });
    await waitFor(() => expect(screen.getByTestId('device-field-gridCode')).toHaveTextContent('12'));
    expect(screen.getByTestId('device-field-batteryProtocol')).toHaveTextContent('—');
    expect(screen.getByTestId('device-field-template')).toHaveTextContent('Home storage');
  }, 30_000);
});
