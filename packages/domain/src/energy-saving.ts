import { z } from 'zod';
import { positiveNumberSchema } from './validation-schemas.js';

/**
 * Default energy-saving factors per kWh of generation, the convention of Chinese PV monitoring portals:
 * 0.4 kg of standard coal saved (the grid's average coal consumption per kWh supplied, ≈ 400 gce/kWh),
 * 0.997 kg of CO2 avoided (2.493 kg CO2 per kg of standard coal × 0.4 kg) and 0.0545 trees planted
 * (one tree absorbing ≈ 18.3 kg CO2 a year: 0.997 / 18.3). A plant may configure its own factors.
 */
export const DEFAULT_SAVING_FACTORS = {
  coalKgPerKwh: 0.4,
  co2KgPerKwh: 0.997,
  treesPerKwh: 0.0545,
} as const;

/** Upper limits that keep typos out: no grid emits 10 kg of CO2 (or burns 10 kg of coal) per kWh. */
export const SAVING_FACTOR_MAX = { coalKgPerKwh: 10, co2KgPerKwh: 10, treesPerKwh: 1 } as const;

const factor = (max: number) => positiveNumberSchema.max(max, 'validation.exceedsLimit');

/** Energy-saving configuration of a plant (R3.6 "energy-saving entry"): positive factors per kWh. */
export const savingFactorsInputSchema = z.strictObject({
  coalKgPerKwh: factor(SAVING_FACTOR_MAX.coalKgPerKwh),
  co2KgPerKwh: factor(SAVING_FACTOR_MAX.co2KgPerKwh),
  treesPerKwh: factor(SAVING_FACTOR_MAX.treesPerKwh),
});
export type SavingFactorsInput = z.infer<typeof savingFactorsInputSchema>;

const factorsSchema = z.object({ coalKgPerKwh: z.number(), co2KgPerKwh: z.number(), treesPerKwh: z.number() });

/** A plant's energy-saving configuration: its own entry (null = none) and the factors in effect. */
export const energySavingConfigSchema = z.object({
  plantId: z.number().int(),
  configured: factorsSchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() }).nullable(),
  defaults: factorsSchema,
  effective: factorsSchema,
});
export type EnergySavingConfig = z.infer<typeof energySavingConfigSchema>;
