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

/** Why a plant has no forecast to show. */
export const WEATHER_UNAVAILABLE_REASONS = ['disabled', 'unreachable', 'pending'] as const;
export type WeatherUnavailableReason = (typeof WEATHER_UNAVAILABLE_REASONS)[number];
