// Meanings of enumerated values (R3.7), for the parameter catalogue: the values each option set allows, named by the
// catalogue's option lists (`option.<list>.<value>`, the same texts the settings forms show for these settings).
import type { OptionSetName, OsimTextKey } from './layout.js';

export interface OptionLabel {
  readonly value: number;
  readonly name: OsimTextKey;
}

const list = (name: string, values: readonly number[]): readonly OptionLabel[] =>
  values.map((value) => ({ value, name: `option.${name}.${value}` }));

export const OPTION_SETS: Readonly<Record<OptionSetName, readonly OptionLabel[]>> = {
  workMode: list('workModes', [0, 1, 2, 3, 4, 6]),
  enableOption: list('enableOptions', [0, 1, 2]),
  onOff: list('onOff', [0, 1]),
  pvSource: list('acCouplingPvSources', [0, 1, 2, 3]),
  backupOrder: list('backupSupplyOrders', [0, 1]),
  batteryType: list('batteryTypes', [1, 2]),
  forcedCharge: list('weeklyForcedCharging', [0, 1, 2]),
};
