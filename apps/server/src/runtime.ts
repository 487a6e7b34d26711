import type { Registry } from 'prom-client';
import type { CommandStatusChange } from '@voltfleet/domain/commands';
import type { Services } from './services.js';
import {
  Ingest,
  retentionCutoff,
  startCompactionJob,
  startRetentionJob,
  startValuesJob,
} from './features/telemetry/index.js';
import type { AlarmEngine } from './features/alarms/index.js';
import { startReportExportJob } from './features/reports/index.js';
import { startPeriodic } from './platform/periodic.js';
import { registerGauges } from './platform/observability.js';
import { deviceDirectory, markSeen, osimDeviceRecords, watchStatuses } from './features/devices/index.js';
import { demoSkyLookup, runDemoFleet } from './features/demo/index.js';
import { PerformanceJob, startPerformanceJob } from './features/performance/index.js';
import { startBatteryHealthJob } from './features/battery-health/index.js';
import { hashPassword, loadVapidKeys, startMaintenance } from './features/auth/index.js';
import { startMqttBroker } from './link/mqtt-broker.js';
import { connectExternalLink } from './link/mqtt-external.js';
import { DeviceCache } from './link/device-cache.js';
import { OsimGateway } from './link/osim-gateway.js';
import { osimCommandLink } from './link/osim-commands.js';
import type { DeviceLink } from './link/link.types.js';
import { DEFAULT_WEATHER_JOB, startWeatherJob, weatherServiceFor } from './features/weather/index.js';
import { startPlantScriptJob } from './features/scripts/index.js';
import { startCommandJob, toLiveMessage } from './features/commands/index.js';
import { firmwareImageLoader, recordReportedVersions, startUpgradeJob } from './features/firmware/index.js';
import { startNotificationJob } from './features/notifications/index.js';
import { startWebhookJob } from './features/webhooks/index.js';
import { vetTarget } from './platform/outbound-target.js';
import { startHaBridge } from './features/ha-bridge/index.js';

export interface Runtime {
  ingest: Ingest | undefined;
  /** Raises and recovers alarms from what the ingest of this process commits (and no-data alarms, `jobs`). */
  alarms: AlarmEngine;
  link: DeviceLink | undefined;
  stop(): Promise<void>;
}

/**
 * Starts what this process does besides HTTP (ROLES): `ingest` runs the device link (in-process broker, or a
 * subscription to MQTT_URL) feeding the batched ingest; `jobs` runs status watching and clean-up; `bridge` publishes
 * to Home Assistant. With DEMO_FLEET the simulated fleet connects through the same link as real devices would.
 */
export async function startRuntime(services: Services): Promise<Runtime> {
  const { db, config, alarms, log, metrics } = services;
  const stops: (() => Promise<void> | void)[] = [];
  let ingest: Ingest | undefined;
  let link: DeviceLink | undefined;
  if (config.roles.has('ingest')) {
    ingest = services.readingPipeline();
    const directory = deviceDirectory(db);
    link = config.mqttUrl
      ? await connectExternalLink({
          url: config.mqttUrl,
          clientId: config.mqttClientId,
          devices: directory,
          sink: ingest,
          log: log,
        })
      : await startMqttBroker({ port: config.mqttPort, host: config.host, directory, sink: ingest, log: log });
    link.events.on(
      'online',
      (d) => void markSeen(db, d.id).catch((err: unknown) => log.warn({ err, sn: d.sn }, 'last-seen update failed')),
    );
    // Commands stop being delivered before the link closes.
    stops.unshift(
      services.commands.attach(link, { offlineSeconds: config.deviceOfflineSeconds, pollMs: 2000, metrics }),
    );
    stops.unshift(recordReportedVersions(db, link.events, log));
    const [theLink, theIngest] = [link, ingest];
    registerLinkMetrics(metrics, theIngest, theLink);
    stops.push(async () => {
      await theLink.close();
      await theIngest.flush();
    });
    log.info(
      config.mqttUrl
        ? `device link: subscribed to ${withoutPassword(config.mqttUrl)}`
        : `device link: MQTT broker on port ${config.mqttPort}`,
    );
  }
  if (config.roles.has('osim')) {
    // Without the ingest role this process gets its own ingest for the gateway's readings.
    const sink = ingest ?? services.readingPipeline();
    const gateway = await OsimGateway.start({
      port: config.osimPort,
      host: config.host,
      devices: new DeviceCache(deviceDirectory(db)),
      sink,
      records: osimDeviceRecords(db),
      log: log,
      pollIntervalMs: config.osimPollSeconds * 1000,
      requestTimeoutMs: config.osimRequestTimeoutSeconds * 1000,
      // A device seen over MQTT within the offline threshold is live there: its serial number is not taken over OSIM.
      mqttLiveMs: config.deviceOfflineSeconds * 1000,
    });
    registerGauges(metrics, [
      [
        'voltfleet_osim_identity_conflicts',
        'OSIM connections refused: their serial number was live elsewhere (an OSIM connection that answered, or MQTT)',
        () => gateway.counters.identityConflicts,
      ],
      [
        'voltfleet_osim_bad_frames',
        'OSIM frames that were invalid (closing their connection) or answered no request',
        () => gateway.counters.badFrames,
      ],
      [
        'voltfleet_osim_invalid_connections',
        'OSIM connections closed at their first invalid frame',
        () => gateway.counters.invalidConnections,
      ],
      [
        'voltfleet_osim_takeovers',
        'OSIM connections that took a serial number over from a connection that no longer answered',
        () => gateway.counters.takeovers,
      ],
    ]);
    gateway.events.on(
      'online',
      (d) => void markSeen(db, d.id).catch((err: unknown) => log.warn({ err, sn: d.sn }, 'last-seen update failed')),
    );
    // The gateway stops polling before the ingest flushes.
    stops.unshift(async () => {
      await gateway.close();
      if (sink !== ingest) await sink.flush();
    });
    // Commands for OSIM devices go through the gateway (which stops delivering before it closes).
    stops.unshift(
      services.commands.attach(osimCommandLink(gateway, log, firmwareImageLoader(db, config.dataDir)), {
        offlineSeconds: config.deviceOfflineSeconds,
        pollMs: 2000,
        protocol: 'osim',
        metrics,
      }),
    );
    // The PCU version an inverter reports in 98 is stored like an MQTT device's (and settles its upgrades).
    stops.unshift(recordReportedVersions(db, gateway.events, log));
    // The online debug page reads connected devices through the gateway.
    stops.unshift(services.onlineDebug.attach(gateway));
    log.info(`OSIM gateway on port ${gateway.port}`);
  }
  if (config.roles.has('jobs')) {
    // Every loop below runs through platform/periodic.ts: its rounds never overlap, a stop waits for the running
    // one, and /metrics shows each as voltfleet_periodic_*{task}.
    const publishCommand = (c: CommandStatusChange) => services.live.publishCommandStatus(toLiveMessage(c));
    stops.push(startMaintenance(db, log, { metrics }));
    const watcher = watchStatuses(
      db,
      config.deviceOfflineSeconds,
      {
        deviceStatus: (id, plantId, status) => services.live.publishDeviceStatus(id, plantId, status),
        plantStatus: (id, status) => services.live.publishPlantStatus(id, status),
      },
      log,
      { metrics },
    );
    stops.push(watcher.stop);
    if (config.alarms)
      stops.push(
        startPeriodic({
          name: 'alarm-no-data',
          everyMs: 15_000,
          run: () => alarms.checkNoData(config.deviceOfflineSeconds),
          log: log,
          metrics,
        }).stop,
      );
    if (config.weatherProvider !== 'off')
      stops.push(startWeatherJob(weatherServiceFor(db, config), log, DEFAULT_WEATHER_JOB, metrics));
    if (config.performance.enabled) {
      const demoSky = config.demoFleet ? demoSkyLookup() : undefined;
      // ALARMS=off: the figures are still worked out, and no alarm is raised.
      const sink = config.alarms ? alarms : { syncConditions: async () => undefined };
      const job = new PerformanceJob(db, sink, { settings: config.performance.settings, demoSky });
      stops.push(startPerformanceJob(job, log, metrics));
      if (config.alarms) stops.push(startBatteryHealthJob(db, alarms, config.performance.settings, log, metrics));
    }
    stops.push(startPlantScriptJob(db, log, metrics));
    stops.push(startUpgradeJob(db, log, { everyMs: 15_000, publish: publishCommand, metrics }));
    stops.push(startCommandJob(db, config.commandTimeoutSeconds, publishCommand, log, { metrics }));
    // Push endpoints are checked like webhook targets before every push (no private or metadata addresses).
    stops.push(
      startNotificationJob(db, config, log, metrics, {
        vapid: () => loadVapidKeys(db, config.push),
        vetEndpoint: (url) =>
          vetTarget(url, { allowPrivate: config.webhooks.allowPrivate || config.push.allowLoopbackHttp }),
      }),
    );
    // Signed webhooks: the outbox's deliveries, and the device online/offline changes they tell.
    stops.push(
      startWebhookJob(
        db,
        {
          allowPrivate: config.webhooks.allowPrivate,
          pollMs: config.webhooks.pollMs,
          offlineSeconds: config.deviceOfflineSeconds,
        },
        log,
        metrics,
      ),
    );
    stops.push(startReportExportJob(db, log, metrics));
    // Each settled 5-minute bucket's values, for the day's history (decision 0019); one process at a time.
    stops.push(startValuesJob(db, log, metrics));
    // Raw readings older than the window go (rollups stay); one process at a time, by an advisory lock.
    if (config.readingsRetentionMonths !== null)
      stops.push(startRetentionJob(db, config.readingsRetentionMonths, log, metrics));
    // Cold days of raw readings become one columnar row per device and day (decision 0036), never before the
    // retention cut-off (its purge keeps raw anchors there).
    if (config.readingsCompactAfterDays !== null) {
      const months = config.readingsRetentionMonths;
      stops.push(
        startCompactionJob(
          db,
          config.readingsCompactAfterDays,
          () => (months === null ? null : retentionCutoff(months, Date.now())),
          log,
          metrics,
        ),
      );
    }
  }
  if (config.demoFleet) {
    const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`;
    // The demo's history (first start only) goes through this process's ingest, or one of its own without the
    // ingest role, so it is stored, rolled up and raises alarms like the live readings. It is seeded in the
    // background: runDemoFleet returns at once and the platform is usable meanwhile, so /readyz does not wait for it
    // (GET /api/demo/seeding says how far it is; the browser journeys wait for that).
    const historyIngest = ingest ?? (config.demoHistoryDays > 0 ? services.readingPipeline() : undefined);
    // The months before the last week come after the live run started, through an ingest no alarm engine or live
    // channel listens to: both have moved on to newer readings (the runner works those months' alarms out itself).
    const olderIngest = config.demoHistoryDays > 0 ? new Ingest(db) : undefined;
    const demo = await runDemoFleet(db, {
      dataDir: config.dataDir,
      mqttUrl: brokerUrl,
      hash: hashPassword,
      log: (m) => log.info(m),
      upgradeRestartMs: config.demoUpgradeRestartSeconds * 1000,
      ...(config.roles.has('osim') ? { osim: { host: '127.0.0.1', port: config.osimPort } } : {}),
      historyDays: config.demoHistoryDays,
      ...(config.demoReportSeconds ? { reportSeconds: config.demoReportSeconds } : {}),
      ...(historyIngest ? { ingest: historyIngest } : {}),
      ...(olderIngest ? { olderIngest } : {}),
      ...(config.alarms ? { alarmRules: config.alarmRules } : {}),
      seeding: services.demoSeeding,
    });
    // The simulated devices stop first so their last readings still reach the link.
    stops.unshift(() => demo.stop());
  }
  if (config.haBridge) {
    // A client of the HTTP API (this process's or HA_API_URL's) with the key's rights; says offline first on stop.
    const bridge = startHaBridge({ config: config.haBridge, log });
    stops.unshift(() => bridge.stop());
  }
  // Alarms are evaluated to the end last, after every ingest has flushed its readings.
  stops.push(() => alarms.flush());
  return {
    ingest,
    alarms,
    link,
    async stop() {
      for (const stop of stops) await stop();
    },
  };
}

/** MQTT_URL for the log: the platform's broker password must not end up in log files. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(MQTT_URL)';
  }
}

/** Ingest and link counters on /metrics. */
function registerLinkMetrics(metrics: Registry, ingest: Ingest, link: DeviceLink): void {
  const stats = [
    ['voltfleet_ingest_readings_stored', 'Readings stored', () => ingest.stats.stored],
    ['voltfleet_ingest_duplicates', 'Redelivered readings ignored', () => ingest.stats.duplicates],
    ['voltfleet_ingest_batches', 'Committed ingest batches', () => ingest.stats.batches],
    [
      'voltfleet_ingest_failed_batches',
      'Ingest batches that failed (not acknowledged)',
      () => ingest.stats.failedBatches,
    ],
    ['voltfleet_link_accepted', 'Device messages accepted by the link', () => link.counters.accepted],
    ['voltfleet_link_rejected', 'Device messages refused by the link', () => link.counters.rejected],
  ] as const;
  registerGauges(metrics, stats);
}
