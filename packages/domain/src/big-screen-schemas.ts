// The schemas of big-screen.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { activeAlarmsSchema } from './active-alarms-schemas.js';
import { alarmRowSchema } from './alarms/alarm-api-schemas.js';
import { calendarDateSchema } from './calendar-date.js';
import { PLANT_STATUSES } from './plants.js';
import {
  energyTotalsSchema,
  energyTrendSchema,
  moneySchema,
  plantStatsSummarySchema,
  powerFlowSchema,
  savingFiguresSchema,
} from './plant-stats-schemas.js';
import { trimmedText } from './validation-schemas.js';
import { BIG_SCREEN_VIEWS, KIOSK_LINK_MAX_PLANTS, SOC_BANDS } from './big-screen.js';

export const kioskLinkCreateSchema = z.strictObject({
  name: trimmedText(64).pipe(z.string().min(1, 'validation.required')),
  /** null: every plant of the user's scope, also plants added later; otherwise these plants (each in scope). */
  plantIds: z
    .array(
      z
        .number('validation.invalidValue')
        .int('validation.invalidValue')
        .positive('validation.invalidValue')
        // A plant id is a database int4: a larger number names no plant and must not reach a query.
        .max(2_147_483_647, 'validation.invalidValue'),
    )
    .min(1, 'validation.required')
    .max(KIOSK_LINK_MAX_PLANTS, 'validation.exceedsLimit')
    .nullable(),
  /** The last calendar day the link works (in UTC, to its end); at most KIOSK_LINK_MAX_DAYS ahead. */
  expiresOn: calendarDateSchema,
});

export type KioskLinkCreate = z.infer<typeof kioskLinkCreateSchema>;

/** A kiosk link as its owner's list shows it; the token itself is shown once, at creation. */
export const kioskLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whose scope the screen shows: the creator (a superior's list also shows their subordinates' links). */
  ownerId: z.number().int(),
  ownerName: z.string(),
  plantIds: z.array(z.number().int()).nullable(),
  /** The plants' names in the same order (for the list), of those still in the owner's scope. */
  plantNames: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});

export type KioskLink = z.infer<typeof kioskLinkSchema>;

export const kioskLinkCreatedSchema = kioskLinkSchema.extend({
  /** The secret, shown once: the server keeps only its hash. */
  token: z.string(),
});

export type KioskLinkCreated = z.infer<typeof kioskLinkCreatedSchema>;

/** Who a big screen reads for: what its header says (never the token). */
export const bigScreenScopeSchema = z.object({
  kind: z.enum(['session', 'kiosk']),
  /** The user's display name, or the kiosk link's name. */
  name: z.string(),
  plantCount: z.number().int(),
  /** Of a kiosk link: when it stops working. */
  expiresAt: z.string().nullable(),
  /** The views this scope may show (the role's visible views; of a kiosk link, its owner's role's). */
  views: z.array(z.enum(BIG_SCREEN_VIEWS)),
});

export type BigScreenScope = z.infer<typeof bigScreenScopeSchema>;

/**
 * Fleet figures around the map: plant statistics' own summary for the same scope, its active alarms by severity
 * included (`summary.activeAlarms`), so the wall and the home page count plants and alarms alike.
 */
export const bigScreenSummarySchema = z.object({
  scope: bigScreenScopeSchema,
  summary: plantStatsSummarySchema,
});

export type BigScreenSummary = z.infer<typeof bigScreenSummarySchema>;

/** One plant on the map. */
export const bigScreenPlantSchema = z.object({
  plantId: z.number().int(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.enum(PLANT_STATUSES),
  powerKwp: z.number(),
  capacityKwh: z.number(),
  pvPowerW: z.number().nullable(),
  pvTodayKwh: z.number(),
  alarms: activeAlarmsSchema,
});

export type BigScreenPlant = z.infer<typeof bigScreenPlantSchema>;

export const bigScreenPlantsSchema = z.object({ plants: z.array(bigScreenPlantSchema) });

export const bigScreenAlarmsSchema = z.object({ alarms: z.array(alarmRowSchema), total: z.number().int() });

export type BigScreenAlarms = z.infer<typeof bigScreenAlarmsSchema>;

export const bigScreenChartsSchema = z.object({
  /** Plant statistics' day trend of today and of yesterday (same scope, same slots). */
  today: energyTrendSchema,
  yesterday: energyTrendSchema,
  /** Daily PV of the last 30 days (today included), and monthly of the last 12 months. */
  days: z.object({ labels: z.array(z.string()), pvKwh: z.array(z.number()) }),
  months: z.object({ labels: z.array(z.string()), pvKwh: z.array(z.number()) }),
  status: plantStatsSummarySchema.shape.counts,
  /** The best plants by today's specific yield (kWh per kWp), at most 10. */
  topPlants: z.array(
    z.object({ plantId: z.number().int(), name: z.string(), kwhPerKwp: z.number(), pvTodayKwh: z.number() }),
  ),
  /** Battery devices per SOC band (index 0: 0–10 %), from their latest reading. */
  socBands: z.array(z.number().int()).length(SOC_BANDS),
  savings: savingFiguresSchema,
  earningsTotal: z.array(moneySchema),
});

export type BigScreenCharts = z.infer<typeof bigScreenChartsSchema>;

export const bigScreenFlowQuerySchema = z.strictObject({
  /** One plant of the scope; without it, the whole scope summed. */
  plantId: z.coerce
    .number('validation.invalidValue')
    .int('validation.invalidValue')
    .positive('validation.invalidValue')
    .max(2_147_483_647, 'validation.invalidValue')
    .optional(),
});

export type BigScreenFlowQuery = z.infer<typeof bigScreenFlowQuerySchema>;

/** The flow graph's figures: plant detail's power flow and today's energy (the same services). */
export const bigScreenFlowSchema = z.object({
  plantId: z.number().int().nullable(),
  name: z.string(),
  power: powerFlowSchema,
  energyToday: energyTotalsSchema,
});

export type BigScreenFlow = z.infer<typeof bigScreenFlowSchema>;
