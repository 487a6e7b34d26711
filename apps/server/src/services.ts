import type { FastifyBaseLogger } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { registerGauges, requestLogFields } from './platform/observability.js';
import { AlarmEngine, startAlarmPush } from './features/alarms/index.js';
import { CommandDispatcher, toLiveMessage } from './features/commands/index.js';
import type { DemoSeeding } from './features/demo/index.js';
import { demoSeedingFor } from './features/demo/index.js';
import { closeLive, createLive, type LiveBus, type LiveHub } from './features/live/index.js';
import { recordAlarmTransitions } from './features/notifications/index.js';
import { DebugGatewaySlot } from './features/online-debug/index.js';
import { queueAlarmWebhooks } from './features/webhooks/index.js';
import { Ingest } from './features/telemetry/index.js';

/**
 * What a process runs on besides its database, built once (main.ts) whatever its roles: the HTTP app (app.ts) and
 * the background roles (runtime.ts) take what they need from here, so a process without the `http` role builds no
 * HTTP app, and a reading reaches the live channel and the alarm engine by one wiring (`readingPipeline`).
 */
export interface Services {
  readonly db: Db;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  /** The process's Prometheus registry (/metrics on the HTTP port and on METRICS_PORT). */
  readonly metrics: Registry;
  /** Live readings, statuses, commands and alarms to browser tabs, this process's and every other's. */
  readonly live: LiveBus<LiveHub>;
  /** Delivers commands over the device link the runtime attaches, and hears the answers. */
  readonly commands: CommandDispatcher;
  /** The OSIM gateway the online debug page reads through (attached by the osim role). */
  readonly onlineDebug: DebugGatewaySlot;
  /** The demo history's progress (the demo runner updates it, GET /api/demo/seeding reads it). */
  readonly demoSeeding: DemoSeeding;
  /** Raises and recovers alarms from committed readings; no-data alarms from the jobs role. */
  readonly alarms: AlarmEngine;
  /** A new ingest whose committed batches go to the live channel and (ALARMS on) the alarm engine. */
  readingPipeline(): Ingest;
  /** Stops what the services run (the live channel's connection and tabs, the alarm push); after the roles. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Pino options, or false for a silent log (tests). */
  logger?: boolean | LoggerOptions;
}

/** Builds the services of one process (docs/architecture.md, "Services built once"). */
export async function createServices(db: Db, config: Config, options: ServiceOptions = {}): Promise<Services> {
  const { logger = false } = options;
  const log: FastifyBaseLogger = pino({
    ...(logger === false ? { level: 'silent' } : logger === true ? {} : logger),
    // Fastify's request fields, the kiosk token masked (the app takes this logger as its own).
    serializers: { req: requestLogFields },
  });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  const live = await createLive({ db, config, log, metrics });
  const commands = new CommandDispatcher(db, (change) => live.publishCommandStatus(toLiveMessage(change)), log);
  // What an alarm change may need telling is recorded in the transaction that made it: the notification outbox and
  // the webhook outbox, both in that one transaction.
  const inTransaction: AlarmHook = async (tx, changes) => {
    await recordAlarmTransitions(tx, changes);
    await queueAlarmWebhooks(tx, changes);
  };
  const alarms = new AlarmEngine(db, { rules: config.alarmRules, inTransaction }, log);
  registerAlarmMetrics(metrics, alarms);
  // Raised, flapping and recovered alarms reach the live WebSocket of every user who may see the device.
  const stopAlarmPush = startAlarmPush(live, alarms, log);
  return {
    db,
    config,
    log,
    metrics,
    live,
    commands,
    onlineDebug: new DebugGatewaySlot(),
    demoSeeding: demoSeedingFor(config),
    alarms,
    readingPipeline() {
      const ingest = new Ingest(db);
      ingest.on('stored', (stored) => live.publishReadings(stored));
      if (config.alarms) ingest.on('stored', alarms.onStored);
      return ingest;
    },
    async close() {
      stopAlarmPush();
      // Gives this process's alarm shards up at once (decision 0028): other ingest processes take them as they need.
      await alarms.stop();
      await closeLive(live);
    },
  };
}

type AlarmHook = NonNullable<ConstructorParameters<typeof AlarmEngine>[1]['inTransaction']>;

/** The alarm engine's counters on /metrics. */
function registerAlarmMetrics(metrics: Registry, alarms: AlarmEngine): void {
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
    [
      'voltfleet_alarms_handed_over',
      "Readings handed to the process that owns their device's alarm state (decision 0028)",
      () => alarms.stats.handedOver,
    ],
    [
      'voltfleet_alarms_taken_over',
      'Readings other processes handed to this one for alarm evaluation',
      () => alarms.stats.takenOver,
    ],
  ] as const;
  registerGauges(metrics, stats);
}
