/**
 * Escape probes against the Python layer of the sandbox (child.mjs layer 5): each probe script reports what it found
 * as a figure-free failure message, so the assertions read what the probe saw. A probe that finds nothing proves the
 * interpreter holds no route to the host, whatever the script undoes of the Python-side blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptSandbox, type SandboxOutcome } from './sandbox.js';

const DAY = [{ time: '2026-05-01T10:00:00.000Z', devices: {} }];

/** A script whose derive raises with `report()`'s text, so the probe's finding comes back as the error message. */
const probe = (body: string) => `
def report():
${body
  .trim()
  .split('\n')
  .map((l) => `    ${l}`)
  .join('\n')}

def derive(buckets):
    raise RuntimeError("FOUND:" + repr(report()))
`;

function found(outcome: SandboxOutcome): string {
  if (outcome.ok) return 'ok';
  return outcome.failure.message ?? outcome.failure.key ?? '';
}

describe('sandbox escape probes find nothing', () => {
  const sandbox = new ScriptSandbox({
    timeoutMs: 8_000,
    rssLimitMb: 640,
    wasmMaxMb: 128,
    jsHeapMb: 96,
    idleMs: 60_000,
  });
  beforeAll(async () => {
    await sandbox.run(1, 'def derive(b):\n    return []\n', DAY);
  }, 120_000);
  afterAll(() => sandbox.close());

  it.each([
    [
      'clearing sys.meta_path re-enables builtin imports',
      `import sys, importlib.machinery
sys.meta_path[:] = [importlib.machinery.BuiltinImporter, importlib.machinery.FrozenImporter, importlib.machinery.PathFinder]
try:
    import _pyodide_core
    return sorted(n for n in dir(_pyodide_core) if not n.startswith('__'))[:5]
except BaseException as e:
    return 'refused ' + type(e).__name__`,
      /refused/,
    ],
    [
      'the builtin importer called directly',
      `import importlib.machinery as m
try:
    spec = m.ModuleSpec('_pyodide_core', m.BuiltinImporter, origin='built-in')
    mod = m.BuiltinImporter.create_module(spec)
    return 'got ' + repr(mod)
except BaseException as e:
    return 'refused ' + type(e).__name__`,
      /refused/,
    ],
    [
      'gc.get_objects() for JS proxies and the Pyodide API',
      `try:
    import gc
    hits = [type(o).__name__ for o in gc.get_objects() if 'Js' in type(o).__name__ or 'pyodide' in type(o).__module__]
    return hits[:5] or 'none'
except BaseException as e:
    return 'refused ' + type(e).__name__`,
      /refused|'none'/,
    ],
    [
      'sys.modules for anything of pyodide',
      `import sys
return [n for n in sys.modules if 'pyodide' in n or n in ('js', '_pyodide_core')] or 'none'`,
      /'none'/,
    ],
    [
      'subclasses of object leading to a module of pyodide',
      `hits = []
for cls in object.__subclasses__():
    stack = [cls]
    while stack:
        c = stack.pop()
        try:
            stack.extend(c.__subclasses__())
        except TypeError:
            pass
        for v in vars(c).values():
            g = getattr(v, '__globals__', None)
            if g and any(k in g for k in ('_pyodide_core', 'js', 'pyodide_js', 'JsProxy', 'run_js', 'create_proxy')):
                hits.append(c.__name__)
return sorted(set(hits))[:5] or 'none'`,
      /'none'/,
    ],
    [
      'frames up the stack',
      `import sys
f = sys._getframe()
seen = []
while f is not None:
    seen.extend(k for k in f.f_globals if 'pyodide' in k or k in ('js', '_pyodide_core'))
    f = f.f_back
return seen or 'none'`,
      /'none'/,
    ],
  ])(
    '%s',
    async (_name, body, expected) => {
      const outcome = await sandbox.run(1, probe(body), DAY);
      const text = found(outcome);
      expect(text).toMatch(/FOUND:/);
      expect(text).toMatch(expected);
    },
    60_000,
  );

  it('still lets a script use the standard library it needs after the lockdown', async () => {
    const outcome = await sandbox.run(
      1,
      `import math, statistics, datetime, decimal, itertools, collections, json, re, functools, fractions, random
def derive(buckets):
    d = datetime.datetime(2026, 5, 1, 10, tzinfo=datetime.timezone.utc)
    return [{"pv_kwh": float(decimal.Decimal("0.5")) + statistics.mean([0, 0]) + math.floor(d.hour / 100),
             "load_kwh": 0, "grid_import_kwh": 0, "grid_export_kwh": 0, "bat_charge_kwh": 0, "bat_discharge_kwh": 0}]
`,
      DAY,
    );
    expect(outcome).toMatchObject({ ok: true, figures: [{ pv_kwh: 0.5 }] });
  }, 60_000);

  it('answers a source with a lone surrogate with a clear error and keeps serving', async () => {
    const outcome = await sandbox.run(1, 'def derive(b):\n    return "\ud800"\n', DAY);
    expect(outcome.ok).toBe(false);
    expect(found(outcome)).not.toMatch(/crashed/);
    const next = await sandbox.run(1, 'def derive(b):\n    return []\n', DAY);
    expect(next.ok).toBe(true);
  }, 60_000);
});
