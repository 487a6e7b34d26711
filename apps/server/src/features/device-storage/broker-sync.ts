import { readFile } from 'node:fs/promises';
import type { Db } from '../../db/db.js';
import { writeMosquittoAuthFiles } from '../../link/mosquitto-auth.js';
import type { LinkLog } from '../../link/link.types.js';
import { deviceDirectory } from '../devices/index.js';

export interface BrokerSyncOptions {
  /** MQTT_URL with the platform's login; unset: the in-process broker checks the database itself. */
  mqttUrl: string | undefined;
  /** MOSQUITTO_AUTH_DIR: where Mosquitto's `passwords` and `acl` files live. */
  authDir: string | undefined;
  /** MOSQUITTO_PID_FILE: Mosquitto's pid file, to send it SIGHUP (reload the files). */
  pidFile: string | undefined;
}

/**
 * After credentials change (stock-in, import, rotation): the in-process broker needs nothing, it checks each login
 * against the stored hash. For an external Mosquitto the password and ACL files are rewritten and Mosquitto is told
 * to reload them (SIGHUP via its pid file); without a pid file the operator reloads it (docs/protocol.md).
 */
export function brokerSync(db: Db, options: BrokerSyncOptions, log: LinkLog): () => Promise<void> {
  const { mqttUrl, authDir, pidFile } = options;
  if (!mqttUrl || !authDir) return async () => {};
  const url = new URL(mqttUrl);
  const platform = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  const run = async () => {
    try {
      const files = await writeMosquittoAuthFiles(deviceDirectory(db), { dir: authDir, platform });
      if (files.skipped.length) log.warn({ skipped: files.skipped }, 'mosquitto: credentials left out');
      if (!pidFile) return;
      const pid = Number((await readFile(pidFile, 'utf8')).trim());
      if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no pid in ${pidFile}`);
      process.kill(pid, 'SIGHUP');
    } catch (err) {
      // The change is stored; only the external broker lags until the files are written and reloaded by hand.
      log.error({ err }, 'mosquitto: could not update the password file or reload the broker');
    }
  };
  // One rewrite at a time: the files are replaced through one temporary name per process.
  let last = Promise.resolve();
  return () => (last = last.then(run));
}
