import { z } from 'zod';

/** The conditions the forecast distinguishes; each has its own icon and name in the web app. */
export const WEATHER_CONDITIONS = [
  'clear',
  'partlyCloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'snow',
  'showers',
  'thunderstorm',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/**
 * WMO weather interpretation codes (WMO 4677 subset used by forecast services such as Open-Meteo) → condition.
 * Freezing drizzle/rain fall under drizzle/rain, snow grains and snow showers under snow, hail under thunderstorm.
 */
export const WMO_WEATHER_CODES: Readonly<Record<number, WeatherCondition>> = {
  0: 'clear',
  1: 'clear',
  2: 'partlyCloudy',
  3: 'cloudy',
  45: 'fog',
  48: 'fog',
  51: 'drizzle',
  53: 'drizzle',
  55: 'drizzle',
  56: 'drizzle',
  57: 'drizzle',
  61: 'rain',
  63: 'rain',
  65: 'rain',
  66: 'rain',
  67: 'rain',
  71: 'snow',
  73: 'snow',
  75: 'snow',
  77: 'snow',
  80: 'showers',
  81: 'showers',
  82: 'showers',
  85: 'snow',
  86: 'snow',
  95: 'thunderstorm',
  96: 'thunderstorm',
  99: 'thunderstorm',
};

/** The condition of a WMO code; a code outside the table falls back to its decade's group (60s rain, 70s snow …). */
export function weatherConditionOf(code: number): WeatherCondition {
  const exact = WMO_WEATHER_CODES[code];
  if (exact) return exact;
  if (code >= 95) return 'thunderstorm';
  if (code >= 80) return 'showers';
  if (code >= 70) return 'snow';
  if (code >= 60) return 'rain';
  if (code >= 50) return 'drizzle';
  if (code >= 40) return 'fog';
  return 'cloudy';
}

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

/** Why a plant has no forecast to show. */
export const WEATHER_UNAVAILABLE_REASONS = ['disabled', 'unreachable', 'pending'] as const;
export type WeatherUnavailableReason = (typeof WEATHER_UNAVAILABLE_REASONS)[number];

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
