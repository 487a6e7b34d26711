import type { AlarmRow } from '@voltfleet/domain/alarms';
import type {
  BigScreenAlarms,
  BigScreenCharts,
  BigScreenFlow,
  BigScreenPlant,
  BigScreenScope,
  BigScreenSummary,
} from '@voltfleet/domain/big-screen';
import type { EnergyTotals } from '@voltfleet/domain/plants';

// Answers of the big-screen endpoints as the domain contract (packages/domain/src/big-screen.ts) describes them.

const ZERO: EnergyTotals = {
  pvKwh: 0,
  loadKwh: 0,
  gridImportKwh: 0,
  gridExportKwh: 0,
  batChargeKwh: 0,
  batDischargeKwh: 0,
};

export const SCOPE: BigScreenScope = {
  kind: 'kiosk',
  name: 'Lobby wall',
  plantCount: 3,
  expiresAt: '2027-01-31T23:59:59.999Z',
  views: ['map', 'charts', 'flowGraph'],
};

export const SUMMARY: BigScreenSummary = {
  scope: SCOPE,
  summary: {
    counts: { all: 3, online: 2, normal: 1, alarm: 1, offline: 1 },
    activeAlarms: {
      total: 2,
      bySeverity: { critical: 0, major: 1, minor: 1, warning: 0 },
      normalPlantsWithAlarms: 1,
    },
    byType: [],
    powerKw: 1234.5,
    capacityKwh: 310,
    energy: {
      today: { ...ZERO, pvKwh: 12345.6 },
      month: ZERO,
      year: ZERO,
      total: ZERO,
    },
    earnings: { today: [], month: [], year: [], total: [] },
    savings: { pvKwh: 50000, coalKg: 20000, co2Kg: 49850, trees: 2720.5 },
    generatedAt: '2026-03-04T06:30:00.000Z',
  },
};

const plant = (fields: Partial<BigScreenPlant> & Pick<BigScreenPlant, 'plantId' | 'name'>): BigScreenPlant => ({
  latitude: null,
  longitude: null,
  status: 'normal',
  powerKwp: 100,
  capacityKwh: 50,
  pvPowerW: 42_000,
  pvTodayKwh: 120.5,
  alarms: { count: 0, maxSeverity: null },
  ...fields,
});

/** Prague and Brno far apart, a third plant with no position. */
export const PLANTS: BigScreenPlant[] = [
  plant({ plantId: 1, name: 'Prague roof', latitude: 50.08, longitude: 14.43 }),
  plant({
    plantId: 2,
    name: 'Shanghai park',
    latitude: 31.23,
    longitude: 121.47,
    status: 'alarm',
    powerKwp: 1000,
    alarms: { count: 2, maxSeverity: 'major' },
  }),
  plant({ plantId: 3, name: 'Unplaced barn', status: 'offline', pvPowerW: null }),
];

const alarm = (id: number): AlarmRow => ({
  id,
  code: 'grid.voltageHigh',
  deviceCode: null,
  group: 'grid',
  severity: 'major',
  state: 'active',
  name: 'Grid voltage high',
  deviceId: 20 + id,
  sn: `VF10K${id}`,
  plantId: 2,
  plantName: 'Shanghai park',
  timeZone: 'Asia/Shanghai',
  raisedAt: '2026-03-03T22:30:00.000Z',
  lastSeenAt: '2026-03-03T22:45:00.000Z',
  recoveredAt: null,
  flapping: false,
  flaps: 0,
  acknowledgedAt: null,
  acknowledgedBy: null,
  ackNote: null,
});

export const ALARMS: BigScreenAlarms = { alarms: [alarm(1), alarm(2)], total: 2 };

const trend = (date: string, values: number[]) => ({
  range: 'day' as const,
  date,
  labels: values.map((_, i) => `${String(i).padStart(2, '0')}:00`),
  series: [{ quantity: 'pv' as const, valuesKwh: values }],
});

export const CHARTS: BigScreenCharts = {
  today: trend('2026-03-04', [0, 0, 5, 12, 20]),
  yesterday: trend('2026-03-03', [0, 1, 6, 10, 18]),
  days: { labels: ['2026-03-03', '2026-03-04'], pvKwh: [400, 120] },
  months: { labels: ['2026-02', '2026-03'], pvKwh: [9000, 600] },
  status: SUMMARY.summary.counts,
  topPlants: [
    { plantId: 1, name: 'Prague roof', kwhPerKwp: 1.21, pvTodayKwh: 120.5 },
    { plantId: 2, name: 'Shanghai park', kwhPerKwp: 0.5, pvTodayKwh: 500 },
  ],
  socBands: [0, 0, 1, 0, 0, 2, 0, 0, 0, 1],
  savings: SUMMARY.summary.savings,
  earningsTotal: [{ currency: 'EUR', amount: 1234.5 }],
};

export const FLOW: BigScreenFlow = {
  plantId: null,
  name: 'Lobby wall',
  power: {
    pvPowerW: 84_000,
    loadPowerW: 30_000,
    gridPowerW: -50_000,
    batPowerW: -4_000,
    batSocPct: 64,
    readingAt: '2026-03-04T06:29:00.000Z',
    devicesReporting: 3,
  },
  energyToday: { ...ZERO, pvKwh: 360.2 },
};
