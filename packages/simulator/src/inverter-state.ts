import type { SimBattery } from './battery.js';
import type { EnergyCounters } from './counters.js';
import type { PowerFlow } from './dispatch.js';
import type { Environment, SiteGeometry } from './environment.js';
import type { InverterParameters } from './parameters.js';

/** Where an inverter is installed: geometry plus the grid it connects to and whether it sits in a cabinet. */
export interface InverterSite extends SiteGeometry {
  grid: { nominalV: number; frequencyHz: number };
  /** A storage cabinet (C&I and micro-grid plants with one): cabinet meter, gate meter, dehumidifier, liquid cooling. */
  hasCabinet: boolean;
}

/**
 * The inverter's state as a reading reads it (reading-values.ts, reading-storage.ts); SimInverter implements it. Apart
 * from the inverter, which builds its readings with those modules, so that they do not import it back.
 */
export interface InverterReadingState {
  readonly sn: string;
  readonly ratedW: number;
  readonly battery: SimBattery | undefined;
  readonly counters: EnergyCounters;
  readonly site: InverterSite;
  readonly flow: PowerFlow;
  readonly environment: Environment | undefined;
  readonly pvPeakW: { pv1: number; pv2: number };
  readonly parameters: Readonly<InverterParameters>;
}
