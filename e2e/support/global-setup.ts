import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { writeFile } from 'node:fs/promises';
import { startServer } from './server.mjs';
import { startWeatherFixtureServer } from '../../apps/server/src/test/weather-fixture-server.js';

/**
 * One real server (built app, fresh PGlite data directory, test captcha code) for every journey. TRUST_PROXY lets
 * each journey file be its own client address (X-Forwarded-For), so the per-address limits (public calls per
 * minute, failed logins) never couple the journeys or depend on how fast the suite runs. DEMO_FLEET runs the
 * simulated fleet (its plants, devices and users below admin), reporting over MQTT like real inverters, for the
 * journeys that watch live data; it gets its own free MQTT port from startServer.
 */
export default async function setup(project: TestProject) {
  // Recorded Open-Meteo answers from a local server: journeys see a forecast without the internet.
  const weather = await startWeatherFixtureServer();
  const server = await startServer({
    TRUST_PROXY: 'true',
    DEMO_FLEET: 'on',
    WEATHER_URL: weather.url,
    // E2E_LOG_LEVEL=info E2E_SERVER_LOG=file keeps the server's log of a run for a failure's post-mortem.
    ...(process.env.E2E_LOG_LEVEL ? { LOG_LEVEL: process.env.E2E_LOG_LEVEL } : {}),
  }).catch(async (err: unknown) => {
    await weather.close();
    throw err;
  });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    await weather.close();
    if (process.env.E2E_SERVER_LOG) await writeFile(process.env.E2E_SERVER_LOG, server.output());
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
