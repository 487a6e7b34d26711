import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { CommandStatusChange } from '@voltfleet/domain';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { Ingest, startRetentionJob, startValuesJob } from './features/telemetry/index.js';
import { AlarmEngine, startAlarmPush } from './features/alarms/index.js';
import { startReportExportJob } from './features/reports/index.js';
import { startPeriodic } from './platform/periodic.js';
import { deviceDirectory, markSeen, osimDeviceRecords, watchStatuses } from './features/devices/index.js';
import { runDemoFleet } from './features/demo/index.js';
import { hashPassword, startMaintenance } from './features/auth/index.js';
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
import { recordAlarmTransitions, startNotificationJob } from './features/notifications/index.js';

export interface Runtime {
  ingest: Ingest | undefined;
  /** Raises and recovers alarms from what the ingest of this process commits (and no-data alarms, `jobs`). */
  alarms: AlarmEngine;
  link: DeviceLink | undefined;
  stop(): Promise<void>;
}

/**
 * Starts what this process does besides HTTP (ROLES): `ingest` runs the device link (in-process broker, or a
 * subscription to MQTT_URL) feeding the batched ingest; `jobs` runs status watching and clean-up. With DEMO_FLEET
 * the simulated fleet connects through the same link as real devices would.
 */
export async function startRuntime(app: FastifyInstance, db: Db, config: Config): Promise<Runtime> {
  const stops: (() => Promise<void> | void)[] = [];
  let ingest: Ingest | undefined;
  let link: DeviceLink | undefined;
  // What an alarm change may need telling is recorded in the transaction that made it (the notification outbox).
  const alarms = new AlarmEngine(db, { rules: config.alarmRules, inTransaction: recordAlarmTransitions }, app.log);
  registerAlarmMetrics(app, alarms);
  // Raised, flapping and recovered alarms reach the live WebSocket of every user who may see the device.
  stops.push(startAlarmPush(app.live, alarms, app.log));
  if (config.roles.has('ingest')) {
    ingest = new Ingest(db);
    ingest.on('stored', (stored) => app.live.publishReadings(stored));
    if (config.alarms) ingest.on('stored', alarms.onStored);
    const directory = deviceDirectory(db);
    link = config.mqttUrl
      ? await connectExternalLink({
          url: config.mqttUrl,
          clientId: config.mqttClientId,
          devices: directory,
          sink: ingest,
          log: app.log,
        })
      : await startMqttBroker({ port: config.mqttPort, host: config.host, directory, sink: ingest, log: app.log });
    link.events.on(
      'online',
      (d) =>
        void markSeen(db, d.id).catch((err: unknown) => app.log.warn({ err, sn: d.sn }, 'last-seen update failed')),
    );
    // Commands stop being delivered before the link closes.
    stops.unshift(
      app.commands.attach(link, { offlineSeconds: config.deviceOfflineSeconds, pollMs: 2000, metrics: app.metrics }),
    );
    stops.unshift(recordReportedVersions(db, link.events, app.log));
    const [theLink, theIngest] = [link, ingest];
    registerLinkMetrics(app, theIngest, theLink);
    stops.push(async () => {
      await theLink.close();
      await theIngest.flush();
    });
    app.log.info(
      config.mqttUrl
        ? `device link: subscribed to ${withoutPassword(config.mqttUrl)}`
        : `device link: MQTT broker on port ${config.mqttPort}`,
    );
  }
  if (config.roles.has('osim')) {
    // Without the ingest role this process gets its own ingest for the gateway's readings.
    const sink = ingest ?? new Ingest(db);
    if (!ingest) {
      sink.on('stored', (stored) => app.live.publishReadings(stored));
      if (config.alarms) sink.on('stored', alarms.onStored);
    }
    const gateway = await OsimGateway.start({
      port: config.osimPort,
      host: config.host,
      devices: new DeviceCache(deviceDirectory(db)),
      sink,
      records: osimDeviceRecords(db),
      log: app.log,
      pollIntervalMs: config.osimPollSeconds * 1000,
      requestTimeoutMs: config.osimRequestTimeoutSeconds * 1000,
      // A device seen over MQTT within the offline threshold is live there: its serial number is not taken over OSIM.
      mqttLiveMs: config.deviceOfflineSeconds * 1000,
    });
    for (const [name, help, read] of [
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
    ] as const)
      new Gauge({
        name,
        help,
        registers: [app.metrics],
        collect() {
          this.set(read());
        },
      });
    gateway.events.on(
      'online',
      (d) =>
        void markSeen(db, d.id).catch((err: unknown) => app.log.warn({ err, sn: d.sn }, 'last-seen update failed')),
    );
    // The gateway stops polling before the ingest flushes.
    stops.unshift(async () => {
      await gateway.close();
      if (sink !== ingest) await sink.flush();
    });
    // Commands for OSIM devices go through the gateway (which stops delivering before it closes).
    stops.unshift(
      app.commands.attach(osimCommandLink(gateway, app.log, firmwareImageLoader(db, config.dataDir)), {
        offlineSeconds: config.deviceOfflineSeconds,
        pollMs: 2000,
        protocol: 'osim',
        metrics: app.metrics,
      }),
    );
    // The PCU version an inverter reports in 98 is stored like an MQTT device's (and settles its upgrades).
    stops.unshift(recordReportedVersions(db, gateway.events, app.log));
    // The online debug page reads connected devices through the gateway.
    stops.unshift(app.onlineDebug.attach(gateway));
    app.log.info(`OSIM gateway on port ${gateway.port}`);
  }
  if (config.roles.has('jobs')) {
    // Every loop below runs through platform/periodic.ts: its rounds never overlap, a stop waits for the running
    // one, and /metrics shows each as voltfleet_periodic_*{task}.
    const { metrics } = app;
    const publishCommand = (c: CommandStatusChange) => app.live.publishCommandStatus(toLiveMessage(c));
    stops.push(startMaintenance(db, app.log, { metrics }));
    const watcher = watchStatuses(
      db,
      config.deviceOfflineSeconds,
      {
        deviceStatus: (id, plantId, status) => app.live.publishDeviceStatus(id, plantId, status),
        plantStatus: (id, status) => app.live.publishPlantStatus(id, status),
      },
      app.log,
      { metrics },
    );
    stops.push(watcher.stop);
    if (config.alarms)
      stops.push(
        startPeriodic({
          name: 'alarm-no-data',
          everyMs: 15_000,
          run: () => alarms.checkNoData(config.deviceOfflineSeconds),
          log: app.log,
          metrics,
        }).stop,
      );
    if (config.weatherProvider !== 'off')
      stops.push(startWeatherJob(weatherServiceFor(db, config), app.log, DEFAULT_WEATHER_JOB, metrics));
    stops.push(startPlantScriptJob(db, app.log, metrics));
    stops.push(startUpgradeJob(db, app.log, { everyMs: 15_000, publish: publishCommand, metrics }));
    stops.push(startCommandJob(db, config.commandTimeoutSeconds, publishCommand, app.log, { metrics }));
    stops.push(startNotificationJob(db, config, app.log, metrics));
    stops.push(startReportExportJob(db, app.log, metrics));
    // Each settled 5-minute bucket's values, for the day's history (decision 0019); one process at a time.
    stops.push(startValuesJob(db, app.log, metrics));
    // Raw readings older than the window go (rollups stay); one process at a time, by an advisory lock.
    if (config.readingsRetentionMonths !== null)
      stops.push(startRetentionJob(db, config.readingsRetentionMonths, app.log, metrics));
  }
  if (config.demoFleet) {
    const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`;
    // The demo's history (first start only) goes through this process's ingest, or one of its own without the
    // ingest role, so it is stored, rolled up and raises alarms like the live readings. It is seeded in the
    // background: runDemoFleet returns at once and the platform is usable meanwhile, so /readyz does not wait for it
    // (GET /api/demo/seeding says how far it is; the browser journeys wait for that).
    let historyIngest = ingest;
    if (!historyIngest && config.demoHistoryDays > 0) {
      historyIngest = new Ingest(db);
      if (config.alarms) historyIngest.on('stored', alarms.onStored);
    }
    // The months before the last week come after the live run started, through an ingest no alarm engine or live
    // channel listens to: both have moved on to newer readings (the runner works those months' alarms out itself).
    const olderIngest = config.demoHistoryDays > 0 ? new Ingest(db) : undefined;
    const demo = await runDemoFleet(db, {
      dataDir: config.dataDir,
      mqttUrl: brokerUrl,
      hash: hashPassword,
      log: (m) => app.log.info(m),
      upgradeRestartMs: config.demoUpgradeRestartSeconds * 1000,
      ...(config.roles.has('osim') ? { osim: { host: '127.0.0.1', port: config.osimPort } } : {}),
      historyDays: config.demoHistoryDays,
      ...(config.demoReportSeconds ? { reportSeconds: config.demoReportSeconds } : {}),
      ...(historyIngest ? { ingest: historyIngest } : {}),
      ...(olderIngest ? { olderIngest } : {}),
      ...(config.alarms ? { alarmRules: config.alarmRules } : {}),
      seeding: app.demoSeeding,
    });
    // The simulated devices stop first so their last readings still reach the link.
    stops.unshift(() => demo.stop());
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

/** The alarm engine's counters on /metrics. */
function registerAlarmMetrics(app: FastifyInstance, alarms: AlarmEngine): void {
  const stats = [
    ['voltfleet_alarms_raised', 'Alarms this process raised', () => alarms.stats.raised],
    ['voltfleet_alarms_recovered', 'Alarms this process recovered', () => alarms.stats.recovered],
    [
      'voltfleet_alarms_batches',
      'Batches of committed readings the alarm engine evaluated',
      () => alarms.stats.batches,
    ],
    [
      'voltfleet_alarms_transactions',
      'Transactions the alarm engine ran for those batches (a batch that changes nothing needs none)',
      () => alarms.stats.transactions,
    ],
    [
      'voltfleet_alarms_evaluation_failures',
      'Batches of committed readings whose alarm evaluation failed',
      () => alarms.stats.failedBatches,
    ],
  ] as const;
  for (const [name, help, read] of stats) {
    new Gauge({
      name,
      help,
      registers: [app.metrics],
      collect() {
        this.set(read());
      },
    });
  }
}

/** Ingest and link counters on /metrics. */
function registerLinkMetrics(app: FastifyInstance, ingest: Ingest, link: DeviceLink): void {
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
  for (const [name, help, read] of stats) {
    new Gauge({
      name,
      help,
      registers: [app.metrics],
      collect() {
        this.set(read());
      },
    });
  }
}
