import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
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

/** The kernel's ephemeral range: where `listen(0)` and every outgoing connection's own port come from. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free port for a broker that will restart on it: below the ephemeral range. A port from `listen(0)` is free only
 * until the kernel hands it out again, to another process's `listen(0)` or as the own port of an outgoing
 * connection (while the broker is down, a reconnecting device can even connect to itself on it). Below the range
 * the kernel hands out nothing, so between a stop and a restart the port stays ours.
 */
export async function brokerPort(): Promise<number> {
  const high = ephemeralLow() - 1;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 10_000 + Math.floor(Math.random() * (high - 10_000));
    if (await canListen(port)) return port;
  }
  return freePort();
}

/** Whether process `pid` holds the listening socket on loopback `port` (Linux: /proc/net/tcp and the fd links). */
function listensOn(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1] === `0100007F:${hexPort}` && f[3] === '0A')
    .map((f) => `socket:[${f[9]}]`);
  if (inodes.length === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/**
 * Waits until the port listens in Mosquitto's own process. A port that answers is not proof: when another process
 * holds it, Mosquitto exits with "Address already in use" while the port answers for that other process.
 */
async function waitForListening(port: number, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`mosquitto exited with ${child.exitCode}`);
    if (child.pid !== undefined && listensOn(child.pid, port)) return;
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
  // A port of our own choosing can still be taken in between by somebody else: then another one (not when the
  // caller named the port, as a restart does).
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(files, extra, { ...options, port: options.port ?? (await brokerPort()) });
    } catch (err) {
      const taken = /Address already in use/.test((err as Error).message);
      if (!taken || options.port !== undefined || attempt >= 5) throw err;
    }
  }
}

async function startOnce(
  files: { passwordFile: string; aclFile: string },
  extra: string[],
  options: MosquittoOptions & { port: number },
): Promise<MosquittoProcess> {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'voltfleet-mosquitto-')));
  const port = options.port;
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
    await waitForListening(port, child, Date.now() + 10_000);
  } catch (err) {
    child.kill('SIGKILL');
    if (options.dir === undefined) await rm(dir, { recursive: true, force: true });
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
