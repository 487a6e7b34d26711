// The brokers of the connections benchmark, each with start / restart / stop and the processes to measure: ours (the
// server process with its in-process broker, or the server on Mosquitto) and the anchors (bare Aedes, bare Mosquitto).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST, portOpen, startServer, withDb } from '../ingest/server-process.mjs';

const ENGINE = process.env.BENCH_ENGINE ?? 'pglite';
const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';
/** A server start on a busy machine (other work on the same 2 cores) can take over a minute. */
const READY_TIMEOUT_MS = 180_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `port` accepts connections (or `child` exits). */
async function waitForPort(port, child, what) {
  const deadline = Date.now() + 60_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not listen on ${port}`);
    await sleep(50);
  }
}

/** A child process stopped with SIGTERM (SIGKILL after 30 s); resolves when it has exited. */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

export function bareAedes(port) {
  let child;
  const start = async () => {
    child = spawn(process.execPath, [fileURLToPath(new URL('./bare-aedes.mjs', import.meta.url)), String(port)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForPort(port, child, 'bare Aedes');
  };
  return {
    name: 'bare Aedes (no auth, no database)',
    port,
    start,
    pids: () => ({ broker: child.pid }),
    restart: async () => {
      await stopChild(child);
      await start();
    },
    refusals: async () => 0,
    stop: () => stopChild(child),
  };
}

export function bareMosquitto(port, dir) {
  let child;
  const start = async () => {
    const config = path.join(dir, 'bare.conf');
    const lines = [`user ${os.userInfo().username}`, `listener ${port} 127.0.0.1`, 'allow_anonymous true'];
    await writeFile(config, [...lines, 'persistence false', 'set_tcp_nodelay true', 'log_dest stderr', ''].join('\n'));
    child = spawn(MOSQUITTO_BIN, ['-c', config], { stdio: ['ignore', 'ignore', 'ignore'] });
    await waitForPort(port, child, 'bare Mosquitto');
  };
  return {
    name: 'bare Mosquitto (anonymous)',
    port,
    start,
    pids: () => ({ broker: child.pid }),
    restart: async () => {
      await stopChild(child);
      await start();
    },
    refusals: async () => 0,
    stop: () => stopChild(child),
  };
}

/** Our server with its in-process broker; a restart is the server process's (SIGTERM, then started on the same ports). */
export function oursAedes(target) {
  let server;
  let refusedBefore = 0;
  return {
    name: 'ours: server process, in-process broker',
    get port() {
      return server.ports.mqtt;
    },
    start: async () => {
      server = await startServer(ENGINE, target, undefined, { readyTimeoutMs: READY_TIMEOUT_MS });
    },
    pids: () => ({ server: server.pid }),
    restart: async () => {
      refusedBefore += (await server.metrics()).rejected;
      await server.stop();
      server = await startServer(ENGINE, target, undefined, { ports: server.ports, readyTimeoutMs: READY_TIMEOUT_MS });
    },
    // Every message the link refused (logins included) over both processes; the load side counts CONNACK codes too.
    refusals: async () => refusedBefore + (await server.metrics()).rejected,
    stop: () => server.stop(),
    log: () => server.log(),
  };
}

/** Our server on Mosquitto (MQTT_URL): Mosquitto authenticates the devices from the password file we render. */
export function oursMosquitto(target, dir) {
  let server;
  let mosquitto;
  let files;
  const platform = { username: 'voltfleet', password: `bench-${process.pid}-${Date.now()}` };
  return {
    name: 'ours: server process + Mosquitto',
    get port() {
      return mosquitto.port;
    },
    start: async () => {
      const { writeMosquittoAuthFiles } = await import(`${DIST}/link/mosquitto-auth.js`);
      const { deviceDirectory } = await import(`${DIST}/features/devices/device-directory.js`);
      const { startMosquitto } = await import(`${DIST}/link/mosquitto-runner.js`);
      files = await withDb(target, (db) =>
        writeMosquittoAuthFiles(deviceDirectory(db), { dir: path.join(dir, 'auth'), platform }),
      );
      mosquitto = await startMosquitto(files);
      server = await startServer(ENGINE, target, undefined, {
        readyTimeoutMs: READY_TIMEOUT_MS,
        env: {
          MQTT_URL: `mqtt://${platform.username}:${platform.password}@127.0.0.1:${mosquitto.port}`,
          MQTT_CLIENT_ID: 'bench-connections',
        },
      });
    },
    pids: () => ({ server: server.pid, mosquitto: mosquitto.pid }),
    restart: async () => {
      const { startMosquitto } = await import(`${DIST}/link/mosquitto-runner.js`);
      const port = mosquitto.port;
      await mosquitto.stop();
      mosquitto = await startMosquitto(files, [], { port });
    },
    refusals: async () => (await server.metrics()).rejected,
    stop: async () => {
      await server.stop();
      await mosquitto.stop();
    },
    log: () => `${server.log()}\n${mosquitto.log()}`,
  };
}
