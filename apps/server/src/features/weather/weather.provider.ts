import { z } from 'zod';
import { localDay } from '@voltfleet/domain/time';
import { forecastDaySchema, type ForecastDay } from '@voltfleet/domain/plants';

/** A plant's array: what the plane-of-array irradiance is asked for (compass azimuth, 180 = south; tilt from flat). */
export interface ArrayPlane {
  tiltDeg: number;
  azimuthDeg: number;
}

/** The plane-of-array irradiation of one complete past local day, kWh/m². */
export interface IrradianceDay {
  day: string;
  poaKwhM2: number;
}

/** A forecast and, when a plane was given, the irradiation of the past days on it. */
export interface WeatherAnswer {
  days: ForecastDay[];
  irradiance: IrradianceDay[];
}

/** A source of 3-day forecasts for a location, in the location's own calendar (`timeZone`, IANA). */
export interface WeatherProvider {
  forecast(latitude: number, longitude: number, timeZone: string, plane?: ArrayPlane): Promise<WeatherAnswer>;
}

/** Why a forecast could not be had: unreachable, timed out, an HTTP error or an answer we cannot read. */
export class WeatherFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WeatherFetchError';
  }
}

export const FORECAST_DAYS = 3;
const DAILY_FIELDS = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'wind_speed_10m_max',
  'sunrise',
  'sunset',
] as const;

// Open-Meteo gives null where a model has no value; such a day is left out rather than shown with invented figures.
const numbers = z.array(z.number().nullable());
const texts = z.array(z.string().nullable());
const openMeteoSchema = z.object({
  timezone: z.string(),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: numbers,
    temperature_2m_max: numbers,
    temperature_2m_min: numbers,
    precipitation_sum: numbers,
    wind_speed_10m_max: numbers,
    sunrise: texts.optional(),
    sunset: texts.optional(),
  }),
  // Asked for with a plane only: hourly global tilted irradiance, W/m², each the mean of the hour before its time.
  hourly: z.object({ time: z.array(z.string()), global_tilted_irradiance: numbers }).optional(),
});
type OpenMeteoDaily = z.infer<typeof openMeteoSchema>['daily'];

/**
 * The forecast days of an Open-Meteo answer that have every value, and the irradiation of each complete day before
 * `today` (the location's local date) in its hourly part; throws on a malformed answer.
 */
export function parseOpenMeteo(body: unknown, today = '0000-01-01'): WeatherAnswer {
  const parsed = openMeteoSchema.safeParse(body);
  if (!parsed.success) throw new WeatherFetchError(`unexpected answer: ${z.prettifyError(parsed.error)}`);
  const days = parsed.data.daily.time.flatMap((date, i) => {
    const day = dayAt(parsed.data.daily, date, i);
    // With past days asked for, the daily part starts in the past too: the forecast is today and after.
    return day && date >= today ? [day] : [];
  });
  const forecast = days.slice(0, FORECAST_DAYS);
  if (forecast.length === 0) throw new WeatherFetchError('the answer holds no complete forecast day');
  const hourly = parsed.data.hourly;
  return {
    days: forecast,
    irradiance: hourly ? dailyIrradiation(hourly.time, hourly.global_tilted_irradiance, today) : [],
  };
}

/**
 * Sums hourly means (W/m², each over the hour ending at its local time label) into local days, kWh/m². A label at
 * midnight closes the day before. Only days before `today` with every hour present are complete (a day of a clock
 * change has 23 or 25 hours; a missing or null hour leaves the day out).
 */
export function dailyIrradiation(
  times: readonly string[],
  wm2: readonly (number | null)[],
  today: string,
): IrradianceDay[] {
  const sums = new Map<string, { wh: number; hours: number; gap: boolean }>();
  for (const [i, time] of times.entries()) {
    // The hour ends at the label: its day is the label's date, or the day before for a midnight label.
    const day = time.slice(11, 16) === '00:00' ? previousDay(time.slice(0, 10)) : time.slice(0, 10);
    const entry = sums.get(day) ?? { wh: 0, hours: 0, gap: false };
    const value = wm2[i];
    if (value === null || value === undefined || !(value >= 0)) entry.gap = true;
    else entry.wh += value;
    entry.hours += 1;
    sums.set(day, entry);
  }
  return [...sums]
    .filter(([day, e]) => day < today && !e.gap && e.hours >= 23)
    .map(([day, e]) => ({ day, poaKwhM2: Math.round(e.wh) / 1000 }));
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Open-Meteo's panel azimuth: 0 = south, -90 = east, 90 = west (ours is the compass bearing, 180 = south). */
export function openMeteoAzimuth(compassDeg: number): number {
  return ((((compassDeg - 180 + 540) % 360) + 360) % 360) - 180;
}

/** Past days of irradiance asked for with every refresh: enough for a month's baseline after a first fetch. */
export const IRRADIANCE_PAST_DAYS = 31;

function dayAt(daily: OpenMeteoDaily, date: string, i: number): ForecastDay | undefined {
  const candidate = forecastDaySchema.safeParse({
    date,
    weatherCode: daily.weather_code[i],
    tempMinC: daily.temperature_2m_min[i],
    tempMaxC: daily.temperature_2m_max[i],
    precipitationMm: daily.precipitation_sum[i],
    windMaxKmh: daily.wind_speed_10m_max[i],
    sunrise: daily.sunrise?.[i] ?? null,
    sunset: daily.sunset?.[i] ?? null,
  });
  return candidate.success ? candidate.data : undefined;
}

export interface OpenMeteoOptions {
  /** The forecast endpoint, e.g. https://api.open-meteo.com/v1/forecast (WEATHER_URL). */
  url: string;
  /** Gives up after this long (connect, answer and body together). */
  timeoutMs: number;
}

/** Open-Meteo (https://open-meteo.com): free, no key; daily values in the location's time zone. */
export function openMeteoProvider(options: OpenMeteoOptions): WeatherProvider {
  return {
    async forecast(latitude, longitude, timeZone, plane) {
      const url = new URL(options.url);
      url.searchParams.set('latitude', String(latitude));
      url.searchParams.set('longitude', String(longitude));
      url.searchParams.set('daily', DAILY_FIELDS.join(','));
      url.searchParams.set('timezone', timeZone);
      url.searchParams.set('forecast_days', String(FORECAST_DAYS));
      if (plane) {
        url.searchParams.set('hourly', 'global_tilted_irradiance');
        url.searchParams.set('tilt', String(plane.tiltDeg));
        url.searchParams.set('azimuth', String(openMeteoAzimuth(plane.azimuthDeg)));
        url.searchParams.set('past_days', String(IRRADIANCE_PAST_DAYS));
      }
      // With past days in the answer, the forecast starts at the plant's today; without, the answer starts there.
      const today = plane ? localDay(Date.now(), timeZone) : undefined;
      return parseOpenMeteo(await fetchJson(url, options.timeoutMs), today);
    },
  };
}

async function fetchJson(url: URL, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new WeatherFetchError(`HTTP ${response.status} from ${url.host}`);
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new WeatherFetchError(`the answer is not JSON`, { cause });
    }
  } catch (err) {
    if (err instanceof WeatherFetchError) throw err;
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      throw new WeatherFetchError(`no answer within ${timeoutMs} ms`, { cause: err });
    }
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new WeatherFetchError(`cannot reach ${url.host}${cause}`, { cause: err });
  }
}
