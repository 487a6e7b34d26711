import { z } from 'zod';
import { forecastDaySchema, type ForecastDay } from '@voltfleet/domain/plants';

/** A source of 3-day forecasts for a location, in the location's own calendar (`timeZone`, IANA). */
export interface WeatherProvider {
  forecast(latitude: number, longitude: number, timeZone: string): Promise<ForecastDay[]>;
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
});
type OpenMeteoDaily = z.infer<typeof openMeteoSchema>['daily'];

/** The forecast days of an Open-Meteo answer that have every value; throws on a malformed answer. */
export function parseOpenMeteo(body: unknown): ForecastDay[] {
  const parsed = openMeteoSchema.safeParse(body);
  if (!parsed.success) throw new WeatherFetchError(`unexpected answer: ${z.prettifyError(parsed.error)}`);
  const days = parsed.data.daily.time.flatMap((date, i) => {
    const day = dayAt(parsed.data.daily, date, i);
    return day ? [day] : [];
  });
  if (days.length === 0) throw new WeatherFetchError('the answer holds no complete forecast day');
  return days.slice(0, FORECAST_DAYS);
}

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
    async forecast(latitude, longitude, timeZone) {
      const url = new URL(options.url);
      url.searchParams.set('latitude', String(latitude));
      url.searchParams.set('longitude', String(longitude));
      url.searchParams.set('daily', DAILY_FIELDS.join(','));
      url.searchParams.set('timezone', timeZone);
      url.searchParams.set('forecast_days', String(FORECAST_DAYS));
      return parseOpenMeteo(await fetchJson(url, options.timeoutMs));
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
