import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where apt installs Mosquitto; MOSQUITTO_BIN overrides it. */
export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

export function mosquittoAvailable(): boolean {
  return existsSync(MOSQUITTO_BIN);
}

export interface MosquittoProcess {
  /** The broker's process id (benchmarks read its CPU time from /proc). */
  pid: number;
  port: number;
  url: string;
  dir: string;
  /** Output so far (Mosquitto logs to stderr), for failing tests. */
  log(): string;
  /** Re-reads the password and ACL files (SIGHUP). */
  reload(): void;
  /** The persistence file (`persistence: true`): where the broker saves sessions and queued messages. */
  persistenceFile: string;
  /** Kills the broker with `signal` (a crash: SIGKILL) and waits for the exit; the folder stays for a restart. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export interface MosquittoOptions {
  /** Listen on this port (a restart keeps its predecessor's port); default a free one. */
  port?: number;
  /** Configuration and persistence folder (a restart reuses its predecessor's); default a new temporary one. */
  dir?: string;
  /**
   * Save sessions (the platform's persistent session with its queued and unacknowledged messages) to disk every
   * second and load them at start, so a broker killed and restarted keeps them (fault tests, docs/faults.md).
   */
  persistence?: boolean;
}

/** A free TCP port on loopback (asked from the kernel, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitForPort(port: number, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() !== undefined));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}`);
}

/**
 * Starts a private Mosquitto on a free loopback port with a generated configuration (tests, benchmarks): the files
 * given are used as password and ACL files; settings follow docs/architecture.md's at-least-once notes.
 */
export async function startMosquitto(
  files: { passwordFile: string; aclFile: string },
  /** Extra configuration lines; a later line wins over the defaults above it. */
  extra: string[] = [],
  options: MosquittoOptions = {},
): Promise<MosquittoProcess> {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'voltfleet-mosquitto-')));
  const port = options.port ?? (await freePort());
  // Mosquitto 2.0 saves the whole store at each autosave (here every second), not before each PUBACK.
  const persistence = options.persistence
    ? ['persistence true', `persistence_location ${dir}/`, 'autosave_interval 1']
    : ['persistence false'];
  const config = [
    // Run as the test's own user: as root Mosquitto would switch to "mosquitto" and could not read our 0600 files.
    `user ${os.userInfo().username}`,
    'per_listener_settings false',
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${files.passwordFile}`,
    `acl_file ${files.aclFile}`,
    'set_tcp_nodelay true',
    'max_queued_messages 10000',
    'max_inflight_messages 1000',
    'max_packet_size 65536',
    ...persistence,
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    'log_type notice',
    ...extra,
    '',
  ].join('\n');
  const configFile = path.join(dir, 'mosquitto.conf');
  await writeFile(configFile, config);
  const child = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForPort(port, child, Date.now() + 10_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output}`);
  }
  return {
    pid: child.pid ?? 0,
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    log: () => output,
    reload: () => void child.kill('SIGHUP'),
    persistenceFile: path.join(dir, 'mosquitto.db'),
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
