import type { TFunction } from 'i18next';
import type { WeatherCondition, WeatherUnavailableReason } from '@voltfleet/domain/plants';

// Literal t() calls (not built keys) so the locale checker sees every key in use.

/** Localised names of the weather conditions. */
export function conditionLabels(t: TFunction): Record<WeatherCondition, string> {
  return {
    clear: t('weather.conditions.clear'),
    partlyCloudy: t('weather.conditions.partlyCloudy'),
    cloudy: t('weather.conditions.cloudy'),
    fog: t('weather.conditions.fog'),
    drizzle: t('weather.conditions.drizzle'),
    rain: t('weather.conditions.rain'),
    snow: t('weather.conditions.snow'),
    showers: t('weather.conditions.showers'),
    thunderstorm: t('weather.conditions.thunderstorm'),
  };
}

/** Localised explanations of why no forecast is shown. */
export function unavailableReasons(t: TFunction): Record<WeatherUnavailableReason, string> {
  return {
    disabled: t('weather.reasons.disabled'),
    unreachable: t('weather.reasons.unreachable'),
    pending: t('weather.reasons.pending'),
  };
}
