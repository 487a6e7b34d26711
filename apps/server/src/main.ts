import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type Config } from './config.js';
import { bridgeOnly, runBridgeAlone } from './bridge-main.js';
import { openDb } from './db/db.js';
import { migrate } from './db/migrate.js';
import { seed } from './seed.js';
import { buildApp } from './app.js';
import { createServices } from './services.js';
import { hashPassword } from './features/auth/index.js';
import { startRuntime } from './runtime.js';
import { listenForMetrics } from './platform/observability.js';

const config = loadConfig();
// A process that only bridges to Home Assistant is a client of the API: it opens no database (decision 0041).
if (bridgeOnly(config)) await runBridgeAlone(config);
else await startPlatform(config);

async function startPlatform(config: Config): Promise<void> {
  await mkdir(config.dataDir, { recursive: true });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  const applied = await migrate(db);
  const seeded = await seed(db, {
    adminPassword: config.adminPassword,
    dataDir: config.dataDir,
    hash: hashPassword,
    log: (m) => console.log(m),
  });

  const services = await createServices(db, config, { logger: { level: config.logLevel } });
  const { log } = services;
  // Only a process that serves HTTP builds the app; the background roles run on the services alone.
  const app = config.roles.has('http') ? await buildApp({ db, config, services }) : undefined;
  if (config.captchaTestCode)
    log.warn('VOLTFLEET_CAPTCHA_TEST_CODE is set: every captcha accepts the test code. Never use this in production.');
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (seeded.administratorCreated)
    log.info(
      {
        username: 'admin',
        password: seeded.passwordFile ? `generated, in ${seeded.passwordFile}` : 'from ADMIN_PASSWORD',
      },
      'administrator "admin" created',
    );
  await app?.listen({ port: config.port, host: config.host });
  const runtime = await startRuntime(services);
  // After the runtime: its counters (ingest, link, alarms) are registered by then.
  const closeMetrics = config.metricsPort
    ? await listenForMetrics(services.metrics, config.metricsPort, config.host)
    : undefined;
  if (config.metricsPort) log.info(`metrics: /metrics on port ${config.metricsPort}`);
  if (app) log.info(`Voltfleet is running at http://localhost:${config.port} (database: ${db.kind})`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      await runtime.stop();
      await closeMetrics?.();
      await app?.close();
      await services.close();
      await db.close();
      process.exit(0);
    });
  }
}
