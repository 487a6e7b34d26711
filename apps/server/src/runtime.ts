import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { Ingest } from './features/telemetry/ingest.js';
import { deviceDirectory } from './features/devices/device-directory.js';
import { markSeen } from './features/devices/device-status.js';
import { watchStatuses } from './features/devices/status-watcher.js';
import { runDemoFleet } from './features/demo/demo.runner.js';
import { hashPassword } from './features/auth/auth.service.js';
import { startMqttBroker } from './link/mqtt-broker.js';
import { connectExternalLink } from './link/mqtt-external.js';
import type { DeviceLink } from './link/link.types.js';
import { startMaintenance } from './platform/maintenance.js';

export interface Runtime {
  ingest: Ingest | undefined;
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
  if (config.roles.has('ingest')) {
    ingest = new Ingest(db);
    ingest.on('stored', (stored) => app.live.publishReadings(stored));
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
    const [theLink, theIngest] = [link, ingest];
    registerLinkMetrics(app, theIngest, theLink);
    stops.push(async () => {
      await theLink.close();
      await theIngest.flush();
    });
    app.log.info(
      config.mqttUrl
        ? `device link: subscribed to ${config.mqttUrl}`
        : `device link: MQTT broker on port ${config.mqttPort}`,
    );
  }
  if (config.roles.has('jobs')) {
    stops.push(startMaintenance(db, app.log));
    const watcher = watchStatuses(
      db,
      config.deviceOfflineSeconds,
      {
        deviceStatus: (id, plantId, status) => app.live.publishDeviceStatus(id, plantId, status),
        plantStatus: (id, status) => app.live.publishPlantStatus(id, status),
      },
      app.log,
    );
    stops.push(watcher.stop);
  }
  if (config.demoFleet) {
    const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`;
    const demo = await runDemoFleet(db, {
      dataDir: config.dataDir,
      mqttUrl: brokerUrl,
      hash: hashPassword,
      log: (m) => app.log.info(m),
    });
    // The simulated devices stop first so their last readings still reach the link.
    stops.unshift(() => demo.stop());
  }
  return {
    ingest,
    link,
    async stop() {
      for (const stop of stops) await stop();
    },
  };
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
