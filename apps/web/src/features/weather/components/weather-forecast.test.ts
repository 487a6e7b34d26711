import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@voltfleet/domain/i18n';
import { WEATHER_CONDITIONS, WEATHER_UNAVAILABLE_REASONS, type ForecastDay } from '@voltfleet/domain/plants';
import { conditionOfDay } from './weather-format';
import { WeatherIcon } from './weather-icons';
import { conditionLabels, unavailableReasons } from './weather-labels';
import { TEXTS } from '@/test/texts';

const cs = TEXTS.cs;
const de = TEXTS.de;
const en = TEXTS.en;
const zh = TEXTS.zh;

// The cards themselves (antd) are exercised in the browser journey (e2e/weather.e2e.ts); here the mapping from a
// forecast day to what a card shows: the condition, its drawn icon and its name in every language.
const i18n = createInstance();
const translations = { zh, en, cs, de };
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: translations[lang] }])),
  });
});
const tIn = (lang: string): TFunction => i18n.getFixedT(lang);

const day = (weatherCode: number): ForecastDay => ({
  date: '2025-06-17',
  weatherCode,
  tempMinC: 21.6,
  tempMaxC: 30.4,
  precipitationMm: 4.25,
  windMaxKmh: 18.6,
  sunrise: null,
  sunset: null,
});

/** What a card shows for a WMO code: its icon's markup and the condition name. */
function card(code: number, lang = 'en') {
  const condition = conditionOfDay(day(code));
  const name = conditionLabels(tIn(lang))[condition];
  return { condition, name, icon: renderToStaticMarkup(createElement(WeatherIcon, { condition, title: name })) };
}

describe('forecast day → icon and name', () => {
  it.each([
    [0, 'clear', 'Clear'],
    [1, 'clear', 'Clear'],
    [2, 'partlyCloudy', 'Partly cloudy'],
    [3, 'cloudy', 'Cloudy'],
    [48, 'fog', 'Fog'],
    [55, 'drizzle', 'Drizzle'],
    [65, 'rain', 'Rain'],
    [75, 'snow', 'Snow'],
    [86, 'snow', 'Snow'],
    [81, 'showers', 'Showers'],
    [96, 'thunderstorm', 'Thunderstorm'],
  ])('WMO code %i draws the %s icon named "%s"', (code, condition, name) => {
    const shown = card(code);
    expect(shown.condition).toBe(condition);
    expect(shown.name).toBe(name);
    expect(shown.icon).toContain(`data-condition="${condition}"`);
    expect(shown.icon).toContain(`aria-label="${name}"`);
    expect(shown.icon).toContain(`<title>${name}</title>`);
  });

  it.each([
    ['zh', '雷暴'],
    ['cs', 'Bouřka'],
    ['de', 'Gewitter'],
  ])('names the condition in %s', (lang, name) => {
    expect(card(95, lang).name).toBe(name);
  });

  it.each(LANGUAGES)('has a name for every condition and reason in %s', (lang) => {
    const t = tIn(lang);
    const names = [...Object.values(conditionLabels(t)), ...Object.values(unavailableReasons(t))];
    expect(names).toHaveLength(WEATHER_CONDITIONS.length + WEATHER_UNAVAILABLE_REASONS.length);
    // A missing key comes back as the key itself.
    expect(names.filter((n) => n.startsWith('weather.'))).toEqual([]);
    expect(new Set(Object.values(conditionLabels(t))).size).toBe(WEATHER_CONDITIONS.length);
  });

  it('draws a different icon for every condition', () => {
    const drawings = WEATHER_CONDITIONS.map((condition) =>
      renderToStaticMarkup(createElement(WeatherIcon, { condition, title: 'x' })).replace(/data-condition="\w+"/, ''),
    );
    expect(new Set(drawings).size).toBe(WEATHER_CONDITIONS.length);
  });
});
