import { performanceConfig, type PerformanceConfig } from './config-performance.js';
import os from 'node:os';
import path from 'node:path';
import {
  ALARM_SEVERITIES,
  DEFAULT_ALARM_RULES,
  timingBySeverity,
  type AlarmRuleOptions,
  type AlarmSeverity,
  type AlarmTiming,
} from '@voltfleet/domain/alarms';
import { haBridgeConfig, type HaBridgeConfig } from './config-bridge.js';
import { pushConfig, type PushConfig } from './config-push.js';
import { webhookConfig, type WebhookConfig } from './config-webhooks.js';

export const PROCESS_ROLES = ['http', 'ingest', 'osim', 'jobs', 'bridge'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  roles: Set<ProcessRole>;
  adminPassword: string | undefined;
  captchaTestCode: string | undefined;
  production: boolean;
  sessionIdleMinutes: number;
  /** Calls an API key may make a minute in one process (API_KEY_RATE_PER_MINUTE); more answer 429 with Retry-After. */
  apiKeyRatePerMinute: number;
  sessionMaxHours: number;
  webDist: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** METRICS_PORT: /metrics on a port of its own, so a process without the http role can be scraped too. */
  metricsPort: number | undefined;
  mqttPort: number;
  mqttUrl: string | undefined;
  /** With an external Mosquitto: where its password and ACL files are rewritten after credentials change. */
  mosquittoAuthDir: string | undefined;
  /** Mosquitto's pid file: it gets SIGHUP to reload those files. */
  mosquittoPidFile: string | undefined;
  /** Stable per ingest process: after a restart it gets back its unacknowledged messages under the same id. */
  mqttClientId: string;
  osimPort: number;
  /** The OSIM gateway polls each connected inverter this often. */
  osimPollSeconds: number;
  /** An OSIM request without its complete reply after this long has timed out. */
  osimRequestTimeoutSeconds: number;
  demoFleet: boolean;
  /** Days of history the demo fleet seeds on its first start (0: none). */
  demoHistoryDays: number;
  /** DEMO_REPORT_SECONDS: every demo inverter reports this often while live (soak and load runs); unset: 30–60 s. */
  demoReportSeconds: number | undefined;
  /** A device silent for longer than this is offline. */
  deviceOfflineSeconds: number;
  /** The alarm engine's debounce, recovery (hysteresis) and flapping rules, in milliseconds. */
  alarmRules: AlarmRuleOptions;
  /** ALARMS=off: committed readings are not evaluated and no no-data alarms are raised (the engine's benchmark). */
  alarms: boolean;
  /** Commands to more devices than this at once need the batch permission and an explicit confirmation. */
  commandBatchLimit: number;
  /** A command not delivered within this many minutes expires and is never sent. */
  commandExpiryMinutes: number;
  /** A sent command without a final answer after this many seconds has timed out. */
  commandTimeoutSeconds: number;
  /** How long a simulated demo inverter restarts after a firmware upgrade (R9.2: 20 minutes). */
  demoUpgradeRestartSeconds: number;
  /** Weather forecasts: Open-Meteo (free, no key) or off (the weather tab says the forecast is unavailable). */
  weatherProvider: 'open-meteo' | 'off';
  /** The Open-Meteo forecast endpoint (tests and e2e point it at a local fixture server). */
  weatherUrl: string;
  /** A forecast call gives up after this long. */
  weatherTimeoutMs: number;
  /** Expected yield, performance ratio and the under-performance and battery-health alarms (issue 42). */
  performance: PerformanceConfig;
  /** Where users reach the portal (PUBLIC_URL): the links in e-mails. */
  publicUrl: string;
  /** Mail and SMS delivery of notifications (docs/configuration.md, "Notifications"). */
  delivery: DeliveryConfig;
  /** REGISTER_DEFAULT_SUPERIOR: the client code self-registered accounts go under when they give none. */
  registerDefaultSuperior: string;
  /**
   * READINGS_RETENTION_MONTHS: raw readings of the current UTC month and this many whole months before it are kept,
   * older ones are purged by the jobs role (rollups stay); null (`off`) keeps every reading.
   */
  readingsRetentionMonths: number | null;
  /**
   * READINGS_COMPACT_AFTER_DAYS: raw readings of UTC days at least this many whole days old are compacted into one
   * columnar row per device and day by the jobs role (decision 0036); null (`off`) keeps them raw.
   */
  readingsCompactAfterDays: number | null;
  /** The Home Assistant bridge (role `bridge`, HA_* variables); undefined without that role. */
  haBridge: HaBridgeConfig | undefined;
  /** Signed webhooks (WEBHOOK_* variables). */
  webhooks: WebhookConfig;
  /** Web Push (VAPID_* variables). */
  push: PushConfig;
}

export interface DeliveryConfig {
  /** SMTP_URL: unset → mails are written to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sms: {
    provider: 'log' | 'http';
    url: string | undefined;
    username: string | undefined;
    password: string | undefined;
    bodyTemplate: string | undefined;
    contentType: string;
  };
  /**
   * The SMS budget every text message is counted against (issue 38): per number a day, per client address an hour
   * (code requests), for the platform an hour (SMS_BUDGET_PER_NUMBER_PER_DAY, SMS_BUDGET_PER_CLIENT_PER_HOUR,
   * SMS_BUDGET_PLATFORM_PER_HOUR).
   */
  smsBudget: { perNumberPerDay: number; perClientPerHour: number; platformPerHour: number };
  /** How often the jobs role looks for notices to expand, digest and send. */
  pollMs: number;
  retryBaseMs: number;
  claimMs: number;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return n;
}

/**
 * The alarm rules from the environment; debounce and recovery may be 0 (raise and recover at once). The base times
 * are those of critical and major faults; minor faults and warnings take them times SEVERITY_TIMING_FACTORS unless
 * ALARM_DEBOUNCE_SECONDS_<SEVERITY> / ALARM_RECOVER_SECONDS_<SEVERITY> say otherwise.
 */
function alarmRules(env: NodeJS.ProcessEnv): AlarmRuleOptions {
  const d = DEFAULT_ALARM_RULES;
  const base = {
    debounceMs: intEnv(env, 'ALARM_DEBOUNCE_SECONDS', d.debounceMs / 1000, 0) * 1000,
    recoverMs: intEnv(env, 'ALARM_RECOVER_SECONDS', d.recoverMs / 1000, 0) * 1000,
  };
  const scaled = timingBySeverity(base);
  const bySeverity = Object.fromEntries(
    ALARM_SEVERITIES.map((severity) => {
      const name = severity.toUpperCase();
      const fallback = scaled[severity];
      return [
        severity,
        {
          debounceMs: intEnv(env, `ALARM_DEBOUNCE_SECONDS_${name}`, Math.round(fallback.debounceMs / 1000), 0) * 1000,
          recoverMs: intEnv(env, `ALARM_RECOVER_SECONDS_${name}`, Math.round(fallback.recoverMs / 1000), 0) * 1000,
        },
      ];
    }),
  ) as Record<AlarmSeverity, AlarmTiming>;
  return {
    ...base,
    bySeverity,
    flapCount: intEnv(env, 'ALARM_FLAP_COUNT', d.flapCount),
    flapWindowMs: intEnv(env, 'ALARM_FLAP_WINDOW_SECONDS', d.flapWindowMs / 1000) * 1000,
  };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new Error(`${name} must be on or off, got "${raw}"`);
}

function weatherProvider(raw: string | undefined): Config['weatherProvider'] {
  if (raw === undefined || raw === '' || raw === 'open-meteo') return 'open-meteo';
  if (raw === 'off') return 'off';
  throw new Error(`WEATHER_PROVIDER must be open-meteo or off, got "${raw}"`);
}

function deliveryConfig(env: NodeJS.ProcessEnv): DeliveryConfig {
  const provider = env.SMS_PROVIDER || (env.SMS_URL ? 'http' : 'log');
  if (provider !== 'log' && provider !== 'http') throw new Error(`SMS_PROVIDER must be log or http, got "${provider}"`);
  if (provider === 'http' && !env.SMS_URL) throw new Error('SMS_PROVIDER=http needs SMS_URL');
  return {
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Voltfleet <noreply@voltfleet.local>',
    sms: {
      provider,
      url: env.SMS_URL || undefined,
      username: env.SMS_USERNAME || undefined,
      password: env.SMS_PASSWORD || undefined,
      bodyTemplate: env.SMS_BODY_TEMPLATE || undefined,
      contentType: env.SMS_CONTENT_TYPE || 'application/json',
    },
    smsBudget: {
      perNumberPerDay: intEnv(env, 'SMS_BUDGET_PER_NUMBER_PER_DAY', 10),
      perClientPerHour: intEnv(env, 'SMS_BUDGET_PER_CLIENT_PER_HOUR', 5),
      platformPerHour: intEnv(env, 'SMS_BUDGET_PLATFORM_PER_HOUR', 300),
    },
    pollMs: intEnv(env, 'NOTIFY_POLL_MS', 2000, 50),
    retryBaseMs: intEnv(env, 'NOTIFY_RETRY_SECONDS', 30) * 1000,
    claimMs: intEnv(env, 'NOTIFY_CLAIM_SECONDS', 120) * 1000,
  };
}

/**
 * The retention window cannot be shorter than this: the device link accepts readings up to 35 days old
 * (READING_MAX_AGE_MS), and two whole months before the current one always reach further back (at least 59 days), so
 * nothing the link accepts lands before the cut-off.
 */
export const MIN_RETENTION_MONTHS = 2;
/** 100 years: beyond that `off` says what is meant, and month arithmetic stays far from Date's range. */
const MAX_RETENTION_MONTHS = 1200;

function retentionMonths(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return 24;
  if (raw === 'off' || raw === '0') return null;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < MIN_RETENTION_MONTHS || n > MAX_RETENTION_MONTHS)
    throw new Error(
      `READINGS_RETENTION_MONTHS must be off (or 0: keep every reading) or a whole number of months from ${MIN_RETENTION_MONTHS} to ${MAX_RETENTION_MONTHS}, got "${raw}"`,
    );
  return n;
}

/**
 * At least 2 days: ingest looks for compacted neighbours only of readings older than a day (decision 0036), so the
 * youngest compacted reading must be older than that on every process's clock.
 */
export const MIN_COMPACT_AFTER_DAYS = 2;
const MAX_COMPACT_AFTER_DAYS = 3650;

function compactAfterDays(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return 7;
  if (raw === 'off') return null;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < MIN_COMPACT_AFTER_DAYS || n > MAX_COMPACT_AFTER_DAYS)
    throw new Error(
      `READINGS_COMPACT_AFTER_DAYS must be off or a whole number of days from ${MIN_COMPACT_AFTER_DAYS} to ${MAX_COMPACT_AFTER_DAYS}, got "${raw}"`,
    );
  return n;
}

/** Reads the configuration from environment variables (names fixed, documented in docs/configuration.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const roles = new Set(
    (env.ROLES ?? 'http,ingest,osim,jobs')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  for (const r of roles) {
    if (!(PROCESS_ROLES as readonly string[]).includes(r))
      throw new Error(`ROLES: unknown role "${r}" (roles: ${PROCESS_ROLES.join(', ')})`);
  }
  const production = env.NODE_ENV === 'production';
  const demoFleet = ['1', 'true', 'on', 'yes'].includes((env.DEMO_FLEET ?? '').toLowerCase());
  const demoHistoryDays = intEnv(env, 'DEMO_HISTORY_DAYS', 395, 0);
  const readingsRetentionMonths = retentionMonths(env.READINGS_RETENTION_MONTHS);
  // The demo seeds its history oldest first while the retention round may drop months before the cut-off: a month
  // dropped under the seeder would fail its next batch. The window holds at least 28 days a month.
  if (demoFleet && readingsRetentionMonths !== null && demoHistoryDays > readingsRetentionMonths * 28)
    throw new Error(
      `DEMO_HISTORY_DAYS=${demoHistoryDays} reaches before the readings retention window (READINGS_RETENTION_MONTHS=${readingsRetentionMonths} keeps at least ${readingsRetentionMonths * 28} days): shorten the history or lengthen the window`,
    );
  const captchaTestCode = env.VOLTFLEET_CAPTCHA_TEST_CODE || undefined;
  if (captchaTestCode && production) {
    throw new Error('VOLTFLEET_CAPTCHA_TEST_CODE is for tests only and is refused when NODE_ENV=production');
  }
  return {
    port: intEnv(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    roles: roles as Set<ProcessRole>,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captchaTestCode,
    production,
    sessionIdleMinutes: intEnv(env, 'SESSION_IDLE_MINUTES', 120),
    apiKeyRatePerMinute: intEnv(env, 'API_KEY_RATE_PER_MINUTE', 600),
    sessionMaxHours: intEnv(env, 'SESSION_MAX_HOURS', 24),
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    metricsPort: env.METRICS_PORT ? intEnv(env, 'METRICS_PORT', 0) : undefined,
    mqttPort: intEnv(env, 'MQTT_PORT', 1883),
    mqttUrl: env.MQTT_URL || undefined,
    mosquittoAuthDir: env.MOSQUITTO_AUTH_DIR || undefined,
    mosquittoPidFile: env.MOSQUITTO_PID_FILE || undefined,
    mqttClientId: env.MQTT_CLIENT_ID || `voltfleet-${os.hostname()}-${intEnv(env, 'PORT', 8080)}`,
    osimPort: intEnv(env, 'OSIM_PORT', 19042),
    osimPollSeconds: intEnv(env, 'OSIM_POLL_SECONDS', 30),
    osimRequestTimeoutSeconds: intEnv(env, 'OSIM_REQUEST_TIMEOUT_SECONDS', 10),
    demoFleet,
    demoHistoryDays,
    demoReportSeconds: env.DEMO_REPORT_SECONDS ? intEnv(env, 'DEMO_REPORT_SECONDS', 0) : undefined,
    deviceOfflineSeconds: intEnv(env, 'DEVICE_OFFLINE_SECONDS', 300),
    alarmRules: alarmRules(env),
    alarms: onOff(env, 'ALARMS', true),
    commandBatchLimit: intEnv(env, 'COMMAND_BATCH_LIMIT', 20),
    commandExpiryMinutes: intEnv(env, 'COMMAND_EXPIRY_MINUTES', 10),
    commandTimeoutSeconds: intEnv(env, 'COMMAND_TIMEOUT_SECONDS', 60),
    demoUpgradeRestartSeconds: intEnv(env, 'DEMO_UPGRADE_RESTART_SECONDS', 1200),
    weatherProvider: weatherProvider(env.WEATHER_PROVIDER),
    weatherUrl: env.WEATHER_URL || 'https://api.open-meteo.com/v1/forecast',
    publicUrl: env.PUBLIC_URL || `http://localhost:${intEnv(env, 'PORT', 8080)}`,
    delivery: deliveryConfig(env),
    // The first administrator's code (users.repository insertAdministrator) unless the operator names a dealer.
    registerDefaultSuperior: env.REGISTER_DEFAULT_SUPERIOR || 'U000001',
    weatherTimeoutMs: intEnv(env, 'WEATHER_TIMEOUT_MS', 5000),
    readingsRetentionMonths,
    readingsCompactAfterDays: compactAfterDays(env.READINGS_COMPACT_AFTER_DAYS),
    haBridge: haBridgeConfig(env, roles.has('bridge'), intEnv(env, 'PORT', 8080)),
    webhooks: webhookConfig(env),
    performance: performanceConfig(env),
    push: pushConfig(env, env.MAIL_FROM || 'Voltfleet <noreply@voltfleet.local>'),
  };
}
