import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceDetail, DeviceRealtime, LinkedDevice } from '@voltfleet/domain/telemetry';
import type { Lang } from '@voltfleet/domain/i18n';
import { fakeApi, ok } from '@/test/fake-api';
import { FakeLiveSocket, installFakeLiveSocket } from '@/test/fake-live-socket';
import { asPhone } from '@/test/phone';
import { renderWithProviders, testMe } from '@/test/render';
import DeviceDetailPage from './device-detail-page';

// A battery and a collector have no connection of their own (issue 36): the battery's page shows its inverter's BMS
// values and says whose they are; the collector's shows what its link knows. Prague is UTC+1 in March.
const INVERTER: LinkedDevice = { id: 7, sn: 'VF5K24000101', kind: 'inverter' };
const READ_AT = '2026-03-03T22:44:00.000Z';

function detail(fields: Partial<DeviceDetail>): DeviceDetail {
  return {
    id: 12,
    sn: 'VFBAT24000101',
    kind: 'battery',
    modelType: 'LFP',
    batteryModelType: 'LFP',
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
    onlineRule: 'reportsVia',
    onlineVia: INVERTER,
    lastContact: { at: READ_AT, via: INVERTER },
    behind: [],
    ...fields,
  };
}

const bms = (values: Record<string, number | null>): DeviceRealtime => ({
  ts: READ_AT,
  source: INVERTER,
  plantTimeZone: 'Europe/Prague',
  groups: [
    {
      group: 'bms',
      values: [
        { key: 'batSocPct', unit: '%', decimals: 0, value: values.batSocPct ?? null },
        { key: 'batVoltageV', unit: 'V', decimals: 1, value: values.batVoltageV ?? null },
        { key: 'batCellVoltageMaxV', unit: 'V', decimals: 3, value: values.batCellVoltageMaxV ?? null },
      ],
    },
  ],
});

async function open(
  device: DeviceDetail,
  realtime: DeviceRealtime,
  lang: Lang,
  more: Parameters<typeof fakeApi>[0] = {},
) {
  fakeApi({
    [`GET /api/devices/${device.id}/detail`]: ok(device),
    [`GET /api/devices/${device.id}/realtime`]: ok(realtime),
    'GET /api/alarms': ok({ items: [], total: 0, page: 1, pageSize: 15, totalCapped: false }),
    ...more,
  });
  const router = createMemoryRouter([{ path: '/deviceCenter/deviceList/:deviceId', element: <DeviceDetailPage /> }], {
    initialEntries: [`/deviceCenter/deviceList/${device.id}`],
  });
  const view = await renderWithProviders(<RouterProvider router={router} />, {
    lang,
    me: testMe(['B', 'B/A']),
  });
  await screen.findByTestId('device-basic-info', {}, { timeout: 5000 });
  return { ...view, router };
}

const TEXTS = {
  en: {
    status: 'Online via inverter VF5K24000101',
    rule: 'it counts as online while the device it reports through has been heard from recently',
    lastSeen: '2026-03-03 23:44:00 UTC+1 via inverter VF5K24000101',
    realtimeTab: 'Real-time data',
    reportedBy: 'As reported by inverter VF5K24000101 at 2026-03-03 23:44:00 UTC+1 (plant time)',
    values: ['63 %', '51.2 V', '3.215 V'],
    noBms: 'The newest reading of inverter VF5K24000101 (2026-03-03 23:44:00 UTC+1) carries no battery values',
    lastContact: '2026-03-03 23:44:00 UTC+1 via inverter VF5K24000101',
    signal: "Not reported: this collector's connection carries no signal strength",
    behindStatus: 'Online',
  },
  de: {
    status: 'Online über Wechselrichter VF5K24000101',
    rule: 'Es gilt als online, solange sich das Gerät, über das es meldet, vor Kurzem gemeldet hat',
    lastSeen: '2026-03-03 23:44:00 UTC+1 über Wechselrichter VF5K24000101',
    realtimeTab: 'Echtzeitdaten',
    reportedBy: 'Gemeldet von Wechselrichter VF5K24000101 am 2026-03-03 23:44:00 UTC+1 (Anlagenzeit)',
    values: ['63 %', '51,2 V', '3,215 V'],
    noBms:
      'Die neuesten Daten von Wechselrichter VF5K24000101 (2026-03-03 23:44:00 UTC+1) enthalten keine Batteriewerte',
    lastContact: '2026-03-03 23:44:00 UTC+1 über Wechselrichter VF5K24000101',
    signal: 'Nicht gemeldet: Die Verbindung dieses Datenloggers überträgt keine Signalstärke',
    behindStatus: 'Online',
  },
} as const;

describe.each(['en', 'de'] as const)('battery and collector detail (%s)', (lang) => {
  installFakeLiveSocket();
  const text = TEXTS[lang];

  it("shows a battery online via its inverter, last seen at the inverter's reading, and its BMS values", async () => {
    const { user } = await open(detail({}), bms({ batSocPct: 63, batVoltageV: 51.2, batCellVoltageMaxV: 3.215 }), lang);
    const status = screen.getByTestId('device-field-runningStatus');
    expect(status).toHaveTextContent(text.status);
    expect(within(status).getByTestId('device-status-rule-VFBAT24000101').getAttribute('aria-label')).toContain(
      text.rule,
    );
    expect(screen.getByTestId('device-field-lastSeen')).toHaveTextContent(text.lastSeen);
    for (const link of screen.getAllByTestId('linked-device-VF5K24000101'))
      expect(link).toHaveAttribute('href', '/deviceCenter/deviceList/7');

    await user.click(screen.getByRole('tab', { name: text.realtimeTab }));
    expect(await screen.findByTestId('device-realtime-time', {}, { timeout: 5000 })).toHaveTextContent(text.reportedBy);
    expect(
      ['batSocPct', 'batVoltageV', 'batCellVoltageMaxV'].map((k) => screen.getByTestId(`realtime-${k}`).textContent),
    ).toEqual(text.values);

    // A new reading of the inverter is the battery's new values, without reloading.
    FakeLiveSocket.latest().open();
    FakeLiveSocket.latest().push({
      type: 'reading',
      deviceId: 7,
      plantId: 3,
      ts: Date.parse(READ_AT) + 30_000,
      values: { batSocPct: 64, batVoltageV: 51.3, pvPowerW: 900 },
    });
    await waitFor(() => expect(screen.getByTestId('realtime-batSocPct')).toHaveTextContent('64 %'));
    expect(screen.queryByTestId('realtime-group-pv')).toBeNull();
  }, 30_000);

  it("says plainly when the inverter's reading carries no battery values", async () => {
    const { user } = await open(detail({}), bms({}), lang);
    await user.click(screen.getByRole('tab', { name: text.realtimeTab }));
    expect(await screen.findByTestId('realtime-no-bms', {}, { timeout: 5000 })).toHaveTextContent(text.noBms);
    expect(screen.queryByTestId('realtime-group-bms')).toBeNull();
  }, 30_000);

  it('shows what a collector’s link knows: last contact, no invented signal, and the devices behind it', async () => {
    const collector = detail({
      id: 5,
      sn: 'VFCOL24000101',
      kind: 'collector',
      modelType: 'DTU4G',
      batteryModelType: null,
      onlineRule: 'behind',
      behind: [{ ...INVERTER, model: '5K', runningStatus: 'online', lastSeenAt: READ_AT }],
    });
    const { user } = await open(
      collector,
      { ts: null, source: null, plantTimeZone: 'Europe/Prague', groups: [] },
      lang,
    );
    expect(screen.getByTestId('device-field-runningStatus')).toHaveTextContent(text.status);
    await user.click(screen.getByRole('tab', { name: text.realtimeTab }));
    expect(await screen.findByTestId('collector-last-contact', {}, { timeout: 5000 })).toHaveTextContent(
      text.lastContact,
    );
    expect(screen.getByTestId('collector-signal')).toHaveTextContent(text.signal);
    const row = within(screen.getByTestId('behind-VF5K24000101'));
    expect(row.getByTestId('behind-link-VF5K24000101')).toHaveAttribute('href', '/deviceCenter/deviceList/7');
    expect(row.getByTestId('device-status-VF5K24000101')).toHaveTextContent(text.behindStatus);
    expect(screen.queryByTestId('device-realtime')).toBeNull();
  }, 30_000);
});

describe('the devices behind a device on a phone', () => {
  installFakeLiveSocket();
  afterEach(() => vi.restoreAllMocks());

  it('shows a card per device (its status beside the serial number, its other columns as lines) that opens it', async () => {
    asPhone();
    const collector = detail({
      id: 5,
      sn: 'VFCOL24000101',
      kind: 'collector',
      modelType: 'DTU4G',
      batteryModelType: null,
      onlineRule: 'behind',
      behind: [{ ...INVERTER, model: '5K', runningStatus: 'online', lastSeenAt: READ_AT }],
    });
    const inverter = detail({ ...INVERTER, modelType: '5K', batteryModelType: null, onlineRule: 'own', behind: [] });
    const { user, router } = await open(
      collector,
      { ts: null, source: null, plantTimeZone: 'Europe/Prague', groups: [] },
      'de',
      {
        'GET /api/devices/7/detail': ok(inverter),
        'GET /api/devices/7/realtime': ok({ ts: null, source: null, plantTimeZone: 'Europe/Prague', groups: [] }),
      },
    );
    await user.click(screen.getByRole('tab', { name: 'Echtzeitdaten' }));
    const card = await screen.findByTestId('behind-VF5K24000101', {}, { timeout: 5000 });
    // A card, not a table scrolling sideways in its own box.
    expect(card.tagName).toBe('LI');
    expect(within(screen.getByTestId('device-behind')).queryByRole('table')).toBeNull();
    expect(within(card).getByTestId('device-status-VF5K24000101')).toHaveTextContent('Online');
    const lines = within(card)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);
    expect(lines).toEqual(['Typ: Wechselrichter', 'Modelltyp: 5K', 'Zuletzt online: 2026-03-03 23:44:00 UTC+1']);

    await user.click(within(card).getByTestId('behind-link-VF5K24000101'));
    expect(router.state.location.pathname).toBe('/deviceCenter/deviceList/7');
    await waitFor(() => expect(screen.getByTestId('device-field-sn')).toHaveTextContent('VF5K24000101'));
  }, 30_000);
});
