import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultHiddenColumns } from '@voltfleet/domain/users';
import { type ActiveAlarms } from '@voltfleet/domain/alarms';
import { type PlantListItem } from '@voltfleet/domain/plants';
import { fakeApi, ok } from '@/test/fake-api';
import { alarmEvent, FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import PlantListPage from './plant-list-page';

function plant(
  plantId: number,
  name: string,
  activeAlarms: ActiveAlarms,
  status: PlantListItem['status'],
  figures: Partial<PlantListItem> = {},
): PlantListItem {
  return {
    plantId,
    name,
    type: 1,
    powerKw: 10,
    capacityKwh: 20,
    longitude: 14.4,
    latitude: 50.1,
    address: `${name} 1`,
    azimuthDeg: 180,
    inclinationDeg: 30,
    currency: 'CZK',
    onGridType: 1,
    timeZone: 'Europe/Prague',
    constructionDate: null,
    ownerId: 1,
    ownerName: 'owner',
    affiliatedUserIds: [],
    status,
    activeAlarms,
    deviceCount: 3,
    createdAt: '2024-01-01T00:00:00.000Z',
    refreshedAt: null,
    pvPowerW: null,
    pvEnergyTodayKwh: 0,
    specificYieldKwhPerKwp: 0,
    performanceRatio30d: null,
    ...figures,
  };
}

describe('plant list alarm badges', () => {
  installFakeLiveSocket();

  it('shows each plant’s active alarms, refreshes on an alarm event or status change, and opens the search', async () => {
    let roof: ActiveAlarms = { count: 1, maxSeverity: 'minor' };
    const api = fakeApi({
      'GET /api/preferences/tables': ok([]),
      'GET /api/plants': () =>
        ok([plant(3, 'Praha roof', roof, 'normal'), plant(5, 'Brno hall', { count: 0, maxSeverity: null }, 'offline')]),
    });
    const router = createMemoryRouter(
      [
        { path: '/plantCenter/plantList', element: <PlantListPage /> },
        { path: '/alarmCenter/alarmSearch', element: <p>alarm search</p> },
      ],
      { initialEntries: ['/plantCenter/plantList'] },
    );
    const { user } = await renderWithProviders(<RouterProvider router={router} />, {
      me: testMe(['A', 'C', 'C/A']),
      lang: 'cs',
    });

    const badge = await screen.findByTestId('plant-alarms-3', {}, { timeout: 5000 });
    expect(badge).toHaveTextContent('1');
    expect(badge).toHaveClass('alarm-badge-minor');
    expect(badge).toHaveAccessibleName('1 aktivní alarm, nejzávažnější: Méně závažný');
    expect(screen.getByTestId('plant-alarms-5')).toHaveTextContent('—');

    FakeLiveSocket.latest().open();
    const before = api.callsTo('GET /api/plants').length;
    roof = { count: 2, maxSeverity: 'critical' };
    FakeLiveSocket.latest().push(alarmEvent({ deviceId: 31, plantId: 3, severity: 'critical' }));
    await waitFor(() => expect(screen.getByTestId('plant-alarms-3')).toHaveClass('alarm-badge-critical'), {
      timeout: 4000,
    });
    expect(screen.getByTestId('plant-alarms-3')).toHaveTextContent('2');
    expect(api.callsTo('GET /api/plants').length).toBe(before + 1);

    FakeLiveSocket.latest().push({ type: 'plantStatus', plantId: 5, status: 'normal' });
    await waitFor(() => expect(api.callsTo('GET /api/plants').length).toBe(before + 2), { timeout: 4000 });
    // A plant not listed (another branch's, or filtered out) changes nothing.
    FakeLiveSocket.latest().push(alarmEvent({ deviceId: 90, plantId: 77 }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.callsTo('GET /api/plants').length).toBe(before + 2);

    await user.click(screen.getByTestId('plant-alarms-3'));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/alarmCenter/alarmSearch?plantId=3&state=active',
    );
  }, 30_000);
});

describe('plant list figures and columns', () => {
  installFakeLiveSocket();

  // The fake server is installed by the test before rendering.
  const render = (lang: 'en' | 'de' = 'en') => {
    const router = createMemoryRouter([{ path: '/plantCenter/plantList', element: <PlantListPage /> }], {
      initialEntries: ['/plantCenter/plantList'],
    });
    return renderWithProviders(<RouterProvider router={router} />, { me: testMe(['A']), lang });
  };
  const none: ActiveAlarms = { count: 0, maxSeverity: null };
  const rows = [
    plant(3, 'Praha roof', none, 'normal', {
      pvPowerW: 12_345,
      pvEnergyTodayKwh: 23.456,
      specificYieldKwhPerKwp: 2.35,
    }),
    plant(5, 'Brno hall', none, 'offline'),
  ];

  const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

  it('shows by default what fits a 1440-pixel window, status and alarms included, and cuts long names', async () => {
    const long = plant(7, 'Solární park Horní Dolní u Nového Města na Moravě', none, 'normal');
    fakeApi({ 'GET /api/preferences/tables': ok([]), 'GET /api/plants': ok([...rows, long]) });
    await render('de');
    expect(await screen.findByTestId('plant-pv-power-3', {}, { timeout: 5000 })).toHaveTextContent('12,35 kW');
    expect(headers()).toEqual([
      'Anlagenname',
      'PV-Leistung aktuell',
      'Erzeugung heute',
      'PR (30 Tage)',
      'Status',
      'Alarme',
    ]);
    expect(screen.getByTestId('plant-pv-today-3')).toHaveTextContent('23,46 kWh');
    expect(screen.getByTestId('plant-pv-power-5')).toHaveTextContent('—');
    // A long name is cut at the column's width and read whole in its title.
    const name = screen.getByTestId('plant-link-7');
    expect(name).toHaveClass('cell-clip');
    expect(name).toHaveAttribute('title', 'Solární park Horní Dolní u Nového Města na Moravě');
  }, 20_000);

  it('shows the specific yield to a user who chose every column', async () => {
    fakeApi({ 'GET /api/preferences/tables': ok([{ table: 'plantList', hidden: [] }]), 'GET /api/plants': ok(rows) });
    await render('de');
    expect(await screen.findByTestId('plant-specific-yield-3', {}, { timeout: 5000 })).toHaveTextContent('2,35');
    expect(screen.getByRole('columnheader', { name: /Spezifischer Ertrag heute \(kWh\/kWp\)/ })).toBeInTheDocument();
    expect(headers()).toHaveLength(15);
  }, 20_000);

  it('shows the 30-day performance ratio and sorts by it, worst first, plants without one last in both orders', async () => {
    const list = [
      plant(3, 'Praha roof', none, 'normal', { performanceRatio30d: 0.823 }),
      plant(5, 'Brno hall', none, 'offline'),
      plant(8, 'Aš field', none, 'normal', { performanceRatio30d: 0.654 }),
    ];
    fakeApi({ 'GET /api/preferences/tables': ok([]), 'GET /api/plants': ok(list) });
    const { user } = await render();
    expect(await screen.findByTestId('plant-pr-3', {}, { timeout: 5000 })).toHaveTextContent('82.3%');
    expect(screen.getByTestId('plant-pr-5')).toHaveTextContent('—');
    const order = () => screen.getAllByTestId(/^plant-row-/).map((row) => row.dataset.testid);

    await user.click(screen.getByTestId('plant-sort-performanceRatio30d'));
    await waitFor(() => expect(order()).toEqual(['plant-row-8', 'plant-row-3', 'plant-row-5']));
    await user.click(screen.getByTestId('plant-sort-performanceRatio30d'));
    await waitFor(() => expect(order()).toEqual(['plant-row-3', 'plant-row-8', 'plant-row-5']));
  }, 20_000);

  it('keeps a choice stored before, changes it for this list, and resets it to the default', async () => {
    // Stored when the list showed every column: this user hid the address only, and keeps seeing the owner.
    const api = fakeApi({
      'GET /api/preferences/tables': ok([{ table: 'plantList', hidden: ['address'] }]),
      'GET /api/plants': ok(rows),
      'PUT /api/preferences/tables': (call) => ok([call.body]),
    });
    const { user } = await render();
    await screen.findByTestId('plant-pv-power-3', {}, { timeout: 5000 });
    expect(screen.queryByRole('columnheader', { name: 'Detailed address' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Owner/ })).toBeInTheDocument();

    await user.click(screen.getByTestId('columns-plantList'));
    const name = await screen.findByTestId('columns-plantList-name');
    // The frozen name column is offered ticked and locked.
    expect(name).toBeDisabled();
    expect(name).toBeChecked();
    await user.click(screen.getByTestId('columns-plantList-ownerName'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Owner/ })).toBeNull());
    expect(api.callsTo('PUT /api/preferences/tables').at(-1)!.body).toEqual({
      table: 'plantList',
      hidden: ['address', 'ownerName'],
    });

    // Reset is the list's default: the columns that fit, the owner and address among those offered.
    await user.click(screen.getByTestId('columns-plantList-reset'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Plant type/ })).toBeNull());
    expect(api.callsTo('PUT /api/preferences/tables').at(-1)!.body).toEqual({
      table: 'plantList',
      hidden: defaultHiddenColumns('plantList'),
    });
    expect(screen.getByTestId('columns-plantList-address')).not.toBeChecked();
    expect(screen.getByTestId('columns-plantList-status')).toBeChecked();

    // Showing one of them from the default sends the default without it.
    await user.click(screen.getByTestId('columns-plantList-ownerName'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Owner/ })).toBeInTheDocument());
    expect(api.callsTo('PUT /api/preferences/tables').at(-1)!.body).toEqual({
      table: 'plantList',
      hidden: defaultHiddenColumns('plantList').filter((c) => c !== 'ownerName'),
    });
  }, 20_000);
});
