import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatteryHealth } from '@voltfleet/domain/performance';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';
import { fakeApi, ok, refused } from '@/test/fake-api';
import { installFakeLiveSocket } from '@/test/fake-live-socket';
import { renderWithProviders, testMe } from '@/test/render';
import DeviceDetailPage from '../pages/device-detail-page';
import { BatteryHealthTab } from './battery-health-tab';

const HEALTH: BatteryHealth = {
  deviceId: 9,
  capacityKwh: 10,
  sohPct: 90,
  sohTrend: [
    { day: '2026-05-30', sohPct: 90.13 },
    { day: '2026-05-31', sohPct: 90.07 },
    { day: '2026-06-01', sohPct: 90 },
  ],
  sohFallPerMonthPct: 2,
  alarmFallPerMonthPct: 0.5,
  equivalentFullCycles: 27.8,
  bmsCycleCount: 1234,
  efficiencyByMonth: [
    { month: '2026-04', chargeKwh: 100, dischargeKwh: 90, efficiency: 0.9 },
    { month: '2026-05', chargeKwh: 0.5, dischargeKwh: 0.4, efficiency: null },
  ],
  cellSpreadTrend: [
    { day: '2026-05-31', spreadMv: 118.5 },
    { day: '2026-06-01', spreadMv: 120 },
  ],
};

const EMPTY: BatteryHealth = {
  ...HEALTH,
  capacityKwh: null,
  sohPct: null,
  sohTrend: [],
  sohFallPerMonthPct: null,
  equivalentFullCycles: null,
  bmsCycleCount: null,
  efficiencyByMonth: [],
  cellSpreadTrend: [],
};

// The charts measure their box: jsdom lays nothing out.
beforeEach(() => void vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600));
afterEach(() => vi.restoreAllMocks());

const text = (id: string) => screen.getByTestId(id).closest('.stat-card')?.textContent?.replace(/\s/g, ' ');

describe('battery health tab', () => {
  it('shows health, its fall against the alarm rate, cycles, efficiency and both trends', async () => {
    const api = fakeApi({ 'GET /api/devices/9/battery-health': ok(HEALTH) });
    await renderWithProviders(<BatteryHealthTab deviceId={9} />);

    expect(await screen.findByTestId('battery-health-soh', {}, { timeout: 5000 })).toHaveTextContent('90%');
    expect(text('battery-health-soh')).toBe('State of health90%reported on 2026-06-01');
    expect(text('battery-health-fall')).toBe(
      'Health lost per month2pp/monthAlarm above 0.5 pp/monthFalling faster than the alarm rate',
    );
    expect(screen.getByTestId('battery-health-fall').closest('.stat-card')).toHaveClass('stat-card-error');
    expect(text('battery-health-cycles')).toBe('Equivalent full cycles27.8Energy discharged in the period ÷ 10 kWh');
    expect(text('battery-health-bms-cycles')).toBe('BMS cycle count1,234');
    const rows = within(screen.getByTestId('battery-health-efficiency')).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Month', 'Charged (kWh)', 'Discharged (kWh)', 'Efficiency'],
      ['2026-04', '100', '90', '90%'],
      ['2026-05', '0.5', '0.4', '—'],
    ]);
    expect(screen.getAllByTestId('chart-line-soh')).toHaveLength(1);
    expect(screen.getAllByTestId('chart-line-spread')).toHaveLength(1);
    expect(Object.fromEntries(api.callsTo('GET /api/devices/9/battery-health')[0]!.query)).toEqual({ months: '12' });
  });

  it('asks again for another period', async () => {
    const api = fakeApi({ 'GET /api/devices/9/battery-health': ok(HEALTH) });
    const { user } = await renderWithProviders(<BatteryHealthTab deviceId={9} />);
    await screen.findByTestId('battery-health-soh', {}, { timeout: 5000 });
    await user.click(screen.getByText('3 months'));
    await waitFor(() => expect(api.callsTo('GET /api/devices/9/battery-health')).toHaveLength(2));
    expect(api.callsTo('GET /api/devices/9/battery-health')[1]!.query.get('months')).toBe('3');
  });

  it('reads in German, and says when a rate cannot be judged yet', async () => {
    fakeApi({
      'GET /api/devices/9/battery-health': ok({ ...HEALTH, sohFallPerMonthPct: null, capacityKwh: null }),
    });
    await renderWithProviders(<BatteryHealthTab deviceId={9} />, { lang: 'de' });
    expect(await screen.findByTestId('battery-health-soh', {}, { timeout: 5000 })).toHaveTextContent('90%');
    expect(text('battery-health-fall')).toBe(
      'Zustandsverlust pro Monat—Alarm über 0,5 Pp./MonatBenötigt 14 Tage mit Meldungen über mindestens einen Monat',
    );
    expect(text('battery-health-cycles')).toBe(
      'Äquivalente Vollzyklen27,8Die Speicherkapazität der Anlage ist nicht angegeben',
    );
    expect(screen.getByText('24 Monate')).toBeInTheDocument();
    expect(screen.getByText('Lade-Entlade-Wirkungsgrad pro Monat')).toBeInTheDocument();
  });

  it('says so when the battery reported nothing, and when the request failed', async () => {
    fakeApi({ 'GET /api/devices/9/battery-health': ok(EMPTY) });
    const first = await renderWithProviders(<BatteryHealthTab deviceId={9} />);
    expect(await screen.findByTestId('battery-health-empty', {}, { timeout: 5000 })).toHaveTextContent(
      'No battery values were reported in this period',
    );
    first.unmount();
    fakeApi({ 'GET /api/devices/8/battery-health': refused(500, 'error', 'Server error') });
    await renderWithProviders(<BatteryHealthTab deviceId={8} />);
    expect(await screen.findByTestId('battery-health-failed', {}, { timeout: 5000 })).toHaveTextContent(
      'Battery health could not be loaded',
    );
  });
});

describe('device detail of a battery', () => {
  installFakeLiveSocket();

  const detail = (id: number, kind: DeviceDetail['kind']) =>
    ({
      id,
      sn: `VF${kind}`,
      kind,
      modelType: 'X',
      batteryModelType: null,
      installationPosition: null,
      plantId: 3,
      plantName: 'Praha roof',
      plantTimeZone: 'Europe/Prague',
      dspVersion: null,
      pcuVersion: null,
      gridCode: null,
      batteryProtocol: null,
      meterProtocol: null,
      activation: 'activated',
      importTime: '2026-01-01T00:00:00.000Z',
      activatedAt: '2026-01-02T00:00:00.000Z',
      runningStatus: 'online',
      lastSeenAt: null,
      lastReadingAt: null,
      template: null,
      gridConnectionLimitW: null,
      socLowerLimitPct: null,
      identityConflict: null,
      onlineRule: kind === 'battery' ? 'reportsVia' : 'own',
      onlineVia: null,
      lastContact: null,
      behind: [],
    }) satisfies DeviceDetail;

  async function open(id: number) {
    const router = createMemoryRouter([{ path: '/deviceCenter/deviceList/:deviceId', element: <DeviceDetailPage /> }], {
      initialEntries: [`/deviceCenter/deviceList/${id}`],
    });
    return renderWithProviders(<RouterProvider router={router} />, { me: testMe(['B', 'B/A']) });
  }

  const routes = (id: number, kind: DeviceDetail['kind']) => ({
    [`GET /api/devices/${id}/detail`]: ok(detail(id, kind)),
    [`GET /api/devices/${id}/realtime`]: ok({ ts: null, source: null, plantTimeZone: 'Europe/Prague', groups: [] }),
    'GET /api/alarms': ok({ items: [], total: 0, page: 1, pageSize: 20, totalCapped: false }),
  });

  it('has a battery-health tab that loads the health when opened', async () => {
    const api = fakeApi({ ...routes(9, 'battery'), 'GET /api/devices/9/battery-health': ok(HEALTH) });
    const { user } = await open(9);
    const tab = await screen.findByRole('tab', { name: 'Battery health' }, { timeout: 5000 });
    expect(api.callsTo('GET /api/devices/9/battery-health')).toHaveLength(0);
    await user.click(tab);
    expect(await screen.findByTestId('battery-health-soh', {}, { timeout: 5000 })).toHaveTextContent('90%');
  });

  it('has none on an inverter', async () => {
    fakeApi(routes(7, 'inverter'));
    await open(7);
    await screen.findByRole('tab', { name: 'History curve' }, { timeout: 5000 });
    expect(screen.queryByRole('tab', { name: 'Battery health' })).toBeNull();
  });
});
