import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, loginViaForm, setupJourney, unique } from './support/journey.js';
import { plantBody } from './support/plants.js';

interface PlantItem {
  plantId: number;
  name: string;
  timeZone: string;
}

interface ForecastDay {
  date: string;
  weatherCode: number;
  tempMinC: number;
  tempMaxC: number;
}

type PlantWeather =
  | { available: true; days: ForecastDay[]; fetchedAt: string; stale: boolean }
  | { available: false; reason: string; attemptedAt: string | null };

/** Today's date in an IANA zone as YYYY-MM-DD. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format();

// The server under test reads forecasts from the recorded Open-Meteo answers of the fixture server that
// support/global-setup.ts starts (apps/server/src/test/weather-fixtures): the Prague recording has days with WMO codes
// 2, 80 and 95, replayed as today, tomorrow and the day after in the plant's zone.
test.describe('plant weather', () => {
  const journey = setupJourney();

  /**
   * A plant in Prague made by this journey (where the demo's Prague plant is): its forecast is fetched when first asked
   * for, so its first day is today. The demo plant's forecast may have been fetched before midnight in Prague; after it
   * the cached forecast serves its remaining two days (by design) until the next refresh, up to three hours later, and
   * a run across that midnight would see two days.
   */
  let prague: PlantItem | undefined;
  async function praguePlant(): Promise<PlantItem> {
    prague ??= await journey.api.call<PlantItem>('POST', '/api/plants', {
      token: journey.admin,
      body: plantBody(unique('Praha_Weather'), {
        powerKw: 8,
        longitude: '14.437800',
        latitude: '50.075500',
        address: 'Vinohradská 1, Praha',
      }),
    });
    return prague;
  }

  test.afterAll(async () => {
    if (prague)
      await journey.api.call('DELETE', `/api/plants/${prague.plantId}`, { token: journey.admin }).catch(() => 0);
  });

  test('serves the plant a 3-day forecast in its own calendar', async () => {
    const plant = await praguePlant();
    const weather = await journey.api.call<PlantWeather>('GET', `/api/plants/${plant.plantId}/weather`, {
      token: journey.admin,
    });
    if (!weather.available) throw new Error(`no forecast: ${weather.reason}`);
    expect(weather.days.map((d) => d.weatherCode)).toEqual([2, 80, 95]);
    expect(weather.days[0]!.date).toBe(todayIn('Europe/Prague'));
    expect(weather.days.map((d) => [d.tempMinC, d.tempMaxC])).toEqual([
      [13.8, 26.4],
      [14.6, 23.1],
      [16.2, 28.9],
    ]);
  });

  test('shows the forecast cards with icons on the weather tab of the plant detail', async () => {
    const plant = await praguePlant();
    const page = await journey.open();
    await loginViaForm(page, 'admin', ADMIN_PASSWORD, `/plantCenter/plantList/${plant.plantId}`);
    await page.getByRole('tab', { name: /weather/i }).click();

    const forecast = page.getByTestId('weather-forecast');
    await forecast.waitFor();
    const cards = forecast.getByTestId('weather-day');
    await expect.poll(() => cards.count()).toBe(3);
    const conditions = await cards
      .locator('svg.weather-icon')
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-condition')));
    expect(conditions).toEqual(['partlyCloudy', 'showers', 'thunderstorm']);

    const today = cards.first();
    expect(await today.getAttribute('data-date')).toBe(todayIn('Europe/Prague'));
    const todayText = await today.innerText();
    for (const text of ['Today', 'Partly cloudy', '26°C', '14°C', '0.0 mm', '15 km/h', '04:51 – 21:13']) {
      expect(todayText).toContain(text);
    }
    expect(await cards.nth(1).innerText()).toContain('Tomorrow');
    expect(await cards.nth(2).innerText()).toContain('Thunderstorm');
    // The fetch time is shown in the plant's zone with its offset (CET or CEST).
    expect(await page.getByTestId('weather-updated').innerText()).toMatch(
      /^Updated \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\+[12]$/,
    );
  });
});
