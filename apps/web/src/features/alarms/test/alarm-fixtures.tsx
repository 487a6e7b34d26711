// Shared by the Alarm Center's component tests: rows, details and overviews as the API answers them, the two pages
// mounted in a memory router (so a test reads and drives the URL).
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AlarmDetail, AlarmOverview, AlarmRow } from '@voltfleet/domain/alarms';
import { renderWithProviders, testMe } from '@/test/render';
import AlarmOverviewPage from '../pages/alarm-overview-page';
import AlarmSearchPage from '../pages/alarm-search-page';

export function alarmRow(id: number, fields: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    code: 'grid.voltageHigh',
    deviceCode: 4,
    group: 'grid',
    severity: 'major',
    state: 'active',
    name: 'Grid voltage high',
    deviceId: 100 + id,
    sn: `VF5K24000${id}`,
    plantId: 3,
    plantName: 'Praha roof',
    timeZone: 'Europe/Prague',
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

export function alarmDetail(id: number, fields: Partial<AlarmDetail> = {}): AlarmDetail {
  return {
    ...alarmRow(id),
    cause: 'The grid voltage is above the upper limit of the grid code.',
    handling: 'Check the grid voltage at the connection point.',
    events: [
      { at: '2026-03-03T22:30:00.000Z', kind: 'raised', user: null, note: null },
      { at: '2026-03-03T22:40:00.000Z', kind: 'seen', user: null, note: null },
      { at: '2026-03-03T22:50:00.000Z', kind: 'acknowledged', user: 'installer', note: 'Utility informed' },
      { at: '2026-03-04T01:00:00.000Z', kind: 'recovered', user: null, note: null },
    ],
    ...fields,
  };
}

export function overview(fields: Partial<AlarmOverview> = {}): AlarmOverview {
  return {
    total: 42,
    bySeverity: { critical: 2, major: 20, minor: 15, warning: 5 },
    byState: { active: 7, recovered: 35 },
    byGroup: {
      grid: 12,
      ac: 3,
      pv: 4,
      bus: 0,
      battery: 9,
      wiring: 0,
      insulation: 1,
      hardware: 2,
      communication: 11,
      performance: 0,
      other: 0,
    },
    unacknowledged: 9,
    flapping: 1,
    mttrSeconds: 2 * 3600 + 15 * 60,
    timeZone: 'UTC',
    from: '2026-03-01T00:00:00.000Z',
    to: '2026-03-03T23:59:59.999Z',
    trend: {
      bucket: 'day',
      labels: ['2026-03-01', '2026-03-02', '2026-03-03'],
      raised: [5, 0, 9],
      recovered: [4, 1, 8],
    },
    topPlants: [
      { plantId: 3, name: 'Praha roof', count: 20 },
      { plantId: 5, name: 'Brno hall', count: 9 },
    ],
    topDevices: [{ deviceId: 101, sn: 'VF5K240001', count: 11 }],
    computedAt: '2026-11-24T10:00:00.000Z',
    refreshing: false,
    ...fields,
  };
}

export const page = (items: AlarmRow[], total = items.length, totalCapped = false) => ({
  items,
  total,
  page: 1,
  pageSize: 15,
  totalCapped,
});

/** Everything the Alarm Center offers, plus the plant and device lists its links lead to. */
export const ALL_ALARM_PERMISSIONS = ['A', 'B', 'B/A', 'C', 'C/A', 'C/A:alarm.ack', 'C/A:alarm.export', 'C/B'];

/** Both pages at their real paths in a memory router starting at `url`, signed in with `permissions`. */
export async function renderAlarmCenter(url: string, permissions = ALL_ALARM_PERMISSIONS) {
  const router = createMemoryRouter(
    [
      { path: '/alarmCenter/alarmSearch', element: <AlarmSearchPage /> },
      { path: '/alarmCenter/alarmOverView', element: <AlarmOverviewPage /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(<RouterProvider router={router} />, { me: testMe(permissions) });
  /** The router's current path and query. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}
