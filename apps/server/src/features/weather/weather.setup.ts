import type { Config } from '../../config.js';
import type { Queryable } from '../../db/db.js';
import { openMeteoProvider, type WeatherProvider } from './weather.provider.js';
import { WeatherService } from './weather.service.js';

/** The provider WEATHER_PROVIDER selects, or undefined when it is off. */
export function weatherProviderFor(config: Config): WeatherProvider | undefined {
  if (config.weatherProvider === 'off') return undefined;
  return openMeteoProvider({ url: config.weatherUrl, timeoutMs: config.weatherTimeoutMs });
}

export function weatherServiceFor(db: Queryable, config: Config): WeatherService {
  return new WeatherService(db, weatherProviderFor(config));
}
