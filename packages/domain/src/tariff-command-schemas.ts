// The schemas of tariff-command.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { TARIFF_MAX_PERIODS } from './tariffs.js';

// Fields may arrive empty so that each R5.8 rule answers with its own message (tariffPlanIssues).
const periodSchema = z.strictObject({
  type: z.number('validation.invalidValue').int('validation.invalidValue').nullish(),
  start: z.string('validation.invalidValue').max(5, 'tariff.timeFormat').nullish(),
  end: z.string('validation.invalidValue').max(5, 'tariff.timeFormat').nullish(),
  price: z.number('validation.nonNegativeNumber').nullish(),
});

/** The day plan a tariff-periods command pushes. */
export const tariffCommandSchema = z.strictObject({
  periods: z.array(periodSchema, 'command.parametersEmpty').max(TARIFF_MAX_PERIODS, 'tariff.tooMany'),
});

export type TariffCommand = z.infer<typeof tariffCommandSchema>;
