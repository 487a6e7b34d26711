import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_HEADER } from '@voltfleet/domain/big-screen';
import { queryClient } from '@/lib/query-client';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import { KIOSK_STORAGE_KEY } from '../api/kiosk-token';
import { ALARMS, CHARTS, FLOW, PLANTS, SCOPE, SUMMARY } from './big-screen-fixtures';
import BigScreenPage from './big-screen-page';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderScreen(url: string, options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/bigScreen/:view?"
          element={
            <>
              <BigScreenPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    options,
  );
}

const ROUTES = {
  'GET /api/big-screen/scope': ok(SCOPE),
  'GET /api/big-screen/summary': ok(SUMMARY),
  'GET /api/big-screen/plants': ok({ plants: PLANTS }),
  'GET /api/big-screen/alarms': ok(ALARMS),
  'GET /api/big-screen/charts': ok(CHARTS),
  'GET /api/big-screen/flow': ok(FLOW),
};

describe('big screen', () => {
  installFakeLiveSocket();
  // The views are lazily loaded chunks (the map's with the world's outlines): loaded once here, not within a wait.
  beforeAll(async () => {
    await Promise.all([import('./map-view'), import('./charts-view'), import('./flow-view')]);
  }, 60_000);
  afterEach(() => {
    // The screen uses the app's one query client: no test sees another's answers.
    queryClient.clear();
    sessionStorage.clear();
  });

  it('moves a kiosk token from the address into the tab and sends it in its header, never a cookie', async () => {
    const api = fakeApi(ROUTES);
    await renderScreen('/bigScreen/map?kiosk=secret-token&rotate=60');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/bigScreen/map?rotate=60'));
    expect(sessionStorage.getItem(KIOSK_STORAGE_KEY)).toBe('secret-token');
    expect(await screen.findByTestId('bigscreen-figure-plants', {}, { timeout: 10_000 })).toHaveTextContent('3');
    const summary = api.callsTo('GET /api/big-screen/summary')[0]!;
    expect(summary.headers[KIOSK_HEADER]).toBe('secret-token');
    // The socket carries it in its address (a browser socket sends no header).
    expect(FakeLiveSocket.latest().url).toMatch(/\/api\/ws\?kiosk=secret-token$/);
  });

  it('shows the fleet figures, one marker per placed plant, and the alarm ticker', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'tok');
    fakeApi(ROUTES);
    const { user } = await renderScreen('/bigScreen/map');
    expect(await screen.findByTestId('bigscreen-figure-power')).toHaveTextContent('1,234.5kWp');
    expect(screen.getByTestId('bigscreen-figure-today')).toHaveTextContent('12.35MWh');
    expect(screen.getByTestId('bigscreen-figure-co2')).toHaveTextContent('49.85t');
    expect(screen.getByTestId('bigscreen-figure-alarms')).toHaveTextContent('2');
    // By severity beside the plant counts: the normal plant's minor alarm is said, not hidden.
    expect(screen.getByTestId('bigscreen-alarm-tally')).toHaveTextContent('1 Major · 1 Minor');
    expect(screen.getByTestId('bigscreen-normal-with-alarms')).toHaveTextContent('With minor alarms or warnings: 1');
    const markers = await screen.findAllByTestId('bigscreen-marker');
    expect(markers.map((m) => m.getAttribute('data-plant-id')).sort()).toEqual(['1', '2']);
    expect(markers.find((m) => m.getAttribute('data-plant-id') === '2')).toHaveAttribute('data-status', 'alarm');
    expect(screen.getByTestId('bigscreen-unplaced')).toHaveTextContent('Plants without a location: 1');
    expect(screen.getByTestId('bigscreen-ticker')).toHaveTextContent('Shanghai park · Grid voltage high');

    await user.hover(markers.find((m) => m.getAttribute('data-plant-id') === '1')!);
    const tip = await screen.findByTestId('bigscreen-tip');
    expect(tip).toHaveTextContent('Prague roof');
    expect(within(tip).getByTestId('bigscreen-tip-power')).toHaveTextContent('42 kW');
  });

  it('without a session or a link explains how to get a link and asks the server for nothing', async () => {
    const api = fakeApi({});
    await renderScreen('/bigScreen/charts', { lang: 'cs' });
    expect(await screen.findByTestId('bigscreen-no-access')).toHaveTextContent('osobní centrum');
    expect(api.calls).toEqual([]);
    expect(FakeLiveSocket.all).toEqual([]);
  });

  it('a revoked link: the screen says so in the user language and closes its socket', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'revoked');
    const gone = refused(401, 'unauthorized', 'Kiosk link revoked');
    fakeApi({ ...ROUTES, 'GET /api/big-screen/scope': gone, 'GET /api/big-screen/summary': gone });
    await renderScreen('/bigScreen/map', { lang: 'de' });
    expect(await screen.findByTestId('bigscreen-ended')).toHaveTextContent('Dieser Kiosk-Link funktioniert nicht mehr');
    expect(screen.queryByTestId('bigscreen-view-map')).toBeNull();
  });

  it('a link the live channel ends (closed as access ended) stops the screen too', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'tok');
    fakeApi(ROUTES);
    await renderScreen('/bigScreen/map');
    await screen.findByTestId('bigscreen-figure-plants');
    const socket = FakeLiveSocket.latest();
    socket.open();
    act(() => (socket.onclose as ((event: { code: number }) => void) | null)?.({ code: 4401 }));
    expect(await screen.findByTestId('bigscreen-ended')).toHaveAttribute('data-kind', 'kiosk');
    expect(FakeLiveSocket.all).toHaveLength(1);
  });

  it('reconnects by itself after the socket drops and re-reads what it missed', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'tok');
    const api = fakeApi(ROUTES);
    await renderScreen('/bigScreen/map');
    await screen.findByTestId('bigscreen-figure-plants');
    const first = FakeLiveSocket.latest();
    first.open();
    const before = api.callsTo('GET /api/big-screen/summary').length;
    // A server restart: the socket closes without a reason.
    act(() => first.onclose?.());
    await waitFor(() => expect(FakeLiveSocket.all).toHaveLength(2), { timeout: 5_000 });
    const second = FakeLiveSocket.latest();
    expect(second.url).toBe(first.url);
    second.open();
    await waitFor(() => expect(api.callsTo('GET /api/big-screen/summary').length).toBeGreaterThan(before));
    expect(screen.queryByTestId('bigscreen-ended')).toBeNull();
  });

  it('a live reading re-reads the figures', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'tok');
    const api = fakeApi(ROUTES);
    await renderScreen('/bigScreen/map');
    await screen.findByTestId('bigscreen-figure-plants');
    const before = api.callsTo('GET /api/big-screen/plants').length;
    FakeLiveSocket.latest().open();
    FakeLiveSocket.latest().push({ type: 'reading', deviceId: 1, plantId: 1, at: '2026-03-04T06:30:00.000Z' });
    await waitFor(() => expect(api.callsTo('GET /api/big-screen/plants').length).toBeGreaterThan(before));
  });

  it('a signed-in user sees their own scope: the session cookie, no kiosk header, even with a stored token', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'tok');
    const api = fakeApi(ROUTES);
    const me = testMe();
    me.role.views = ['bigScreen/map', 'bigScreen/charts', 'bigScreen/flowGraph'];
    await renderScreen('/bigScreen/charts', { me });
    expect(await screen.findByTestId('bigscreen-panel-top')).toHaveTextContent('Prague roof');
    expect(screen.getByTestId('bigscreen-savings-earnings-EUR')).toHaveTextContent('€1,234.50');
    const charts = api.callsTo('GET /api/big-screen/charts')[0]!;
    expect(charts.headers[KIOSK_HEADER]).toBeUndefined();
    expect(FakeLiveSocket.latest().url).toMatch(/\/api\/ws$/);
  });

  it("a signed-in user sees only their role's visible views", async () => {
    fakeApi(ROUTES);
    const me = testMe();
    me.role.views = ['bigScreen/flowGraph'];
    await renderScreen('/bigScreen/charts', { me });
    expect(await screen.findByTestId('bigscreen-not-visible')).toBeInTheDocument();
    expect(screen.getByTestId('bigscreen-tab-flowGraph')).toBeInTheDocument();
    expect(screen.queryByTestId('bigscreen-tab-charts')).toBeNull();
    expect(screen.queryByTestId('bigscreen-panel-top')).toBeNull();
  });

  it('the flow view asks for the chosen plant of the address', async () => {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, 'tok');
    const api = fakeApi({ ...ROUTES, 'GET /api/big-screen/flow': ok({ ...FLOW, plantId: 2, name: 'Shanghai park' }) });
    await renderScreen('/bigScreen/flowGraph?plant=2');
    expect(await screen.findByTestId('bigscreen-flow-name')).toHaveTextContent('Shanghai park');
    expect(api.callsTo('GET /api/big-screen/flow')[0]!.query.get('plantId')).toBe('2');
    expect(screen.getByTestId('energy-flow')).toBeInTheDocument();
  });
});
