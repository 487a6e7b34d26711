// The schemas of weather.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { WEATHER_UNAVAILABLE_REASONS } from './weather.js';

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Local wall-clock time of the plant, "YYYY-MM-DDTHH:mm" (as forecast services give it for a time zone). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/** One forecast day at the plant, in the plant's local calendar. */
export const forecastDaySchema = z.object({
  date: localDate,
  weatherCode: z.number().int().min(0).max(99),
  tempMinC: z.number(),
  tempMaxC: z.number(),
  precipitationMm: z.number().min(0),
  windMaxKmh: z.number().min(0),
  sunrise: localDateTime.nullable(),
  sunset: localDateTime.nullable(),
});

export type ForecastDay = z.infer<typeof forecastDaySchema>;

/** GET /api/plants/:plantId/weather */
export const plantWeatherSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    days: z.array(forecastDaySchema),
    /** When the forecast was fetched (ISO UTC). */
    fetchedAt: z.string(),
    /** The last refresh failed; the forecast shown is the previous one. */
    stale: z.boolean(),
  }),
  z.object({
    available: z.literal(false),
    reason: z.enum(WEATHER_UNAVAILABLE_REASONS),
    /** When the last attempt was made (ISO UTC), if any. */
    attemptedAt: z.string().nullable(),
  }),
]);

export type PlantWeather = z.infer<typeof plantWeatherSchema>;
