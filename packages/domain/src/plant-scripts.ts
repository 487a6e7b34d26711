import { z } from 'zod';

/** Largest script source accepted, in characters (a derive function is a few dozen lines). */
export const SCRIPT_MAX_CHARS = 20_000;
/** At most this many named indicators per run, each name at most this long. */
export const SCRIPT_MAX_INDICATORS = 20;
export const SCRIPT_INDICATOR_NAME_MAX = 40;
export const SCRIPT_INDICATOR_UNIT_MAX = 16;
/** Largest energy a script may report for one 5-minute bucket of one plant (kWh): 12 MW for 5 minutes. */
export const SCRIPT_MAX_BUCKET_KWH = 1_000;
/** Largest absolute earnings a script may report for one bucket, in the plant's currency. */
export const SCRIPT_MAX_BUCKET_EARNINGS = 1_000_000;

/** The six energy figures a script derives per bucket, in the order they are shown. */
export const SCRIPT_FIGURES = [
  'pv_kwh',
  'load_kwh',
  'grid_import_kwh',
  'grid_export_kwh',
  'bat_charge_kwh',
  'bat_discharge_kwh',
] as const;
export type ScriptFigure = (typeof SCRIPT_FIGURES)[number];

export const scriptSourceSchema = z
  .string()
  .max(SCRIPT_MAX_CHARS, { message: 'script.tooLong' })
  .refine((s) => s.trim() !== '', { message: 'script.empty' });

/** PUT /api/plants/:plantId/script and POST …/script/test-run. */
export const plantScriptInputSchema = z.strictObject({ source: scriptSourceSchema });
export type PlantScriptInput = z.infer<typeof plantScriptInputSchema>;

export const scriptIndicatorSchema = z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
});
export type ScriptIndicator = z.infer<typeof scriptIndicatorSchema>;

/** GET /api/plants/:plantId/script: the stored script (null source when none was ever saved). */
export const plantScriptSchema = z.object({
  plantId: z.number().int(),
  active: z.boolean(),
  source: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  derivedUntil: z.string().nullable(),
  indicators: z.array(scriptIndicatorSchema.extend({ computedAt: z.string() })),
});
export type PlantScript = z.infer<typeof plantScriptSchema>;

/** Day totals of a test run: the six figures, plus earnings when the script computes them. */
export const scriptDayTotalsSchema = z.object({
  pv_kwh: z.number(),
  load_kwh: z.number(),
  grid_import_kwh: z.number(),
  grid_export_kwh: z.number(),
  bat_charge_kwh: z.number(),
  bat_discharge_kwh: z.number(),
  earnings: z.number().nullable(),
});
export type ScriptDayTotals = z.infer<typeof scriptDayTotalsSchema>;

/** A script failure: what went wrong and, when it is in the script, the line. */
export const scriptErrorSchema = z.object({ message: z.string(), line: z.number().int().nullable() });
export type ScriptError = z.infer<typeof scriptErrorSchema>;

/** POST …/script/test-run: the result on the plant's last local day of data, or the error. */
export const scriptTestRunSchema = z.object({
  day: z.string().nullable(),
  buckets: z.number().int(),
  totals: scriptDayTotalsSchema.nullable(),
  indicators: z.array(scriptIndicatorSchema),
  error: scriptErrorSchema.nullable(),
  durationMs: z.number(),
});
export type ScriptTestRun = z.infer<typeof scriptTestRunSchema>;
