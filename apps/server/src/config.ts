import os from 'node:os';
import path from 'node:path';

export type ProcessRole = 'http' | 'ingest' | 'osim' | 'jobs';

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
  sessionMaxHours: number;
  webDist: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  mqttPort: number;
  mqttUrl: string | undefined;
  /** Stable per ingest process: after a restart it gets back its unacknowledged messages under the same id. */
  mqttClientId: string;
  osimPort: number;
  demoFleet: boolean;
  /** A device silent for longer than this is offline. */
  deviceOfflineSeconds: number;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return n;
}

/** Reads the configuration from environment variables (names fixed, documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const roles = new Set(
    (env.ROLES ?? 'http,ingest,osim,jobs')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  for (const r of roles) {
    if (!['http', 'ingest', 'osim', 'jobs'].includes(r)) throw new Error(`ROLES: unknown role "${r}"`);
  }
  const production = env.NODE_ENV === 'production';
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
    sessionMaxHours: intEnv(env, 'SESSION_MAX_HOURS', 24),
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    mqttPort: intEnv(env, 'MQTT_PORT', 1883),
    mqttUrl: env.MQTT_URL || undefined,
    mqttClientId: env.MQTT_CLIENT_ID || `voltfleet-${os.hostname()}-${intEnv(env, 'PORT', 8080)}`,
    osimPort: intEnv(env, 'OSIM_PORT', 19042),
    demoFleet: ['1', 'true', 'on', 'yes'].includes((env.DEMO_FLEET ?? '').toLowerCase()),
    deviceOfflineSeconds: intEnv(env, 'DEVICE_OFFLINE_SECONDS', 300),
  };
}
