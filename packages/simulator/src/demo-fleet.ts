import { ratedPowerW, type InverterModel } from '@voltfleet/domain/devices';
import { type PhonePrefix } from '@voltfleet/domain/validation';
import { type UserLevel } from '@voltfleet/domain/users';
import type { FleetConfig, SimDeviceConfig, SimPlantConfig } from './config.js';
import { DEMO_FAULT_SCENARIOS } from './demo-faults.js';
import { MORE_DEMO_PLANTS } from './demo-plants-more.js';
import { DEMO_PLANTS, type DemoPlantSeed } from './demo-plants.js';

/** A demo account: dealers (level 1) → installers (level 2, engineering) → owners (level 3, personal). */
export interface DemoUser {
  username: string;
  name: string;
  level: UserLevel;
  superior: string | null;
  email: string;
  prePhoneCode?: PhonePrefix;
  phone?: string;
}

export interface DemoFleetConfig extends FleetConfig {
  users: DemoUser[];
}

type UserRow = [username: string, name: string, superior: string | null, phone?: [PhonePrefix, string]];
const DEALERS: UserRow[] = [
  ['dealer_china', '华东新能源', null, ['+86', '13800138000']],
  ['dealer_europe', 'Volta_Europe', null, ['+31', '612345678']],
  ['dealer_americas', 'Sol_Americas', null, ['+1', '6024150147']],
  ['dealer_africa', 'Naija_Solar', null, ['+234', '8031234567']],
];
const INSTALLERS: UserRow[] = [
  ['installer_suzhou', '苏州光储工程', 'dealer_china', ['+86', '13912345678']],
  ['installer_shenzhen', '深圳阳光安装', 'dealer_china', ['+86', '13612345678']],
  ['installer_praha', 'SolarMont_Praha', 'dealer_europe'],
  ['installer_bayern', 'Sonnendach_Bayern', 'dealer_europe'],
  ['installer_nord', 'Nordlicht_Energie', 'dealer_europe'],
  ['installer_utrecht', 'Zonnig_Utrecht', 'dealer_europe', ['+31', '687654321']],
  ['installer_sp', 'Sol_Paulista', 'dealer_americas', ['+55', '11987654321']],
  ['installer_phoenix', 'Desert_Sun_Installers', 'dealer_americas', ['+1', '4809670199']],
  ['installer_lagos', 'Lekki_Power', 'dealer_africa', ['+234', '8059876543']],
];

const ALL_SEEDS = [...DEMO_PLANTS, ...MORE_DEMO_PLANTS];

/** PV strings per model, W: about 1.15 × rated, split unevenly as real roofs are. */
const STRINGS: Record<InverterModel, [number, number]> = {
  '5K': [3200, 2600],
  '6K': [3800, 3200],
  '10K': [6400, 5200],
};

/** Losses of one installation on top of the system losses (SimInverterConfig.ownLossPct), %. */
const OWN_LOSS_PCT = [1.2, 3.4, 2.1, 5.6, 2.8, 4.3, 1.7] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The DSP each model's demo inverters run: the 10K's power stage is series-2 hardware, the smaller ones series 1. */
export const DEMO_DSP_VERSIONS: Readonly<Record<InverterModel, string>> = {
  '5K': 'V105A00D00',
  '6K': 'V105A00D00',
  '10K': 'V201A00D00',
};

/** The PCU of the demo inverters: every third plant still runs one below 4.0.0 (it must go to 4.0.0 first). */
export const DEMO_PCU_VERSIONS = { old: '3.2.1', current: '4.0.0' } as const;

/** Days of history the server's demo seeds by default (DEMO_HISTORY_DAYS): its fleet starts that long before now. */
export const DEMO_HISTORY_DAYS = 395;
const DAY_MS = 86_400_000;

/**
 * Losses the demo's performance view (issue 42: expected against actual yield, performance ratio, under-performance,
 * battery health) is there to find, one of each kind and believable, deterministic like everything in the demo:
 * - soiling washed off by rain (soiling.ts) at two dusty, dry-season places: Abuja's market roof under the Harmattan
 *   (dry from October to June: the loss builds up to its cap, and the July rains wash it), and the Brno warehouse by
 *   the airfield (its dry summer spells show the loss growing and dropping back after each rain);
 * - a lost string: the Suzhou plant's third inverter loses its PV2 string (a burnt connector) `daysBeforeNow` days
 *   before the demo's present, so the first look at the seeded history finds it producing about half of what its two
 *   siblings of the same model do, since a recent day;
 * - a battery ageing fast: the Phoenix pack in a hot garage loses health per cycle seven times as fast as the others
 *   and 2 % a year besides; over the seeded 13 months it falls from 99 % to about 88 %, where the others lose 0–1.2 %.
 */
export const DEMO_LOSSES = {
  soilingPctPerDay: { 'ng-abuja-ci': 0.2, 'cz-brno-ci': 0.25 } as Readonly<Record<string, number>>,
  lostString: { sn: 'VF10K2400103', daysBeforeNow: 10 },
  ageingBattery: { sn: 'VFBAT2401201', sohPct: 99, cycleAgeingFactor: 7, calendarSohLossPctPerYear: 2 },
} as const;

/**
 * The demo fleet: thirteen plants of all three types in China, Czechia, Germany, the Netherlands, Brazil, Nigeria
 * and the USA; each with one to three inverters, a battery per inverter and a collector; owners, installers and
 * dealers. Serial numbers are fixed: VF{model}24{plant 3 digits}{device 2 digits}, VFBAT…, VFDTU…. Faults: background
 * faults at 1 in 5,000 per inverter-hour (in bad weeks) plus the scenarios of demo-faults.ts.
 */
export function demoFleetConfig(options: {
  startMs: number;
  seed?: number;
  /**
   * The demo's present, which its losses are placed from (the PV2 string lost DEMO_LOSSES.lostString.daysBeforeNow
   * days before it): the end of the history its fleet replays from `startMs`. Default: `startMs` plus
   * DEMO_HISTORY_DAYS, the server's default history. A fleet that starts at the present (the live run after a
   * restart) must pass the present of its seeding, or the string is whole again.
   */
  nowMs?: number;
}): DemoFleetConfig {
  const nowMs = options.nowMs ?? options.startMs + DEMO_HISTORY_DAYS * DAY_MS;
  const lostString = DEMO_LOSSES.lostString;
  const ageing = DEMO_LOSSES.ageingBattery;
  const plants: SimPlantConfig[] = [];
  const devices: SimDeviceConfig[] = [];
  ALL_SEEDS.forEach((seed, plantIndex) => {
    const p = pad(plantIndex + 1, 3);
    const collectorSn = `VFDTU24${p}00`;
    devices.push({ kind: 'collector', sn: collectorSn, plantId: seed.id, model: 'DTU4G' });
    seed.inverters.forEach(({ model, batteryKwh }, i) => {
      const sn = `VF${model}24${p}${pad(i + 1, 2)}`;
      const [pv1PeakW, pv2PeakW] = STRINGS[model];
      devices.push({
        kind: 'inverter',
        sn,
        plantId: seed.id,
        model,
        pv1PeakW,
        pv2PeakW,
        // Each roof its own: 1–6 % more loss from soiling, shading and mismatch, different per inverter and plant.
        ownLossPct: OWN_LOSS_PCT[(plantIndex + i * 2) % OWN_LOSS_PCT.length],
        collectorSn,
        pcuVersion: plantIndex % 3 === 0 ? DEMO_PCU_VERSIONS.old : DEMO_PCU_VERSIONS.current,
        dspVersion: DEMO_DSP_VERSIONS[model],
        parameters: { workMode: seed.workMode, socLowerLimitPct: seed.type === 3 ? 15 : 20 },
        reportIntervalS: seed.type === 2 ? 30 : 60,
        faultRatePerHour: 1 / 5000,
        installationPosition: seed.type === 1 ? 'garage' : 'cabinet',
        ...(sn === lostString.sn ? { pv2LostFromMs: nowMs - lostString.daysBeforeNow * DAY_MS } : {}),
      });
      const batterySn = `VFBAT24${p}${pad(i + 1, 2)}`;
      devices.push({
        kind: 'battery',
        sn: batterySn,
        plantId: seed.id,
        inverterSn: sn,
        capacityKwh: batteryKwh,
        maxChargeW: Math.min(ratedPowerW(model), batteryKwh * 500),
        maxDischargeW: Math.min(ratedPowerW(model), batteryKwh * 500),
        cellsInSeries: model === '10K' ? 96 : 64,
        model: `VF-LFP-${batteryKwh}`,
        ...(batterySn === ageing.sn
          ? {
              sohPct: ageing.sohPct,
              cycleAgeingFactor: ageing.cycleAgeingFactor,
              calendarSohLossPctPerYear: ageing.calendarSohLossPctPerYear,
            }
          : {}),
      });
    });
    plants.push(plantConfig(seed));
  });
  return {
    seed: options.seed ?? 20_240_601,
    startMs: options.startMs,
    plants,
    devices,
    faults: [...DEMO_FAULT_SCENARIOS],
    users: demoUsers(),
  };
}

function plantConfig(seed: DemoPlantSeed): SimPlantConfig {
  const { inverters, workMode: _workMode, ...plant } = seed;
  const peakW = inverters.reduce((sum, i) => sum + STRINGS[i.model][0] + STRINGS[i.model][1], 0);
  const soilingPctPerDay = DEMO_LOSSES.soilingPctPerDay[seed.id];
  return {
    ...plant,
    ...(soilingPctPerDay ? { soilingPctPerDay } : {}),
    powerKw: Math.round(peakW / 100) / 10,
    capacityKwh: inverters.reduce((sum, i) => sum + i.batteryKwh, 0),
  };
}

function demoUsers(): DemoUser[] {
  const row =
    (level: UserLevel) =>
    ([username, name, superior, phone]: UserRow): DemoUser => ({
      username,
      name,
      level,
      superior,
      email: `${username.replace(/_/g, '.')}@demo.voltfleet.example`,
      ...(phone ? { prePhoneCode: phone[0], phone: phone[1] } : {}),
    });
  const owners: UserRow[] = ALL_SEEDS.map((p) => [
    p.owner,
    p.owner.replace(/^owner_/, '').replace(/_/g, ' '),
    p.installer,
  ]);
  const unique = owners.filter((o, i) => owners.findIndex((x) => x[0] === o[0]) === i);
  return [...DEALERS.map(row(1)), ...INSTALLERS.map(row(2)), ...unique.map(row(3))];
}
