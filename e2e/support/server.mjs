// Starts the built Voltfleet server as a child process on a free loopback port with its own data directory.
// Used by the browser journeys and by the benchmarks, so both exercise the real start-up path.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = 'E2e-admin-1';
export const CAPTCHA_CODE = 'E2E1';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Throws unless the server and web app have been built (`npm run build`). */
export function assertBuilt() {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run "npm run build" first`);
  }
}

/**
 * `again` (a stopped server's `restartWith`): restart in place. `readyMs`: how long the server may take to answer
 * /readyz (a benchmark on a busy machine needs longer; SERVER_READY_MS sets the default).
 */
export async function startServer(
  extraEnv = {},
  { again = undefined, readyMs = Number(process.env.SERVER_READY_MS) || 60_000 } = {},
) {
  assertBuilt();
  // `again` (a stopped server's `restartWith`): the same data directory and ports, as after a restart in place.
  const dataDir = again?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'voltfleet-e2e-')));
  // The in-process MQTT broker and OSIM gateway get free ports too, so a server started here never collides with
  // another one (a developer's `npm start`, a parallel run) on their fixed defaults.
  const ports = new Set(again?.ports ?? []);
  while (ports.size < 3) ports.add(await freePort());
  const [port, mqttPort, osimPort] = ports;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      OSIM_PORT: String(osimPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      VOLTFLEET_CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready in ${readyMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    mqttPort,
    dataDir,
    output: () => output,
    /** What startServer needs to start this server again on its data and ports (after `stop({ keepData: true })`). */
    restartWith: { dataDir, ports: [port, mqttPort, osimPort] },
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
