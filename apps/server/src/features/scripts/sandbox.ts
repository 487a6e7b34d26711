import { unsafeTextKey } from '@voltfleet/domain/validation';
import type { ScriptFigure } from '@voltfleet/domain/plants';
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptFailure } from './script-result.js';

/** One 5-minute bucket as a script receives it: the bucket's UTC start and each device's energies. */
export interface ScriptBucket {
  time: string;
  devices: Record<string, Record<ScriptFigure, number> & { kind: string }>;
}

export interface SandboxLimits {
  /** Wall-clock time of one run; beyond it the child is killed. */
  timeoutMs: number;
  /** Resident memory of the child process, watched from here; beyond it the child is killed. */
  rssLimitMb: number;
  /** Cap of Pyodide's WebAssembly memory (Python's heap): a bigger allocation is a Python MemoryError. */
  wasmMaxMb: number;
  /** V8 heap of the child. */
  jsHeapMb: number;
  /** A child that ran nothing for this long is stopped (the next run starts a new one). */
  idleMs: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeoutMs: 10_000,
  rssLimitMb: 512,
  wasmMaxMb: 256,
  jsHeapMb: 128,
  idleMs: 10 * 60_000,
};

/** What one run gives: the raw (unchecked) results of derive and indicators, or a failure. */
type RunResult = { ok: true; figures: unknown; indicators: unknown } | { ok: false; failure: ScriptFailure };
export type SandboxOutcome = RunResult & { durationMs: number };

interface ChildReply {
  ok: boolean;
  figures?: unknown;
  indicators?: unknown;
  error?: { kind: string; message: string; line: number | null };
}

const RUNTIME_DIR = fileURLToPath(new URL('./sandbox-runtime/', import.meta.url));
const PYODIDE_DIR = realpathSync(dirname(createRequire(import.meta.url).resolve('pyodide')));
const START_TIMEOUT_MS = 120_000;
const RSS_POLL_MS = 100;

/**
 * A started child that has loaded Pyodide and locked itself down. Exported for the escape tests, which talk to a child
 * directly to prove its own checks (ScriptSandbox answers some inputs before they ever reach one).
 */
export class SandboxChild {
  /** The plant whose data this child has seen; null while it has run nothing. */
  tenant: number | null = null;
  private constructor(readonly process: ChildProcess) {}

  static start(limits: SandboxLimits): Promise<SandboxChild> {
    const child = fork(
      join(RUNTIME_DIR, 'child.mjs'),
      [join(PYODIDE_DIR, 'pyodide.mjs'), String(limits.wasmMaxMb * 16)],
      {
        execArgv: [
          '--experimental-permission',
          `--allow-fs-read=${PYODIDE_DIR}/`,
          `--allow-fs-read=${RUNTIME_DIR}`,
          '--allow-worker',
          '--disallow-code-generation-from-strings',
          `--max-old-space-size=${limits.jsHeapMb}`,
          '--no-warnings',
        ],
        // Nothing of the server's environment (database URL, secrets) reaches the child.
        env: {},
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        serialization: 'json',
      },
    );
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error('the script sandbox did not start in time')), START_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(error);
      };
      child.once('error', fail);
      child.once('exit', (code, signal) => fail(new Error(`the script sandbox exited on start (${code ?? signal})`)));
      child.once('message', (message: { ready?: boolean }) => {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.removeAllListeners('error');
        if (message.ready) resolve(new SandboxChild(child));
        else fail(new Error('the script sandbox sent an unexpected first message'));
      });
    });
  }

  private killed = false;

  get alive(): boolean {
    return !this.killed && this.process.exitCode === null && this.process.signalCode === null;
  }

  kill(): void {
    if (this.alive) this.process.kill('SIGKILL');
    this.killed = true;
  }
}

/** Resident set size of a process in MB, from /proc (null where /proc is not available). */
async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/**
 * Runs plant scripts in a separate, locked-down Node process with Pyodide (sandbox-runtime/child.mjs), one run at a
 * time. A child only ever serves one plant: a run for another plant gets a fresh child, so no script can keep data
 * of a plant it was not given. A fresh spare is kept warming (Pyodide starts in seconds). Runs that exceed the time
 * or memory limit kill the child; the next run uses the spare.
 */
export class ScriptSandbox {
  private current: SandboxChild | null = null;
  private spare: Promise<SandboxChild> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS) {}

  /** Runs `source` on one day of `plantId`'s buckets. Never throws for anything the script does. */
  run(plantId: number, source: string, buckets: readonly ScriptBucket[]): Promise<SandboxOutcome> {
    const next = this.queue.then(() => this.runNow(plantId, source, buckets));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Compiles `source` and runs its top level (not derive): whether it can be saved for `plantId`. */
  check(plantId: number, source: string): Promise<SandboxOutcome> {
    const next = this.queue.then(() => this.runNow(plantId, source, null));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Process id of the child serving runs now (tests watch it being replaced). */
  get pid(): number | undefined {
    return this.current?.alive ? this.current.process.pid : undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.current?.kill();
    this.current = null;
    const spare = this.spare;
    this.spare = null;
    await spare?.then((c) => c.kill()).catch(() => undefined);
  }

  private async runNow(
    plantId: number,
    source: string,
    buckets: readonly ScriptBucket[] | null,
  ): Promise<SandboxOutcome> {
    if (this.closed) throw new Error('the script sandbox is closed');
    // A lone surrogate (or NUL) is not text Python can compile: such a source is answered here with the message the
    // API's validation gives, without a round trip to the child (which checks lone surrogates again, and whose harness
    // reports any compile error as the script's).
    const unsafe = unsafeTextKey(source);
    if (unsafe) return { ok: false, failure: { key: unsafe, line: null }, durationMs: 0 };
    clearTimeout(this.idleTimer);
    const started = performance.now();
    let child: SandboxChild;
    try {
      child = await this.childFor(plantId);
    } catch {
      return { ok: false, failure: { key: 'script.crashed', line: null }, durationMs: performance.now() - started };
    }
    const outcome = await this.exchange(child, source, buckets);
    const durationMs = performance.now() - started;
    if (!outcome.ok) {
      // After a kill, a crash or a MemoryError (Pyodide's memory stays grown) this child is done.
      if (!child.alive || outcome.failure.message?.startsWith('MemoryError')) this.retire(child);
    }
    this.idleTimer = setTimeout(() => void this.stopIdle(), this.limits.idleMs);
    this.idleTimer.unref();
    return { ...outcome, durationMs };
  }

  private async childFor(plantId: number): Promise<SandboxChild> {
    if (this.current?.alive && this.current.tenant === plantId) return this.current;
    if (this.current) this.retire(this.current);
    const child = await (this.spare ?? SandboxChild.start(this.limits));
    this.spare = null;
    if (!child.alive) return this.childFor(plantId);
    child.tenant = plantId;
    this.current = child;
    this.warmSpare();
    return child;
  }

  private warmSpare(): void {
    if (this.spare || this.closed) return;
    const spare = SandboxChild.start(this.limits);
    spare.catch(() => {
      if (this.spare === spare) this.spare = null;
    });
    this.spare = spare;
  }

  private retire(child: SandboxChild): void {
    child.kill();
    if (this.current === child) this.current = null;
  }

  private async stopIdle(): Promise<void> {
    this.current?.kill();
    this.current = null;
    const spare = this.spare;
    this.spare = null;
    await spare?.then((c) => c.kill()).catch(() => undefined);
  }

  /** Sends one run to the child and waits for its answer, the time limit, the memory limit or its death. */
  private exchange(child: SandboxChild, source: string, buckets: readonly ScriptBucket[] | null): Promise<RunResult> {
    const { process: proc } = child;
    const id = Math.random().toString(36).slice(2);
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: RunResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(watch);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(outcome);
      };
      const failWith = (failure: ScriptFailure) => finish({ ok: false, failure });
      const onMessage = (message: { id?: string; result?: ChildReply }) => {
        if (message.id !== id || !message.result) return;
        finish(fromReply(message.result));
      };
      const onExit = () => failWith({ key: 'script.crashed', line: null });
      const timer = setTimeout(() => {
        child.kill();
        failWith({ key: 'script.timeLimit', params: { seconds: this.limits.timeoutMs / 1000 }, line: null });
      }, this.limits.timeoutMs);
      const watch = setInterval(() => {
        void rssMb(proc.pid ?? -1).then((mb) => {
          if (mb !== null && mb > this.limits.rssLimitMb && !done) {
            child.kill();
            failWith({ key: 'script.memoryLimit', params: { mb: this.limits.rssLimitMb }, line: null });
          }
        });
      }, RSS_POLL_MS);
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      proc.send(buckets === null ? { id, source, check: true } : { id, source, buckets });
    });
  }
}

function fromReply(reply: ChildReply): RunResult {
  if (reply.ok) return { ok: true, figures: reply.figures, indicators: reply.indicators };
  const error = reply.error ?? { kind: 'crashed', message: '', line: null };
  if (error.kind === 'noDerive') return { ok: false, failure: { key: 'script.noDerive', line: null } };
  // The child's own check of a source it cannot carry into Python: the same words the API's validation gives.
  if (error.kind === 'loneSurrogate') return { ok: false, failure: { key: 'validation.loneSurrogate', line: null } };
  if (error.kind === 'crashed') return { ok: false, failure: { key: 'script.crashed', line: null } };
  return { ok: false, failure: { message: error.message, line: error.line } };
}
