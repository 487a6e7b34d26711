import type { Currency, OnGridType, PlantType } from '@voltfleet/domain/plants';
import type { InverterModel } from '@voltfleet/domain/devices';
import type { BatteryConfig } from './battery.js';
import type { MonthlyGhi } from './climate.js';
import type { FaultScenario } from './fault-scenarios.js';
import type { LoadConfig } from './load.js';
import type { InverterParameters } from './parameters.js';
import type { TariffPeriod } from './tariff.js';

/** A simulated plant: where it is, how its panels face, what it consumes and what it pays. */
export interface SimPlantConfig {
  /** Stable key of the plant in the simulation (not the database id). */
  id: string;
  name: string;
  type: PlantType;
  latitude: number;
  longitude: number;
  /** IANA zone: the plant's local midnight resets the daily counters. */
  timeZone: string;
  /** Panel azimuth, compass degrees (180 = south) and tilt from horizontal. */
  azimuthDeg: number;
  inclinationDeg: number;
  /** The place's monthly mean daily GHI (climate.ts): the simulated weather averages to it month by month. */
  climate?: MonthlyGhi;
  address: string;
  currency: Currency;
  onGridType: OnGridType;
  constructionDate: string;
  powerKw: number;
  capacityKwh: number;
  /** Username of the owner and of the installer the plant is affiliated to. */
  owner: string;
  installer?: string;
  /** Consumption of the whole plant, shared evenly by its inverters. */
  load: LoadConfig;
  tariff: TariffPeriod[];
  grid: { nominalV: number; frequencyHz: number };
  /**
   * The plant's inverters sit in outdoor storage cabinets with a cabinet meter, a storage gate meter, a dehumidifier
   * and liquid cooling, and report those groups too (C&I and micro-grid plants only; a household has none).
   */
  storageCabinet?: boolean;
  /** Soiling of the panels, % per dry day, washed off by rain (soiling.ts; SiteGeometry.soilingPctPerDay). */
  soilingPctPerDay?: number;
}

export interface SimInverterConfig {
  kind: 'inverter';
  sn: string;
  plantId: string;
  model: InverterModel;
  /** Peak DC power of the two strings, W. */
  pv1PeakW: number;
  pv2PeakW: number;
  /**
   * DC power this installation loses on top of the usual system losses, % (its own soiling, shading and string
   * mismatch): two inverters of one plant never produce quite alike.
   */
  ownLossPct?: number;
  /**
   * From this instant (epoch ms UTC) the PV2 string is lost: it gives 0 W and 0 V (a burnt connector, a cut cable),
   * until the end of the run. Its sibling inverters of the same model go on producing: a comparison finds it.
   */
  pv2LostFromMs?: number;
  /** The collector (DTU) the inverter reports through. */
  collectorSn?: string;
  pcuVersion: string;
  dspVersion: string;
  parameters?: Partial<InverterParameters>;
  /** Seconds between readings (10 s … 5 min). */
  reportIntervalS?: number;
  /** Probability that a background fault starts in any one hour (see faults.ts). */
  faultRatePerHour?: number;
  installationPosition?: string;
}

export interface SimBatteryDeviceConfig extends BatteryConfig {
  kind: 'battery';
  plantId: string;
  inverterSn: string;
}

export interface SimCollectorConfig {
  kind: 'collector';
  sn: string;
  plantId: string;
  model: string;
}

export type SimDeviceConfig = SimInverterConfig | SimBatteryDeviceConfig | SimCollectorConfig;

export interface FleetConfig {
  seed: number;
  /** Simulated start time, epoch ms UTC. */
  startMs: number;
  plants: SimPlantConfig[];
  devices: SimDeviceConfig[];
  /** Fault scenarios (grid losses, wet mornings, flapping, …) on top of each inverter's background faults. */
  faults?: FaultScenario[];
}
