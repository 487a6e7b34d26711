import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApi } from './api.mjs';
import { ADMIN_PASSWORD, startServer } from './server.mjs';
import { startWeatherFixtureServer } from '../../apps/server/src/test/weather-fixture-server.js';
import { startMailbox } from './mailbox.js';
import { provideRunEnv } from './run-env.js';
import { startSmsLog } from './sms-log.js';

/**
 * How long the server may take to answer /readyz (seeding the demo: twice that). Limits that catch a server that never
 * comes up, not a busy machine: on two cores beside other work, the start alone has taken a minute.
 */
const READY_MS = Number(process.env.SERVER_READY_MS) || 180_000;

/**
 * One real server (built app, fresh PGlite data directory, test captcha code) for every journey. TRUST_PROXY lets
 * each journey file be its own client address (X-Forwarded-For), so the per-address limits (public calls per
 * minute, failed logins) never couple the journeys or depend on how fast the suite runs. DEMO_FLEET runs the
 * simulated fleet (its plants, devices and users below admin), reporting over MQTT like real inverters, for the
 * journeys that watch live data; it gets its own free MQTT port from startServer. The demo seeds three days of history
 * first (DEMO_HISTORY_DAYS; `npm start` seeds 13 months, which takes minutes): enough for the journeys to find
 * yesterday's and this month's figures, and for every plant, in every zone at every hour, a whole day after its
 * partial first one that has a performance ratio by the browser's calendar (two days left the plants east of UTC
 * without one in the evening); short enough to add seconds; the journeys start once it is done and the
 * fleet is live.
 *
 * Playwright runs this once, in its own process, before it starts the workers; they inherit the environment it sets
 * (support/run-env.ts). The function it returns is the global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Recorded Open-Meteo answers from a local server: journeys see a forecast without the internet.
  const weather = await startWeatherFixtureServer();
  // Mail goes to a real SMTP server here; the notification journey reads what it received.
  const mailbox = await startMailbox();
  const server = await startServer(
    {
      SMTP_URL: mailbox.smtpUrl,
      MAIL_FROM: 'Voltfleet <alarms@voltfleet.test>',
      NOTIFY_POLL_MS: '500',
      // SMS go to the log (the registration journey reads verification codes from it through smsLogUrl).
      SMS_PROVIDER: 'log',
      TRUST_PROXY: 'true',
      DEMO_FLEET: 'on',
      DEMO_HISTORY_DAYS: '3',
      WEATHER_URL: weather.url,
      // E2E_LOG_LEVEL=info E2E_SERVER_LOG=file keeps the server's log of a run for a failure's post-mortem.
      ...(process.env.E2E_LOG_LEVEL ? { LOG_LEVEL: process.env.E2E_LOG_LEVEL } : {}),
    },
    { readyMs: READY_MS },
  ).catch(async (err: unknown) => {
    await weather.close();
    await mailbox.close();
    throw err;
  });
  try {
    await demoSeeded(server.baseUrl);
    await administratorReadsEnglish(server.baseUrl);
  } catch (err) {
    await server.stop();
    await weather.close();
    await mailbox.close();
    throw err;
  }
  const smsLog = await startSmsLog(() => server.output());
  const lockDir = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-e2e-locks-'));
  provideRunEnv({
    baseUrl: server.baseUrl,
    smsLogUrl: smsLog.url,
    mailboxUrl: mailbox.url,
    mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
    lockDir,
  });
  return async () => {
    await smsLog.close();
    await server.stop();
    await weather.close();
    await mailbox.close();
    await rm(lockDir, { recursive: true, force: true });
    if (process.env.E2E_SERVER_LOG) await writeFile(process.env.E2E_SERVER_LOG, server.output());
  };
}

/** Waits until the demo's history is seeded and its fleet live (GET /api/demo/seeding). */
async function demoSeeded(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 2 * READY_MS;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/demo/seeding`);
    const { data } = (await res.json()) as { data: { state: string } };
    last = JSON.stringify(data);
    if (data.state === 'done' || data.state === 'off') return;
    if (data.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the demo history was not seeded: ${last}`);
}

/**
 * The administrator's language is chosen once, English, for the whole run: the journeys run side by side and sign in
 * as the administrator at any moment, so none of them may change it (a journey that needs another language signs in
 * as a user of its own; support/journey.ts checks this after every test). Chosen, it also stays English whatever
 * language a journey's browser prefers, and so do the mails the administrator is sent.
 */
async function administratorReadsEnglish(baseUrl: string): Promise<void> {
  const api = createApi(baseUrl);
  const token = await api.login('admin', ADMIN_PASSWORD);
  await api.call('PUT', '/api/auth/me/language', { token, body: { language: 'en' } });
}
