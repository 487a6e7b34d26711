import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tsx and the workspaces resolve from there). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
/** Output kept per process for failure messages. */
const LOG_LIMIT = 256 * 1024;
/** Variables of the test's own environment that would change what the child does. */
const INHERITED_OUT = [
  'DATABASE_URL',
  'MQTT_URL',
  'DEMO_FLEET',
  'NODE_OPTIONS',
  'DATA_DIR',
  'ROLES',
  'PORT',
  'MQTT_PORT',
];

export interface ServerProcessOptions {
  port: number;
  mqttPort: number;
  /** DATA_DIR or DATABASE_URL (and anything else the process should see). */
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /**
   * What ready means; by default /readyz answers and the MQTT port accepts. A process without the http role or
   * the in-process broker (ROLES, MQTT_URL) turns those off and waits for a line of its output instead.
   */
  readyWhen?: { http?: boolean; mqtt?: boolean; output?: RegExp };
}

export interface ServerProcess {
  readonly pid: number;
  /** Resolves when the process has exited (code, or the signal that ended it). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote so far (stdout and stderr, the last 256 KB). */
  log(): string;
  /** Sends a signal and waits for the exit (SIGKILL after `graceMs` if it has not exited by then). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function httpReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the real server (`apps/server/src/main.ts` through tsx, workspaces from their sources) as a child process
 * on loopback, and resolves once both its HTTP port answers /readyz and its MQTT broker accepts connections.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_OUT) delete env[name];
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(options.port),
    MQTT_PORT: String(options.mqttPort),
    ROLES: 'http,ingest,jobs',
    DEMO_FLEET: 'off',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop: ServerProcess['stop'] = async (signal = 'SIGTERM', graceMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    }
    return exited;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let done: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exited.then((how) => (done = how));
  const want = { http: true, mqtt: true, ...options.readyWhen };
  const ready = async () =>
    (!want.http || (await httpReady(options.port))) &&
    (!want.mqtt || (await portOpen(options.mqttPort))) &&
    (!want.output || want.output.test(output));
  while (!(await ready())) {
    if (done || Date.now() > deadline) {
      // Said before the kill below, which would make every timeout look like an exit.
      const why = done ? `it exited with ${done.signal ?? `code ${done.code}`}` : 'timed out';
      await stop('SIGKILL');
      throw new Error(`the server process did not get ready (${why}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { pid: child.pid!, exited, log: () => output, stop };
}
