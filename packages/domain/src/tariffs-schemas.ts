// The schemas of tariffs.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { TARIFF_TYPES } from './plants.js';
import { optionValues } from './telemetry/labels.js';
import { tariffPlanIssues, orderedPlan } from './tariffs.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date "YYYY-MM-DD" that exists. */
const effectiveDateSchema = z
  .string('validation.required')
  .regex(DATE, 'validation.invalidValue')
  .refine((s) => {
    const ms = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(s);
  }, 'validation.invalidValue')
  .refine((s) => s <= '2100-12-31', 'validation.dateTooLate');

const periodDraftSchema = z.strictObject({
  type: z.number('validation.invalidValue').int('validation.invalidValue').nullish(),
  start: z.string('validation.invalidValue').max(5, 'tariff.timeFormat').nullish(),
  end: z.string('validation.invalidValue').max(5, 'tariff.timeFormat').nullish(),
  price: z.number('validation.nonNegativeNumber').nullish(),
});

/** A tariff version as saved: the plant-local date it applies from and its day plan (validated by every rule). */
export const tariffVersionInputSchema = z
  .strictObject({
    effectiveFrom: effectiveDateSchema,
    // A hard cap on what is parsed at all; the rule of at most 10 periods reports its own message below.
    periods: z.array(periodDraftSchema, 'validation.required').max(100, 'tariff.tooMany'),
  })
  .transform((v, ctx) => {
    const issues = tariffPlanIssues(v.periods);
    for (const issue of issues) {
      const path = issue.index === null ? ['periods'] : ['periods', issue.index, issue.field];
      ctx.addIssue({ code: 'custom', path, message: issue.key });
    }
    return issues.length > 0 ? z.NEVER : { effectiveFrom: v.effectiveFrom, periods: orderedPlan(v.periods) };
  });

export type TariffVersionInput = z.output<typeof tariffVersionInputSchema>;

const tariffPeriodSchema = z.object({
  type: z.literal(optionValues(TARIFF_TYPES)),
  start: z.string(),
  end: z.string(),
  price: z.number(),
});

/** A stored tariff version; `state` says whether it applied before, applies today or will apply (plant-local). */
export const tariffVersionSchema = z.object({
  tariffId: z.number().int(),
  effectiveFrom: z.string(),
  currency: z.string(),
  periods: z.array(tariffPeriodSchema),
  state: z.enum(['past', 'current', 'future']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

export type TariffVersion = z.infer<typeof tariffVersionSchema>;

/** The tariff configuration of a plant: its local date today, currency and versions, newest first. */
export const plantTariffsSchema = z.object({
  plantId: z.number().int(),
  timeZone: z.string(),
  today: z.string(),
  currency: z.string(),
  versions: z.array(tariffVersionSchema),
});

export type PlantTariffs = z.infer<typeof plantTariffsSchema>;
