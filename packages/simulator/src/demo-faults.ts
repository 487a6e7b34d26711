import type { FaultScenario } from './fault-scenarios.js';

/**
 * The demo fleet's fault scenarios (serial numbers and plant ids of demoFleetConfig). They make the Alarm Center
 * look like a real fleet's at any moment: a few faults active, some recovering every few minutes, and now and then
 * a regional grid loss, a wet-morning insulation fault, a silent BMS and a flapping overload. The OSIM inverters of
 * the demo (the first plant's) only take part in the transients, whose codes OSIM carries (0x1F words 2 and 4).
 */
export const DEMO_FAULT_SCENARIOS: readonly FaultScenario[] = [
  // Regional grid losses: every grid-connected plant of the area at once (micro-grids have no grid to lose).
  {
    kind: 'gridLoss',
    area: 'cz',
    plantIds: ['cz-praha-home', 'cz-brno-ci'],
    perDay: 1 / 4,
    minMinutes: 20,
    maxMinutes: 75,
  },
  {
    kind: 'gridLoss',
    area: 'de',
    plantIds: ['de-muenchen-home', 'de-hamburg-ci'],
    perDay: 1 / 8,
    minMinutes: 15,
    maxMinutes: 60,
  },
  { kind: 'gridLoss', area: 'ng', plantIds: ['ng-abuja-ci'], perDay: 1 / 2, minMinutes: 20, maxMinutes: 120 },
  { kind: 'gridLoss', area: 'br', plantIds: ['br-saopaulo-home'], perDay: 1 / 10, minMinutes: 15, maxMinutes: 90 },
  // Insulation (63) on wet mornings at the Utrecht roof: a connector that lets water in.
  { kind: 'wetMorning', sn: 'VF5K2400801', code: 63, chance: 0.5 },
  // The Munich battery's BMS goes silent (1002) for hours every few days.
  { kind: 'episodes', sn: 'VF6K2400601', code: 1002, perDay: 1 / 3, minMinutes: 120, maxMinutes: 540 },
  // Austin: a cycling compressor overloads the output (1) every 8 minutes for an hour or so, most working days.
  {
    kind: 'flapping',
    sn: 'VF10K2401302',
    code: 1,
    perDay: 0.8,
    startHours: [10, 15],
    cycles: [8, 11],
    periodMinutes: 8,
    onMinutes: [3, 4],
  },
  // Meter communication (47, minor) lost for days, handed between three inverters: always at least one active.
  { kind: 'standing', sns: ['VF5K2400901', 'VF10K2401201', 'VF10K2400401'], code: 47, periodDays: 6 },
  // Brief meter dropouts (47) and on/off-grid switchovers (75), both minor: one every 12 minutes somewhere.
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
    slotMinutes: 12,
    minMinutes: 3,
    maxMinutes: 5,
  },
];
