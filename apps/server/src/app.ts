import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { createServices, type Services } from './services.js';
import { envelopePlugin, sendRouteNotFound } from './platform/envelope.js';
import { authPlugin } from './platform/auth.js';
import { refuseApiKeys, refusePlantLimitedKeys } from './platform/api-key-caller.js';
import { apiKeysRoutes, apiKeyStore } from './features/api-keys/index.js';
import { auditPlugin } from './platform/audit.js';
import { guardedValidatorCompiler } from './platform/validation.js';
import { observabilityPlugin } from './platform/observability.js';
import { registerOpenApi } from './platform/openapi.js';
import { defaultWebDist, registerWebApp } from './platform/web-app.js';
import { authRoutes, loadLoginKey, loadVapidKeys, sessionStore } from './features/auth/index.js';
import { registrationRoutes } from './features/registration/index.js';
import { usersRoutes } from './features/user-admin/index.js';
import { configuredSenders, notificationRulesRoutes, pushSubscriptionsRoutes } from './features/notifications/index.js';
import { userAvatarRoutes } from './features/users/index.js';
import { rolesRoutes } from './features/roles/index.js';
import { recordsRoutes } from './features/records/index.js';
import { devicesRoutes } from './features/devices/index.js';
import { deviceDetailRoutes } from './features/device-detail/index.js';
import { deviceStorageRoutes } from './features/device-storage/index.js';
import { plantListRoutes, plantStatsRoutes } from './features/plant-stats/index.js';
import { plantsRoutes } from './features/plants/index.js';
import { performanceRoutes } from './features/performance/index.js';
import { weatherRoutes } from './features/weather/index.js';
import { batteryHealthRoutes } from './features/battery-health/index.js';
import { tariffsRoutes } from './features/tariffs/index.js';
import { scriptsRoutes } from './features/scripts/index.js';
import { firmwareRoutes, upgradeRoutes } from './features/firmware/index.js';
import { liveRoutes, type LiveBus, type LiveHub } from './features/live/index.js';
import { registerCommands } from './features/commands/index.js';
import { registerOnlineDebug } from './features/online-debug/index.js';
import { registerAlarms } from './features/alarms/index.js';
import { registerDemo } from './features/demo/index.js';
import { noticesRoutes } from './features/notices/index.js';
import { workOrdersRoutes } from './features/workorders/index.js';
import { webhooksRoutes } from './features/webhooks/index.js';
import { vetTarget } from './platform/outbound-target.js';
import { messagesRoutes } from './features/messages/index.js';
import { preferencesRoutes } from './features/preferences/index.js';
import { reportsRoutes } from './features/reports/index.js';
import { bigScreenRoutes, kioskLinksRoutes, kioskSocketViewer } from './features/bigscreen/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live readings and status changes to browser tabs, this process's and (PostgreSQL) every other's. */
    live: LiveBus<LiveHub>;
  }
}

export interface AppOptions {
  db: Db;
  config: Config;
  /** The process's services (main.ts); without them the app builds its own and closes them with itself (tests). */
  services?: Services;
  /** Pino options or false (tests), for the services the app builds itself. */
  logger?: boolean | object;
}

/**
 * Builds the HTTP app without listening, on the process's services: tests call it with `inject`, main.ts listens
 * (only a process with the `http` role builds it).
 */
export async function buildApp({ db, config, services, logger = false }: AppOptions): Promise<FastifyInstance> {
  const own = services ?? (await createServices(db, config, { logger }));
  const app = Fastify({
    loggerInstance: own.log,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The envelope goes first so every later plugin's errors come out as { code, msg, data }.
  await app.register(envelopePlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest are this origin's own files (docs/pwa.md).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(cookie);
  await app.register(observabilityPlugin, { db, registry: own.metrics });
  if (!services) app.addHook('onClose', () => own.close());
  await app.register(authPlugin, { sessions: sessionStore(db), keys: apiKeyStore(db), config });
  await app.register(auditPlugin, { db });
  await registerOpenApi(app);

  const loginKey = await loadLoginKey(db);
  const deps = { db, config, loginKey };
  // The routes that manage credentials and accounts refuse API keys (decision 0039): a leaked key must not be able to
  // mint or widen credentials, change a password or make an account.
  // Verification codes leave from the HTTP role through the notification senders. Their log lines are kept whatever
  // LOG_LEVEL says: with the log SMS provider (or no SMTP_URL) the log is how a code reaches anyone.
  const codeLog = app.log.child({ feature: 'verification' }, { level: 'info' });
  const senders = configuredSenders(config.delivery, codeLog);
  app.addHook('onClose', async () => senders.email.close?.());
  await app.register(async (noKeys) => {
    noKeys.addHook('onRoute', refuseApiKeys);
    await noKeys.register(authRoutes, deps);
    await noKeys.register(registrationRoutes, {
      ...deps,
      senders,
      publicUrl: config.publicUrl,
      log: codeLog,
      clock: () => new Date(),
      smsBudget: config.delivery.smsBudget,
      captchaTestCode: config.captchaTestCode,
      defaultSuperiorCode: config.registerDefaultSuperior,
    });
    await noKeys.register(usersRoutes, deps);
    await noKeys.register(userAvatarRoutes, { db });
    await noKeys.register(rolesRoutes, { db });
    await noKeys.register(apiKeysRoutes, { db });
    await noKeys.register(kioskLinksRoutes, { db });
  });
  await app.register(recordsRoutes, { db });
  await app.register(devicesRoutes, { db, config });
  await app.register(deviceDetailRoutes, { db, config });
  await app.register(deviceStorageRoutes, { db, config });
  await app.register(plantStatsRoutes, { db, config });
  await app.register(plantsRoutes, { db, config });
  await app.register(plantListRoutes, { db, config });
  await app.register(weatherRoutes, { db, config });
  await app.register(performanceRoutes, { db, config });
  await app.register(batteryHealthRoutes, { db, config });
  await app.register(tariffsRoutes, { db });
  await app.register(scriptsRoutes, { db });
  await app.register(firmwareRoutes, { db, config });
  await app.register(noticesRoutes, { db });
  await app.register(workOrdersRoutes, { db });
  // The account's own objects, not tied to a plant: out of reach of a key limited to chosen plants (decision 0039).
  await app.register(async (accountOnly) => {
    accountOnly.addHook('onRoute', refusePlantLimitedKeys);
    await accountOnly.register(messagesRoutes, { db });
    await accountOnly.register(reportsRoutes, { db });
  });
  await app.register(preferencesRoutes, { db });
  await app.register(bigScreenRoutes, { db, config });
  await app.register(webhooksRoutes, { db, allowPrivate: config.webhooks.allowPrivate });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.decorate('live', own.live);
  await app.register(liveRoutes, {
    hub: own.live.hub,
    kioskViewer: (token) => kioskSocketViewer(db, token, config.deviceOfflineSeconds),
  });
  await registerCommands(app, deps, own.commands);
  await registerAlarms(app, db, own.live);
  await app.register(notificationRulesRoutes, { db });
  // Web Push subscriptions; a test push checks its endpoint like a webhook target (no private or metadata hosts).
  await app.register(pushSubscriptionsRoutes, {
    db,
    vapid: await loadVapidKeys(db, config.push),
    publicUrl: config.publicUrl,
    allowLoopbackHttp: config.push.allowLoopbackHttp,
    vetEndpoint: (url) =>
      vetTarget(url, { allowPrivate: config.webhooks.allowPrivate || config.push.allowLoopbackHttp }),
  });
  await app.register(upgradeRoutes, deps);
  await registerOnlineDebug(app, db, own.onlineDebug);
  await registerDemo(app, own.demoSeeding);

  const fallback = await registerWebApp(app, config.webDist ?? defaultWebDist());
  app.setNotFoundHandler((request, reply) => fallback?.(request, reply) ?? sendRouteNotFound(request, reply));
  return app;
}
