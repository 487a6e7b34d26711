import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceListItem } from '@voltfleet/domain/device-list';
import { PHONE_QUERY } from '@/lib/use-phone';
import { fakeApi, ok } from '@/test/fake-api';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import DeviceListPage from './device-list-page';

const DEVICE: DeviceListItem = {
  id: 7,
  sn: 'VF5K24000101',
  kind: 'inverter',
  model: '5K',
  plantId: 3,
  plantName: 'Praha roof',
  plantTimeZone: 'Europe/Prague',
  runningStatus: 'alarm',
  activated: true,
  importedAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-03-03T22:44:00.000Z',
  lastReadingAt: '2026-03-03T22:44:00.000Z',
  latest: null,
  activeAlarms: { count: 2, maxSeverity: 'critical' },
};

describe('the device list on a phone', () => {
  installFakeLiveSocket();
  afterEach(() => vi.restoreAllMocks());

  it('shows a card per device, its status beside the serial number, and opens the device', async () => {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...real(query), matches: query === PHONE_QUERY }));
    fakeApi({
      'GET /api/devices': ok({ items: [DEVICE], total: 1, page: 1, pageSize: 15, totalCapped: false }),
      'GET /api/preferences/tables': ok([]),
      'GET /api/devices/filter-options': ok({ models: ['5K'], plants: [{ id: 3, name: 'Praha roof' }] }),
    });
    const router = createMemoryRouter(
      [
        { path: '/deviceCenter/deviceList', element: <DeviceListPage /> },
        { path: '/deviceCenter/deviceList/:deviceId', element: <p>device detail</p> },
      ],
      { initialEntries: ['/deviceCenter/deviceList'] },
    );
    const { user } = await renderWithProviders(<RouterProvider router={router} />, { me: testMe(['B', 'B/A']) });

    const card = await screen.findByTestId('device-row-VF5K24000101', {}, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    const lines = within(card)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    // The chosen columns but the serial number (the heading) and the status (beside it).
    expect(lines).toContain('Plant');
    expect(lines).toContain('Alarms');
    expect(lines).not.toContain('Serial number');
    expect(within(card).getByTestId('device-alarms-VF5K24000101')).toHaveTextContent('2');
    expect(screen.getByTestId('device-filters-open')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('device-kind-filter')).not.toBeVisible());

    await user.click(within(card).getByTestId('device-link-VF5K24000101'));
    expect(await screen.findByText('device detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deviceCenter/deviceList/7');
  }, 20_000);
});
