import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PlantListItem } from '@voltfleet/domain/plants';
import { PHONE_QUERY } from '@/lib/use-phone';
import { fakeApi, ok } from '@/test/fake-api';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import PlantListPage from './plant-list-page';

const PLANT: PlantListItem = {
  plantId: 3,
  name: 'Praha roof',
  type: 1,
  powerKw: 10,
  capacityKwh: 20,
  longitude: 14.4,
  latitude: 50.1,
  address: 'Praha 1',
  azimuthDeg: 180,
  inclinationDeg: 30,
  currency: 'CZK',
  onGridType: 1,
  timeZone: 'Europe/Prague',
  constructionDate: null,
  ownerId: 1,
  ownerName: 'owner',
  affiliatedUserIds: [],
  status: 'normal',
  activeAlarms: { count: 0, maxSeverity: null },
  deviceCount: 3,
  createdAt: '2024-01-01T00:00:00.000Z',
  refreshedAt: null,
  pvPowerW: 12_345,
  pvEnergyTodayKwh: 23.456,
  specificYieldKwhPerKwp: 2.35,
  performanceRatio30d: 0.823,
};

/** A phone's window: the phone query matches (jsdom's own matchMedia matches nothing). */
function phoneWindow() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...real(query), matches: query === PHONE_QUERY }));
}

describe('the plant list on a phone', () => {
  installFakeLiveSocket();
  afterEach(() => vi.restoreAllMocks());

  it('shows a card per plant with its chosen columns, buttons by permission and its filters in a sheet', async () => {
    phoneWindow();
    fakeApi({ 'GET /api/preferences/tables': ok([]), 'GET /api/plants': ok([PLANT]) });
    const router = createMemoryRouter(
      [
        { path: '/plantCenter/plantList', element: <PlantListPage /> },
        { path: '/plantCenter/plantList/:plantId', element: <p>plant detail</p> },
      ],
      { initialEntries: ['/plantCenter/plantList'] },
    );
    const { user } = await renderWithProviders(<RouterProvider router={router} />, {
      me: testMe(['A', 'A:plant.edit']),
    });

    const card = await screen.findByTestId('plant-row-3', {}, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    // The default columns, as lines: the name is the card's heading and the status sits beside it.
    expect(
      within(card)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['PV power now', 'Generation today', 'PR (30 days)', 'Alarms']);
    expect(within(card).getByTestId('plant-pv-power-3')).toHaveTextContent('12.35 kW');
    expect(within(card).getByTestId('plant-pr-3')).toHaveTextContent('82.3%');
    expect(within(card).getByText('Normal')).toBeInTheDocument();
    expect(within(card).getByTestId('plant-edit-3')).toBeInTheDocument();
    expect(within(card).queryByTestId('plant-delete-3')).toBeNull();

    // The filters wait behind a button.
    await waitFor(() => expect(screen.getByTestId('plant-search')).not.toBeVisible());
    await user.click(screen.getByTestId('plant-filters-open'));
    expect(await screen.findByTestId('plant-search')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(card).getByTestId('plant-link-3'));
    expect(await screen.findByText('plant detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plantCenter/plantList/3');
  }, 20_000);
});
