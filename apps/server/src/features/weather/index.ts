/** The weather feature's front door: what the rest of the server may use of it. */
export { DEFAULT_WEATHER_JOB, startWeatherJob } from './weather.job.js';
export { weatherRoutes } from './weather.routes.js';
export { weatherServiceFor } from './weather.setup.js';
