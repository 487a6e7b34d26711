// A throwaway PostgreSQL cluster on loopback for tests.
//
//   import { startPostgres } from './pg-harness.mjs';
//   const pg = await startPostgres();   // { url, port, dataDir, binDir, stop() }
//   ... DATABASE_URL=pg.url ...
//   await pg.stop();
//
// The cluster lives in a fresh temporary folder, trusts its superuser `voltfleet`, listens only on 127.0.0.1 on a
// free port, runs without durability (fsync off) and is removed again by stop() — also on exit, SIGINT and SIGTERM.
// As root, PostgreSQL refuses to run, so initdb and pg_ctl then run as the `postgres` system user via runuser.
//
// Run directly (`node scripts/pg-harness.mjs`) it starts a cluster, runs `select version()`, and stops it again.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SUPERUSER = 'voltfleet';
const READY_TIMEOUT_MS = 30_000;
const PG_ROOT = '/usr/lib/postgresql';
const REQUIRED_BINARIES = ['initdb', 'pg_ctl', 'postgres', 'pg_isready'];

/**
 * The newest PostgreSQL server binary folder: $VOLTFLEET_PG_BIN, else /usr/lib/postgresql/<newest>/bin.
 * Returns undefined when no server binaries are installed.
 */
export function findPostgresBin() {
  const hasAll = (dir) => REQUIRED_BINARIES.every((b) => existsSync(path.join(dir, b)));
  const override = process.env.VOLTFLEET_PG_BIN;
  if (override) return hasAll(override) ? override : undefined;
  let versions = [];
  try {
    versions = readdirSync(PG_ROOT).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    return undefined;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(PG_ROOT, version, 'bin');
    if (hasAll(dir)) return dir;
  }
  return undefined;
}

/** Why the harness cannot run here, or undefined when it can. */
export function postgresUnavailableReason() {
  if (process.platform === 'win32') return 'the PostgreSQL harness supports Linux/macOS only';
  if (!findPostgresBin()) {
    if (process.env.VOLTFLEET_PG_BIN) {
      return `VOLTFLEET_PG_BIN=${process.env.VOLTFLEET_PG_BIN} does not hold ${REQUIRED_BINARIES.join(', ')}`;
    }
    return `no PostgreSQL server binaries (initdb, pg_ctl, postgres, pg_isready) under ${PG_ROOT}/*/bin; install them with "apt-get install postgresql"`;
  }
  if (isRoot() && !postgresUser()) return 'running as root but there is no "postgres" system user to run the server as';
  return undefined;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** uid/gid of the `postgres` system user, or undefined. */
function postgresUser() {
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (result.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL tool (as `postgres` when we are root) and collects its output. */
function runTool(ctx, tool, args, { timeoutMs = 60_000 } = {}) {
  const exe = path.join(ctx.binDir, tool);
  const [cmd, argv] = ctx.asPostgres ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: ctx.baseDir, stdio: ['ignore', 'pipe', 'pipe'], env: ctx.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}${String(error)}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

function runToolSync(ctx, tool, args) {
  const exe = path.join(ctx.binDir, tool);
  const [cmd, argv] = ctx.asPostgres ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  return spawnSync(cmd, argv, { cwd: ctx.baseDir, stdio: 'ignore', env: ctx.env, timeout: 20_000 });
}

function logTail(ctx) {
  try {
    return readFileSync(ctx.logFile, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** A temporary base folder the `postgres` user can reach (as root), else our own. */
function makeBaseDir(asPostgres, user) {
  const candidates = asPostgres ? [os.tmpdir(), '/tmp'] : [os.tmpdir()];
  for (const parent of candidates) {
    const dir = mkdtempSync(path.join(parent, 'voltfleet-pg-'));
    if (!asPostgres) return dir;
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
    if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir], { stdio: 'ignore' }).status === 0) return dir;
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error(`the postgres user cannot reach a temporary folder under ${candidates.join(' or ')}`);
}

const running = new Set();
let hooksInstalled = false;

/** Stops every cluster still running, synchronously (for exit and signal handlers). */
function stopAllSync() {
  for (const ctx of running) {
    runToolSync(ctx, 'pg_ctl', ['stop', '-D', ctx.dataDir, '-m', 'immediate', '-w', '-t', '15']);
    rmSync(ctx.baseDir, { recursive: true, force: true });
    running.delete(ctx);
  }
}

function installHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', stopAllSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopAllSync();
      // Only exit ourselves when nobody else listens for the signal (test-all.mjs has its own handler).
      if (process.listenerCount(signal) <= 1) process.exit(128 + (os.constants.signals[signal] ?? 0));
    });
  }
}

/**
 * Starts a throwaway PostgreSQL cluster on 127.0.0.1. `settings` adds server settings (name → value) to the defaults
 * below, e.g. a benchmark's `shared_buffers` sized like a production server's (docs/deploy.md).
 * @param {{ log?: (line: string) => void, settings?: Record<string, string> }} [options]
 * @returns {Promise<{ url: string, port: number, dataDir: string, binDir: string, stop: () => Promise<void>, restart: (mode?: 'smart' | 'fast' | 'immediate') => Promise<void> }>}
 */
export async function startPostgres({ log = () => {}, settings = {} } = {}) {
  const reason = postgresUnavailableReason();
  if (reason) throw new Error(reason);
  const binDir = findPostgresBin();
  const asPostgres = isRoot();
  const user = asPostgres ? postgresUser() : undefined;
  const baseDir = makeBaseDir(asPostgres, user);
  const dataDir = path.join(baseDir, 'data');
  const ctx = {
    binDir,
    asPostgres,
    baseDir,
    dataDir,
    logFile: path.join(baseDir, 'server.log'),
    // A predictable environment: no PG* variables of the caller leak in; C messages for our parsing.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' },
  };
  installHooks();
  running.add(ctx);

  const stop = async () => {
    if (!running.has(ctx)) return;
    running.delete(ctx);
    const result = await runTool(ctx, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
    if (result.code !== 0) {
      log(`pg_ctl stop failed (${result.code}): ${result.output.trim()}; stopping immediately`);
      await runTool(ctx, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '15']);
    }
    rmSync(baseDir, { recursive: true, force: true });
  };

  try {
    if (asPostgres) {
      mkdirSync(dataDir, { mode: 0o700 });
      chownSync(dataDir, user.uid, user.gid);
    }
    const started = Date.now();
    const init = await runTool(ctx, 'initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      SUPERUSER,
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    if (init.code !== 0) throw new Error(`initdb failed (${init.code}):\n${init.output}`);

    let port;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        `-k '${baseDir}'`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
        ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' ');
      const start = await runTool(
        ctx,
        'pg_ctl',
        ['start', '-D', dataDir, '-l', ctx.logFile, '-w', '-t', String(READY_TIMEOUT_MS / 1000), '-o', options],
        { timeoutMs: READY_TIMEOUT_MS + 10_000 },
      );
      if (start.code === 0) break;
      const why = `${start.output.trim()}\n${logTail(ctx)}`;
      // Someone took the port between our probe and the start: try another one.
      if (attempt < 3 && /already in use|could not bind/i.test(why)) {
        log(`port ${port} was taken, retrying`);
        continue;
      }
      throw new Error(`pg_ctl start failed (${start.code}):\n${why}`);
    }

    // Ready means: the server answers on TCP at 127.0.0.1, not only on its socket.
    const deadline = started + READY_TIMEOUT_MS + 5_000;
    for (;;) {
      const ready = await runTool(
        ctx,
        'pg_isready',
        ['-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, '-d', 'postgres'],
        {
          timeoutMs: 10_000,
        },
      );
      if (ready.code === 0) break;
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not get ready in time:\n${ready.output}\n${logTail(ctx)}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    log(`PostgreSQL (${binDir}) ready at ${url} in ${Date.now() - started} ms`);
    // Fault tests: stops the cluster (`fast` ends sessions cleanly, `immediate` is a crash) and starts it again on
    // the same port and data; pg_ctl reuses the start options it recorded and waits until it accepts connections.
    const restart = async (mode = 'fast') => {
      const result = await runTool(
        ctx,
        'pg_ctl',
        ['restart', '-D', dataDir, '-l', ctx.logFile, '-m', mode, '-w', '-t', String(READY_TIMEOUT_MS / 1000)],
        { timeoutMs: READY_TIMEOUT_MS + 10_000 },
      );
      if (result.code !== 0)
        throw new Error(`pg_ctl restart failed (${result.code}):\n${result.output}\n${logTail(ctx)}`);
    };
    return { url, port, dataDir, binDir, stop, restart };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

// `node scripts/pg-harness.mjs`: a smoke test of the harness itself.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = postgresUnavailableReason();
  if (reason) {
    console.error(`pg-harness: ${reason}`);
    process.exit(2);
  }
  const pg = await startPostgres({ log: (line) => console.error(`pg-harness: ${line}`) });
  const psql = path.join(pg.binDir, 'psql');
  const query = spawnSync(psql, [pg.url, '-XAtc', 'select version()'], { encoding: 'utf8' });
  console.log(query.status === 0 ? query.stdout.trim() : `psql failed: ${query.stderr}`);
  await pg.stop();
  console.log(existsSync(pg.dataDir) ? 'data directory still exists!' : 'stopped and removed');
  process.exit(query.status === 0 && !existsSync(pg.dataDir) ? 0 : 1);
}
