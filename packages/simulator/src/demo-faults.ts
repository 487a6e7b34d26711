import type { FaultScenario } from './fault-scenarios.js';

/**
 * The demo fleet's fault scenarios (serial numbers and plant ids of demoFleetConfig), at the rates a real fleet of
 * 22 inverters shows: a few alarms a week (about 25 a month with the background faults), each with a cause the
 * catalogue describes. A standing meter fault keeps one alarm active at any moment; now and then a regional grid
 * loss, a wet-morning insulation fault, a silent BMS or a flapping overload; Abuja's grid fails most often, as
 * Nigeria's does. Brief meter dropouts and switchovers (minor, under 4 minutes) show in the live data but stay under
 * the minor debounce of 5 minutes, so they raise no alarm (docs/alarms.md). The OSIM inverters of the demo (the
 * first plant's) only take part in the transients, whose codes OSIM carries (0x1F words 2 and 4).
 */
export const DEMO_FAULT_SCENARIOS: readonly FaultScenario[] = [
  // Regional grid losses: every grid-connected plant of the area at once (micro-grids have no grid to lose).
  {
    kind: 'gridLoss',
    area: 'cz',
    plantIds: ['cz-praha-home', 'cz-brno-ci'],
    perDay: 1 / 60,
    minMinutes: 20,
    maxMinutes: 75,
  },
  {
    kind: 'gridLoss',
    area: 'de',
    plantIds: ['de-muenchen-home', 'de-hamburg-ci'],
    perDay: 1 / 90,
    minMinutes: 15,
    maxMinutes: 60,
  },
  { kind: 'gridLoss', area: 'ng', plantIds: ['ng-abuja-ci'], perDay: 1 / 30, minMinutes: 20, maxMinutes: 120 },
  { kind: 'gridLoss', area: 'br', plantIds: ['br-saopaulo-home'], perDay: 1 / 60, minMinutes: 15, maxMinutes: 90 },
  // Insulation (63) on wet mornings at the Utrecht roof: a connector that lets water in.
  { kind: 'wetMorning', sn: 'VF5K2400801', code: 63, chance: 0.25 },
  // The Munich battery's BMS goes silent (1002) for hours, about twice a month.
  { kind: 'episodes', sn: 'VF6K2400601', code: 1002, perDay: 1 / 14, minMinutes: 120, maxMinutes: 540 },
  // Austin: a cycling compressor overloads the output (1) every 8 minutes for an hour or so, a few days a month.
  {
    kind: 'flapping',
    sn: 'VF10K2401302',
    code: 1,
    perDay: 1 / 20,
    startHours: [10, 15],
    cycles: [8, 11],
    periodMinutes: 8,
    onMinutes: [3, 4],
  },
  // Meter communication (47, minor) lost for a week or so, handed between three inverters: always one active.
  { kind: 'standing', sns: ['VF5K2400901', 'VF10K2401201', 'VF10K2400401'], code: 47, periodDays: 20 },
  // Brief meter dropouts (47) and on/off-grid switchovers (75), both minor, under the minor debounce: one every 40
  // minutes somewhere.
  {
    kind: 'transients',
    sns: [
      'VF10K2400102',
      'VF6K2400201',
      'VF10K2400302',
      'VF10K2400502',
      'VF10K2400703',
      'VF10K2401001',
      'VF6K2401002',
      'VF10K2401102',
      'VF10K2401301',
    ],
    codes: [47, 75],
    slotMinutes: 40,
    minMinutes: 1,
    maxMinutes: 4,
  },
];
