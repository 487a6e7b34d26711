import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWeatherFixtureServer, type WeatherFixtureServer } from '../../test/weather-fixture-server.js';
import { openMeteoProvider, WeatherFetchError } from './weather.provider.js';

let fixtures: WeatherFixtureServer;

beforeAll(async () => {
  fixtures = await startWeatherFixtureServer({ slowMs: 3000 });
});
afterAll(() => fixtures.close());
beforeEach(() => {
  fixtures.mode = 'fixture';
  fixtures.file = undefined;
  fixtures.shiftDates = false;
  fixtures.requests.length = 0;
});

const provider = (timeoutMs = 2000) => openMeteoProvider({ url: fixtures.url, timeoutMs });

describe('Open-Meteo provider against recorded answers', () => {
  it('asks for 3 daily values in the plant zone and reads the recorded days', async () => {
    const { days } = await provider().forecast(50.0755, 14.4378, 'Europe/Prague');
    const query = fixtures.requests[0]!;
    expect(Object.fromEntries(query)).toMatchObject({
      latitude: '50.0755',
      longitude: '14.4378',
      timezone: 'Europe/Prague',
      forecast_days: '3',
    });
    expect(query.get('daily')?.split(',')).toEqual(
      expect.arrayContaining(['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'precipitation_sum']),
    );
    expect(days).toEqual([
      {
        date: '2025-06-17',
        weatherCode: 2,
        tempMinC: 13.8,
        tempMaxC: 26.4,
        precipitationMm: 0,
        windMaxKmh: 14.8,
        sunrise: '2025-06-17T04:51',
        sunset: '2025-06-17T21:13',
      },
      expect.objectContaining({ date: '2025-06-18', weatherCode: 80, precipitationMm: 4.7 }),
      expect.objectContaining({ date: '2025-06-19', weatherCode: 95, windMaxKmh: 27.4 }),
    ]);
  });

  it('leaves out a day the service has no values for', async () => {
    fixtures.file = 'open-meteo-partial.json';
    const { days } = await provider().forecast(52.09, 5.1, 'Europe/Amsterdam');
    expect(days.map((d) => [d.date, d.weatherCode, d.tempMinC])).toEqual([
      ['2025-01-14', 53, 2.7],
      ['2025-01-15', 71, -1.3],
    ]);
  });

  it.each([
    ['http-error', /HTTP 503/],
    ['malformed', /not JSON/],
    ['invalid', /unexpected answer/],
  ] as const)('turns %s into a WeatherFetchError', async (mode, message) => {
    fixtures.mode = mode;
    const failure = provider().forecast(50.08, 14.44, 'Europe/Prague');
    await expect(failure).rejects.toBeInstanceOf(WeatherFetchError);
    await expect(failure).rejects.toThrow(message);
  });

  it('gives up after its timeout', async () => {
    fixtures.mode = 'slow';
    const started = Date.now();
    await expect(provider(200).forecast(50.08, 14.44, 'Europe/Prague')).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('says when the service cannot be reached', async () => {
    const closed = await startWeatherFixtureServer();
    await closed.close();
    const failure = openMeteoProvider({ url: closed.url, timeoutMs: 2000 }).forecast(50.08, 14.44, 'UTC');
    await expect(failure).rejects.toThrow(/cannot reach 127\.0\.0\.1/);
  });
});
