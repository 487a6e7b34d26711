// The schemas of plants.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { optionValues } from './telemetry/labels.js';
import { activeAlarmsSchema } from './active-alarms-schemas.js';
import { timeZoneSchema } from './calendar-date.js';
import { requiredText, trimmedText } from './validation-schemas.js';
import {
  latitudeSchema,
  longitudeSchema,
  nonNegativeNumberSchema,
  positiveNumberSchema,
} from './validation-schemas.js';

import {
  PLANT_TYPES,
  ON_GRID_TYPES,
  CURRENCIES,
  PLANT_STATUSES,
  PLANT_POWER_MAX_KW,
  PLANT_CAPACITY_MAX_KWH,
} from './plants.js';

/** R5.4 plant name: no leading or trailing space (said first), then letters, digits, underscore and Chinese. */
export const plantNameSchema = trimmedText(64)
  .min(1, 'validation.required')
  .regex(/^[\p{L}\p{Nd}_]+$/u, 'validation.name');

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
