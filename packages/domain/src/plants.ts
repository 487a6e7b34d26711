import { z } from 'zod';
import { option, optionValues, type OptionValue } from './telemetry/labels.js';
import { activeAlarmsSchema } from './active-alarms.js';
import { isValidTimeZone } from './telemetry/local-time.js';
import {
  latitudeSchema,
  longitudeSchema,
  nonNegativeNumberSchema,
  positiveNumberSchema,
  requiredText,
  trimmedText,
} from './validation.js';

/** R3.2 plant types. */
export const PLANT_TYPES = [
  option(1, 'household', ['户用屋顶', 'Household roof', 'Střecha domácnosti', 'Hausdach']),
  option(2, 'commercial', ['小型工商业', 'Small commercial & industrial', 'Malý podnik a průmysl', 'Kleingewerbe']),
  option(3, 'microGrid', ['微电网', 'Micro-grid', 'Mikrosíť', 'Microgrid']),
] as const;
export type PlantType = OptionValue<typeof PLANT_TYPES>;

/** How the plant is connected: all energy exported, own use with surplus export, or no grid at all. */
export const ON_GRID_TYPES = [
  option(1, 'fullExport', ['全额上网', 'Full feed-in', 'Plný přetok do sítě', 'Volleinspeisung']),
  option(2, 'selfUseSurplus', [
    '自发自用余电上网',
    'Self-use, surplus feed-in',
    'Vlastní spotřeba s přetokem',
    'Eigenverbrauch mit Überschusseinspeisung',
  ]),
  option(3, 'offGrid', ['离网', 'Off-grid', 'Ostrovní systém', 'Inselnetz']),
] as const;
export type OnGridType = OptionValue<typeof ON_GRID_TYPES>;

/** ISO 4217 currencies for tariffs and earnings (the markets of R9.7's calling codes, plus the euro zone). */
export const CURRENCIES = ['CNY', 'EUR', 'USD', 'CZK', 'BRL', 'NGN', 'GBP', 'PLN', 'CHF', 'AUD', 'JPY', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** R4.2 plant status; list filters also offer 'all' and 'online' (normal or alarm). */
export const PLANT_STATUSES = ['normal', 'alarm', 'offline'] as const;
export type PlantStatus = (typeof PLANT_STATUSES)[number];
export const PLANT_STATUS_FILTERS = ['all', 'online', ...PLANT_STATUSES] as const;
export type PlantStatusFilter = (typeof PLANT_STATUS_FILTERS)[number];

/** R3.5 tariff entry types. */
export const TARIFF_TYPES = [
  option(1, 'sharp', ['尖', 'Sharp (tip)', 'Špička (nejvyšší)', 'Höchstlast']),
  option(2, 'peak', ['峰', 'Peak', 'Špička', 'Spitze']),
  option(3, 'flat', ['平', 'Flat', 'Standard', 'Normal']),
  option(4, 'valley', ['谷', 'Valley', 'Údolí', 'Tal']),
] as const;
export type TariffType = OptionValue<typeof TARIFF_TYPES>;

/** R9.8: time zones offered as UTC-11 … UTC+11 (UTC+0 included). */
export const UTC_OFFSET_HOURS = Array.from({ length: 23 }, (_, i) => i - 11);

/**
 * A representative IANA zone for each whole-hour offset of R9.8 (standard time) plus the zones of our markets.
 * Plants store an IANA name so DST and local midnight are right; the UTC±n label is derived for display.
 */
export const COMMON_TIME_ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Europe/Prague',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Noumea',
] as const;

/** An IANA time zone name Intl knows, e.g. 'Europe/Prague'. */
export const timeZoneSchema = z
  .string('validation.required')
  .max(64, 'validation.tooLong')
  .refine(isValidTimeZone, 'validation.timeZone');

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const plantSchema = z.object({
  plantId: z.number().int(),
  name: z.string(),
  type: z.literal(optionValues(PLANT_TYPES)),
  powerKw: z.number(),
  capacityKwh: z.number(),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  address: z.string(),
  /** Panel azimuth, compass degrees clockwise from north (180 = facing south). */
  azimuthDeg: z.number(),
  /** Panel tilt from horizontal (0 = flat). */
  inclinationDeg: z.number(),
  currency: z.enum(CURRENCIES),
  onGridType: z.literal(optionValues(ON_GRID_TYPES)),
  timeZone: z.string(),
  constructionDate: z.string().regex(DATE).nullable(),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  /** Users affiliated to the plant (R3.2 "affiliated accounts"); they see it besides the owner's superiors. */
  affiliatedUserIds: z.array(z.number().int()),
  status: z.enum(PLANT_STATUSES),
  /** The active alarms of the plant's devices (the list's alarm badge). */
  activeAlarms: activeAlarmsSchema,
  deviceCount: z.number().int(),
  createdAt: z.string(),
  /** Time of the newest reading of any of the plant's devices. */
  refreshedAt: z.string().nullable(),
});
export type Plant = z.infer<typeof plantSchema>;

/** Upper limits that keep typos out (a plant of more than 1 GW or 10 GWh is a mistake here). */
export const PLANT_POWER_MAX_KW = 1_000_000;
export const PLANT_CAPACITY_MAX_KWH = 10_000_000;

/** R5.4, R5.6 plant name: no leading or trailing space (said first), then letters, digits, underscore and Chinese. */
export const plantNameSchema = trimmedText(64)
  .min(1, 'validation.required')
  .regex(/^[\p{L}\p{Nd}_]+$/u, 'validation.name');

/** Plant create / edit (R5.3, R5.4, R5.6, R5.7 rules: name rule, trimmed text, positive numbers, coordinates). */
export const plantInputSchema = z.strictObject({
  name: plantNameSchema,
  type: z.literal(optionValues(PLANT_TYPES), 'plant.typeNotFound'),
  powerKw: positiveNumberSchema.max(PLANT_POWER_MAX_KW, 'validation.exceedsLimit'),
  capacityKwh: nonNegativeNumberSchema.max(PLANT_CAPACITY_MAX_KWH, 'validation.exceedsLimit'),
  longitude: longitudeSchema,
  latitude: latitudeSchema,
  address: requiredText(200),
  azimuthDeg: nonNegativeNumberSchema.max(360, 'validation.exceedsLimit'),
  inclinationDeg: nonNegativeNumberSchema.max(90, 'validation.exceedsLimit'),
  currency: z.enum(CURRENCIES, 'validation.invalidValue'),
  onGridType: z.literal(optionValues(ON_GRID_TYPES), 'validation.invalidValue'),
  timeZone: timeZoneSchema,
  constructionDate: z
    .string('validation.required')
    // A cleared date picker sends an empty string: that is a missing date, not a malformed one.
    .min(1, 'validation.required')
    .regex(DATE, 'validation.invalidValue')
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      'validation.invalidValue',
    ),
  /** The account the plant belongs to (the caller or a subordinate); the caller when absent. */
  ownerId: z
    .number('validation.invalidValue')
    .int('validation.invalidValue')
    .positive('validation.invalidValue')
    .optional(),
  affiliatedUserIds: z.array(z.number().int().positive()).max(100, 'validation.exceedsLimit').optional(),
});
export type PlantInput = z.infer<typeof plantInputSchema>;
/** What a client sends: coordinates may still be the decimal text the user typed. */
export type PlantInputBody = z.input<typeof plantInputSchema>;
