// The schemas of plant-stats.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { alarmTallySchema } from './active-alarms-schemas.js';
import { DEVICE_KINDS, RUNNING_STATUSES } from './devices.js';
import { realtimeGroupSchema } from './device-detail.js';
import { PLANT_STATUSES, PLANT_TYPES, type PlantStatusFilter } from './plants.js';
import { ENERGY_QUANTITIES } from './telemetry/energy.js';
import { optionValues } from './telemetry/labels.js';
import { calendarDateSchema } from './calendar-date.js';
import { TREND_RANGES } from './plant-stats.js';

const kwh = z.number();

/** Energy of the six quantities over a period, in kWh. */
export const energyTotalsSchema = z.object({
  pvKwh: kwh,
  loadKwh: kwh,
  gridImportKwh: kwh,
  gridExportKwh: kwh,
  batChargeKwh: kwh,
  batDischargeKwh: kwh,
});

export type EnergyTotals = z.infer<typeof energyTotalsSchema>;

/** An amount in one currency; amounts in different currencies are never added together. */
export const moneySchema = z.object({ currency: z.string(), amount: z.number() });

export type Money = z.infer<typeof moneySchema>;

/** Energy-saving and emission-reduction equivalents of generated energy (R3.6 energy-saving entry). */
export const savingFiguresSchema = z.object({
  pvKwh: kwh,
  coalKg: z.number(),
  co2Kg: z.number(),
  trees: z.number(),
});

export type SavingFigures = z.infer<typeof savingFiguresSchema>;

const byPeriod = <T extends z.ZodTypeAny>(item: T) => z.object({ today: item, month: item, year: item, total: item });

/** Plant Center → plant statistics: the plants in the caller's scope, counted and summed. */
export const plantStatsSummarySchema = z.object({
  /** Plants by status filter (R4.2): online = normal + alarm. */
  counts: z.object({
    all: z.number().int(),
    online: z.number().int(),
    normal: z.number().int(),
    alarm: z.number().int(),
    offline: z.number().int(),
  }) satisfies z.ZodType<Record<PlantStatusFilter, number>>,
  /** The active alarms of these plants by severity, shown beside the counts (a plant's status counts major and up). */
  activeAlarms: alarmTallySchema,
  byType: z.array(z.object({ type: z.literal(optionValues(PLANT_TYPES)), count: z.number().int() })),
  powerKw: z.number(),
  capacityKwh: z.number(),
  energy: byPeriod(energyTotalsSchema),
  /** Per period, one entry per currency the plants earn in. */
  earnings: byPeriod(z.array(moneySchema)),
  /** Equivalents of all generation so far, with each plant's own factors. */
  savings: savingFiguresSchema,
  generatedAt: z.string(),
});

export type PlantStatsSummary = z.infer<typeof plantStatsSummarySchema>;

/** Fleet trend: the plants' energies per slot of each plant's own calendar, summed. */
export const fleetTrendQuerySchema = z.strictObject({
  range: z.enum(TREND_RANGES, 'validation.invalidValue').default('day'),
  date: calendarDateSchema.optional(),
});

export type FleetTrendQuery = z.infer<typeof fleetTrendQuerySchema>;

/**
 * Energy series over a range: `labels` are local slots ('HH:MM' for a day, 'YYYY-MM-DD' for a month, 'YYYY-MM' for
 * a year, 'YYYY' for all years); each series has one kWh value per label. No stored figures: no labels.
 */
export const energyTrendSchema = z.object({
  range: z.enum(TREND_RANGES),
  date: z.string(),
  labels: z.array(z.string()),
  series: z.array(z.object({ quantity: z.enum(ENERGY_QUANTITIES), valuesKwh: z.array(z.number()) })),
});

export type EnergyTrend = z.infer<typeof energyTrendSchema>;

const quantityList = z
  .string('validation.required')
  .max(200, 'validation.tooLong')
  .transform((s) => s.split(',').map((q) => q.trim()))
  .pipe(
    z
      .array(z.enum(ENERGY_QUANTITIES, 'validation.invalidValue'))
      .min(1, 'validation.required')
      .refine((list) => new Set(list).size === list.length, 'validation.invalidValue'),
  );

/** Plant trend: selectable quantities ('pv,load,gridImport'), over a local day, month or year. */
export const plantTrendQuerySchema = z.strictObject({
  quantities: quantityList.default(['pv', 'load']),
  range: z.enum(['day', 'month', 'year'], 'validation.invalidValue').default('day'),
  date: calendarDateSchema.optional(),
});

export type PlantTrendQuery = z.infer<typeof plantTrendQuerySchema>;

export const generationQuerySchema = fleetTrendQuerySchema;

export type GenerationQuery = FleetTrendQuery;

/** Generation curve: a day is PV power from the readings (null where none), longer ranges PV energy bars. */
export const generationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('power'),
    range: z.literal('day'),
    date: z.string(),
    labels: z.array(z.string()),
    pvPowerW: z.array(z.number().nullable()),
  }),
  z.object({
    kind: z.literal('energy'),
    range: z.enum(['month', 'year', 'total']),
    date: z.string(),
    labels: z.array(z.string()),
    pvKwh: z.array(z.number()),
  }),
]);

export type Generation = z.infer<typeof generationSchema>;

/** Live power flow of a plant, from the newest reading of each device heard from recently. */
export const powerFlowSchema = z.object({
  pvPowerW: z.number().nullable(),
  loadPowerW: z.number().nullable(),
  /** Positive: importing from the grid; negative: exporting. */
  gridPowerW: z.number().nullable(),
  /** Positive: the batteries discharge; negative: they charge. */
  batPowerW: z.number().nullable(),
  /** Mean state of charge of the reporting batteries. */
  batSocPct: z.number().nullable(),
  /** The newest of the readings summed; null when no device reported recently. */
  readingAt: z.string().nullable(),
  devicesReporting: z.number().int(),
});

export type PowerFlow = z.infer<typeof powerFlowSchema>;

/** Plant detail → basic data: who, where in time, live power flow and today's energies. */
export const plantOverviewSchema = z.object({
  plantId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  /** 'UTC+8' now, in the plant's zone. */
  utcOffset: z.string(),
  /** The plant's wall-clock time 'YYYY-MM-DD HH:MM:SS' when the answer was made. */
  localTime: z.string(),
  /** The plant-local day 'today' refers to. */
  today: z.string(),
  status: z.enum(PLANT_STATUSES),
  power: powerFlowSchema,
  energyToday: energyTotalsSchema,
  earningsToday: moneySchema,
});

export type PlantOverview = z.infer<typeof plantOverviewSchema>;

const personSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

/** A device of a plant as the plant detail's tabs name it. */
const plantDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  runningStatus: z.enum(RUNNING_STATUSES),
});

/** Plant detail → associated info: the plant's devices with status, its owner and affiliated accounts. */
export const plantDevicesSchema = z.object({
  devices: z.array(
    plantDeviceSchema.extend({
      activated: z.boolean(),
      lastSeenAt: z.string().nullable(),
      lastReadingAt: z.string().nullable(),
    }),
  ),
  owner: personSchema.nullable(),
  affiliatedUsers: z.array(personSchema),
});

export type PlantDevices = z.infer<typeof plantDevicesSchema>;

/** Plant detail → energy saving and emission reduction, per period in the plant's zone. */
export const plantSavingsSchema = z.object({
  factors: z.object({ coalKgPerKwh: z.number(), co2KgPerKwh: z.number(), treesPerKwh: z.number() }),
  periods: byPeriod(savingFiguresSchema),
});

export type PlantSavings = z.infer<typeof plantSavingsSchema>;

/** Named figures a plant script adds, newest value each. */
export const plantIndicatorsSchema = z.array(
  z.object({ name: z.string(), value: z.number(), unit: z.string(), computedAt: z.string() }),
);

export type PlantIndicators = z.infer<typeof plantIndicatorsSchema>;

/**
 * Plant detail → detailed data: every device of the plant that reports readings of its own (its inverters, and any
 * other device heard with a reading), with its newest reading by monitoring group, as a device's real-time tab shows
 * it (a battery's values are the battery group of its inverter's reading, so a battery is not listed apart).
 */
export const plantRealtimeSchema = z.object({
  plantId: z.number().int(),
  timeZone: z.string(),
  devices: z.array(
    plantDeviceSchema.extend({
      /** Time of the newest reading (UTC), null when the device never reported. */
      ts: z.string().nullable(),
      groups: z.array(realtimeGroupSchema),
    }),
  ),
});
export type PlantRealtime = z.infer<typeof plantRealtimeSchema>;
