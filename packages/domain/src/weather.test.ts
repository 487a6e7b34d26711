import { describe, expect, it } from 'vitest';
import { WEATHER_CONDITIONS, weatherConditionOf, WMO_WEATHER_CODES } from './weather.js';
import { plantWeatherSchema } from './weather-schemas.js';

describe('WMO weather codes', () => {
  it.each([
    [0, 'clear'],
    [1, 'clear'],
    [2, 'partlyCloudy'],
    [3, 'cloudy'],
    [45, 'fog'],
    [48, 'fog'],
    [51, 'drizzle'],
    [57, 'drizzle'],
    [61, 'rain'],
    [67, 'rain'],
    [71, 'snow'],
    [77, 'snow'],
    [80, 'showers'],
    [82, 'showers'],
    [85, 'snow'],
    [86, 'snow'],
    [95, 'thunderstorm'],
    [99, 'thunderstorm'],
    // Not in the table: the decade's group.
    [4, 'cloudy'],
    [58, 'drizzle'],
    [68, 'rain'],
    [79, 'snow'],
    [90, 'showers'],
    [97, 'thunderstorm'],
  ] as const)('code %i is %s', (code, condition) => {
    expect(weatherConditionOf(code)).toBe(condition);
  });

  it('uses every condition (each has an icon and a name)', () => {
    expect(new Set(Object.values(WMO_WEATHER_CODES))).toEqual(new Set(WEATHER_CONDITIONS));
  });
});

describe('plant weather answer', () => {
  const day = {
    date: '2025-06-17',
    weatherCode: 2,
    tempMinC: 13.8,
    tempMaxC: 26.4,
    precipitationMm: 0,
    windMaxKmh: 14.8,
    sunrise: '2025-06-17T04:51',
    sunset: null,
  };

  it.each([
    [{ available: true, days: [day], fetchedAt: '2025-06-17T06:00:00.000Z', stale: false }, true],
    [{ available: false, reason: 'unreachable', attemptedAt: '2025-06-17T06:00:00.000Z' }, true],
    [{ available: false, reason: 'disabled', attemptedAt: null }, true],
    [{ available: false, reason: 'broken', attemptedAt: null }, false],
    [{ available: true, days: [{ ...day, date: '17.06.2025' }], fetchedAt: 'x', stale: false }, false],
    [{ available: true, days: [{ ...day, weatherCode: 100 }], fetchedAt: 'x', stale: false }, false],
    [{ available: true, days: [{ ...day, precipitationMm: -1 }], fetchedAt: 'x', stale: false }, false],
  ])('%j valid: %s', (value, valid) => {
    expect(plantWeatherSchema.safeParse(value).success).toBe(valid);
  });
});
