import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptSandbox, type ScriptBucket, type SandboxOutcome } from './sandbox.js';

const bucket = (time: string, sn: string, pv: number): ScriptBucket => ({
  time,
  devices: {
    [sn]: {
      kind: 'inverter',
      pv_kwh: pv,
      load_kwh: 0.2,
      grid_import_kwh: 0.1,
      grid_export_kwh: 0.3,
      bat_charge_kwh: 0,
      bat_discharge_kwh: 0,
    },
  },
});
const DAY = [bucket('2026-05-01T10:00:00.000Z', 'SN-A', 0.5), bucket('2026-05-01T10:05:00.000Z', 'SN-A', 0.7)];

const SUM = `def derive(buckets):
    keys = ["pv_kwh", "load_kwh", "grid_import_kwh", "grid_export_kwh", "bat_charge_kwh", "bat_discharge_kwh"]
    return [{k: sum(d[k] for d in b["devices"].values()) for k in keys} for b in buckets]
`;
const withDerive = (body: string) => `${body}\n${SUM}`;

function failureText(outcome: SandboxOutcome): string {
  if (outcome.ok) return 'ok';
  return outcome.failure.message ?? outcome.failure.key ?? '';
}

describe('script sandbox', () => {
  // One warm sandbox for the file; a tight memory watch so the watchdog can be proven separately from the WASM cap.
  const sandbox = new ScriptSandbox({
    timeoutMs: 4_000,
    rssLimitMb: 640,
    wasmMaxMb: 128,
    jsHeapMb: 96,
    idleMs: 60_000,
  });

  beforeAll(async () => {
    const first = await sandbox.run(1, SUM, DAY);
    expect(first.ok).toBe(true);
  }, 120_000);
  afterAll(() => sandbox.close());

  it('runs a script and returns its figures', async () => {
    const outcome = await sandbox.run(1, SUM, DAY);
    expect(outcome).toMatchObject({ ok: true, figures: [{ pv_kwh: 0.5 }, { pv_kwh: 0.7 }] });
  });

  it.each([
    ['import js', /ImportError: The module 'js' is not available/],
    ['import pyodide_js', /ImportError: The module 'pyodide_js' is not available/],
    ['from pyodide.code import run_js', /ImportError: The module 'pyodide' is not available/],
    ['import pyodide.ffi', /ImportError: The module 'pyodide' is not available/],
    ['import _pyodide_core', /ImportError: The module '_pyodide_core' is not available/],
    ['import socket', /ImportError: The module 'socket' is not available/],
    ['import urllib.request', /ImportError: The module 'urllib' is not available/],
    ['import subprocess', /ImportError: The module 'subprocess' is not available/],
    ['import os\nos.system("cat /etc/passwd")', /PermissionError: os.system\(\) is not available/],
    ['import os\nos.popen("ls")', /PermissionError: os.popen\(\) is not available/],
    ['open("/etc/passwd").read()', /FileNotFoundError/],
    [`open(${JSON.stringify(process.cwd() + '/package.json')}).read()`, /FileNotFoundError/],
    ['import sys\nsys.meta_path.pop(0)\nimport js', /No module named 'js'|The module 'js' is not available/],
  ])('refuses to reach the host: %s', async (attempt, error) => {
    const outcome = await sandbox.run(1, withDerive(attempt), DAY);
    expect(outcome.ok).toBe(false);
    expect(failureText(outcome)).toMatch(error);
    // …and the sandbox keeps answering.
    expect((await sandbox.run(1, SUM, DAY)).ok).toBe(true);
  });

  it('sees no host files: the root holds only the sandbox file system', async () => {
    const outcome = await sandbox.run(
      1,
      `import os\ndef derive(buckets):\n    return [{"names": sorted(os.listdir("/"))}] * len(buckets)`,
      DAY,
    );
    expect(outcome.ok && outcome.figures).toEqual([
      { names: ['dev', 'home', 'lib', 'proc', 'tmp'] },
      { names: ['dev', 'home', 'lib', 'proc', 'tmp'] },
    ]);
  });

  it('stops an infinite loop at the time limit and answers with a fresh sandbox', async () => {
    const before = sandbox.pid;
    const outcome = await sandbox.run(1, 'def derive(buckets):\n    while True:\n        pass', DAY);
    expect(outcome).toMatchObject({ ok: false, failure: { key: 'script.timeLimit', params: { seconds: 4 } } });
    // Timers may fire a fraction of a millisecond before the clock that measures them says 4 s.
    expect(outcome.durationMs).toBeGreaterThanOrEqual(3_990);
    expect((await sandbox.run(1, SUM, DAY)).ok).toBe(true);
    expect(sandbox.pid).not.toBe(before);
  }, 60_000);

  it('turns a memory bomb into a MemoryError (WASM cap) and recovers', async () => {
    const outcome = await sandbox.run(1, 'def derive(buckets):\n    x = "a" * (10 ** 9)\n    return x', DAY);
    expect(outcome).toMatchObject({ ok: false, failure: { message: 'MemoryError', line: 2 } });
    expect((await sandbox.run(1, SUM, DAY)).ok).toBe(true);
  }, 60_000);

  it('kills a child whose resident memory passes the limit (watchdog)', async () => {
    const small = new ScriptSandbox({
      timeoutMs: 20_000,
      rssLimitMb: 200,
      wasmMaxMb: 1024,
      jsHeapMb: 96,
      idleMs: 60_000,
    });
    try {
      const outcome = await small.run(
        1,
        'def derive(buckets):\n    chunks = []\n    while True:\n        chunks.append(bytearray(8 * 1024 * 1024))',
        DAY,
      );
      expect(outcome).toMatchObject({ ok: false, failure: { key: 'script.memoryLimit', params: { mb: 200 } } });
    } finally {
      await small.close();
    }
  }, 120_000);

  it('gives each plant a fresh interpreter: nothing a script keeps reaches another plant', async () => {
    const keep = `import builtins\ndef derive(buckets):\n    builtins.vf_seen = [b["devices"] for b in buckets]\n    return []`;
    const peek = `import builtins\ndef derive(buckets):\n    return [{"leak": hasattr(builtins, "vf_seen")}] * len(buckets)`;
    await sandbox.run(1, keep, DAY);
    const samePlant = await sandbox.run(1, peek, DAY);
    expect(samePlant.ok && samePlant.figures).toEqual([{ leak: true }, { leak: true }]);
    const otherPlant = await sandbox.run(2, peek, DAY);
    expect(otherPlant.ok && otherPlant.figures).toEqual([{ leak: false }, { leak: false }]);
  }, 60_000);

  it('reports the line of syntax and runtime errors', async () => {
    const syntax = await sandbox.run(1, 'def derive(buckets):\n    return [\n\nx = (', DAY);
    expect(syntax).toMatchObject({ ok: false, failure: { line: 4 } });
    expect(failureText(syntax)).toMatch(/^SyntaxError/);
    const runtime = await sandbox.run(1, 'def derive(buckets):\n    total = 0\n    return 1 / total', DAY);
    expect(runtime).toMatchObject({ ok: false, failure: { message: 'ZeroDivisionError: division by zero', line: 3 } });
  });

  it('asks for derive when the script does not define it', async () => {
    const outcome = await sandbox.run(1, 'x = 1', DAY);
    expect(outcome).toMatchObject({ ok: false, failure: { key: 'script.noDerive' } });
  });
});
