// What the global setup (support/global-setup.ts) started for the whole run, handed to the journeys' worker processes
// through the environment: Playwright starts the workers after the global setup, and they inherit what it set there.

const NAMES = {
  /** The one server every journey talks to. */
  baseUrl: 'E2E_BASE_URL',
  /** GET: the mails the platform sent so far (JSON). */
  mailboxUrl: 'E2E_MAILBOX_URL',
  /** GET: the SMS the log provider has written to the server's log so far (JSON). */
  smsLogUrl: 'E2E_SMS_LOG_URL',
  /** The platform's in-process MQTT broker (devices connect there). */
  mqttUrl: 'E2E_MQTT_URL',
  /** A folder of this run for the locks the workers share (support/lock.ts). */
  lockDir: 'E2E_LOCK_DIR',
} as const;

export type RunValue = keyof typeof NAMES;

/** A value the global setup provided; throws outside a run (e.g. at collection, before the setup has run). */
export function runEnv(name: RunValue): string {
  const value = process.env[NAMES[name]];
  if (!value) throw new Error(`${NAMES[name]} is not set: the journeys' global setup provides it, inside tests only`);
  return value;
}

/** Called by the global setup: the values every worker reads with runEnv. */
export function provideRunEnv(values: Record<RunValue, string>): void {
  for (const [name, value] of Object.entries(values) as [RunValue, string][]) process.env[NAMES[name]] = value;
}
