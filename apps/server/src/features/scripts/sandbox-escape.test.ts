/**
 * Escape probes against the Python layer of the sandbox (child.mjs layer 5): each probe script reports what it found
 * as a figure-free failure message, so the assertions read what the probe saw. A probe that finds nothing proves the
 * interpreter holds no route to the host, whatever the script undoes of the Python-side blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChild, ScriptSandbox, type SandboxLimits, type SandboxOutcome } from './sandbox.js';

const DAY = [{ time: '2026-05-01T10:00:00.000Z', devices: {} }];
// The probes test what a script can reach, not how fast: the time limit is wide (a walk over 300,000 objects took
// just over 8 s on a CI machine under a load of 15), the memory limits are the product's.
const LIMITS: SandboxLimits = { timeoutMs: 40_000, rssLimitMb: 640, wasmMaxMb: 128, jsHeapMb: 96, idleMs: 60_000 };

/**
 * Python that lists every class there is by walking object.__subclasses__() (what a script can always do), and
 * tells the C types of Pyodide's JavaScript bridge (JsProxy and its kin) from Pyodide's pure-Python stubs of the same
 * names: Python 3.13 gives a class written in Python a __firstlineno__.
 */
const ALL_CLASSES = `def all_classes():
    seen = {}
    stack = [object]
    while stack:
        cls = stack.pop()
        if id(cls) in seen:
            continue
        seen[id(cls)] = cls
        try:
            stack.extend(type.__subclasses__(cls))
        except TypeError:
            pass
    return list(seen.values())

def js_bridge_type(cls):
    return any(getattr(c, '__module__', '') == 'pyodide.ffi' and '__firstlineno__' not in vars(c) for c in cls.__mro__)
`;

/** A script whose derive raises with `report()`'s text, so the probe's finding comes back as the error message. */
const probe = (body: string) => `${ALL_CLASSES}
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
  const sandbox = new ScriptSandbox(LIMITS);
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
    [
      // CPython keeps a copy of every single-phase module's namespace it has loaded and hands it out again for
      // _imp.create_dynamic with the module's name as origin: _pyodide_core's copy held create_proxy, to_js, …
      'reviving _pyodide_core from the importer cache (_imp.create_dynamic)',
      `import _imp, importlib.machinery as m
try:
    core = _imp.create_dynamic(m.ModuleSpec('_pyodide_core', None, origin='_pyodide_core'))
    return 'got ' + repr(sorted(vars(core))[:8]) + ' ' + repr(core.create_once_callable(len))[:60]
except BaseException as e:
    return 'refused ' + type(e).__name__`,
      /refused ImportError/,
    ],
    [
      'a JsProxy type found through __subclasses__ turned into a JS object',
      `made = []
for cls in all_classes():
    if not js_bridge_type(cls):
        continue
    for make in (lambda: cls('Error', 'x'), lambda: cls('x'), lambda: cls(), lambda: type.__call__(cls, 'Error', 'x'),
                 lambda: BaseException.__new__(cls, 'Error', 'x'), lambda: object.__new__(cls)):
        try:
            made.append(type(make()).__name__)
        except BaseException:
            pass
return made or 'none'`,
      /'none'/,
    ],
    [
      'the JsException constructor restored by deleting the replacement',
      `for cls in all_classes():
    if cls.__name__ == 'JsException' and js_bridge_type(cls):
        try:
            del cls.__new__
        except BaseException:
            pass
        try:
            return 'made ' + repr(cls('Error', 'x').constructor)
        except BaseException as e:
            return 'refused ' + type(e).__name__
return 'no JsException type'`,
      /refused|no JsException type/,
    ],
    [
      'a socket made from the socket type found through __subclasses__',
      `for cls in all_classes():
    if cls.__module__ == '_socket' and cls.__name__ == 'socket':
        try:
            s = cls()
            s.bind(('127.0.0.1', 0))
            s.listen()
            return 'listening ' + repr(s)
        except BaseException as e:
            return 'refused ' + type(e).__name__
return 'no socket type'`,
      /refused PermissionError|no socket type/,
    ],
    [
      "Pyodide's event loop through an asyncio Future",
      `for cls in all_classes():
    if cls.__module__ == '_asyncio' and cls.__name__ == 'Future':
        try:
            return 'loop ' + type(cls().get_loop()).__module__
        except BaseException as e:
            return 'refused ' + type(e).__name__
return 'no Future type'`,
      /refused|no Future type/,
    ],
    [
      'gc.garbage after DEBUG_SAVEALL (everything the collector frees)',
      `import gc
try:
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    return [type(o).__name__ for o in gc.garbage][:5] or 'none'
except BaseException as e:
    return 'refused ' + type(e).__name__`,
      /refused PermissionError|'none'/,
    ],
    [
      'importing the Pyodide packages from the standard library zip with the finders reset',
      `import sys, importlib, importlib.machinery as m
sys.meta_path[:] = [m.BuiltinImporter, m.FrozenImporter, m.PathFinder]
found = []
for name in ('_pyodide_core', 'pyodide', 'pyodide.ffi', 'pyodide.code', '_pyodide._base', '_pyodide.jsbind', 'js', 'pyodide_js'):
    try:
        module = importlib.import_module(name)
    except BaseException:
        continue
    for value in vars(module).values():
        if not isinstance(value, type) and js_bridge_type(type(value)):
            found.append(name)
    if 'create_proxy' in vars(module):
        try:
            if js_bridge_type(type(module.create_proxy(len))):
                found.append(name + '.create_proxy')
        except BaseException:
            pass
return found or 'none'`,
      /'none'/,
    ],
    [
      // Everything a script can reach without gc: classes, modules, sys, builtins, frames, and whatever their
      // namespaces, closures, defaults and bound methods lead to.
      'a walk over everything reachable without gc',
      `import sys, builtins, types
roots = [object, sys, builtins, sys.modules, sys._getframe()]
seen = set()
stack = list(roots)
hits = []
while stack and len(seen) < 300000:
    o = stack.pop()
    if id(o) in seen:
        continue
    seen.add(id(o))
    if isinstance(o, types.ModuleType) and str(getattr(o, '__name__', '')).split('.')[0] in ('js', 'pyodide_js', '_pyodide_core'):
        hits.append('module ' + o.__name__)
    if not isinstance(o, type) and js_bridge_type(type(o)):
        hits.append(type(o).__qualname__)
        continue
    if isinstance(o, (str, bytes, int, float, complex, bool)) or o is None:
        continue
    try:
        if isinstance(o, dict):
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        if isinstance(o, type):
            stack.extend(type.__subclasses__(o) if o is not type else [])
            stack.extend(vars(o).values())
        elif isinstance(getattr(o, '__dict__', None), dict):
            stack.append(o.__dict__)
        for a in ('__globals__', '__closure__', '__defaults__', '__kwdefaults__', '__self__', '__func__', '__wrapped__',
                  'cell_contents', 'f_back', 'f_globals', 'f_locals', 'tb_frame', 'tb_next', '__traceback__',
                  '__context__', '__cause__', 'fget', 'fset', '__objclass__'):
            try:
                stack.append(object.__getattribute__(o, a))
            except Exception:
                pass
    except Exception:
        pass
return sorted(set(hits))[:10] or 'none'`,
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

  it('refuses the os functions that would end the sandbox, and shows no host path', async () => {
    const exit = await sandbox.run(1, 'import os\ndef derive(b):\n    os._exit(3)\n', DAY);
    expect(found(exit)).toMatch(/^PermissionError: os\._exit\(\) is not available/);
    const abort = await sandbox.run(1, 'import os\ndef derive(b):\n    os.abort()\n', DAY);
    expect(found(abort)).toMatch(/^PermissionError: os\.abort\(\) is not available/);
    const env = await sandbox.run(
      1,
      'import os\ndef derive(b):\n    return [{"env": sorted(os.environ.items())}]\n',
      DAY,
    );
    expect(env.ok).toBe(true);
    expect(JSON.stringify(env.ok && env.figures)).not.toContain('sandbox-runtime');
  }, 60_000);

  it('answers a source the parser cannot take with the script’s error, not a crash', async () => {
    // 100,000 nested unary minus: the parser gives up with a MemoryError, which is no SyntaxError.
    const outcome = await sandbox.run(1, `x = ${'-'.repeat(100_000)}1\ndef derive(b):\n    return []\n`, DAY);
    expect(outcome).toMatchObject({ ok: false, failure: { line: null } });
    expect(found(outcome)).toMatch(/^MemoryError: Parser stack overflowed/);
    expect((await sandbox.run(1, 'def derive(b):\n    return []\n', DAY)).ok).toBe(true);
  }, 60_000);

  it('answers a source with a lone surrogate with the validation message and keeps serving', async () => {
    const outcome = await sandbox.run(1, 'def derive(b):\n    return "\ud800"\n', DAY);
    expect(outcome).toMatchObject({ ok: false, failure: { key: 'validation.loneSurrogate', line: null } });
    const next = await sandbox.run(1, 'def derive(b):\n    return []\n', DAY);
    expect(next.ok).toBe(true);
  }, 60_000);
});

describe('the sandbox child on its own', () => {
  // ScriptSandbox answers a lone surrogate before it reaches a child; these messages go to a child directly, as a
  // caller that skipped that check would send them.
  let child: SandboxChild;
  beforeAll(async () => {
    child = await SandboxChild.start(LIMITS);
  }, 120_000);
  afterAll(() => child.kill());

  const ask = (message: Record<string, unknown>) =>
    new Promise<{ ok: boolean; error?: { kind: string } }>((resolve) => {
      const id = Math.random().toString(36).slice(2);
      const onMessage = (reply: { id?: string; result?: { ok: boolean; error?: { kind: string } } }) => {
        if (reply.id !== id || !reply.result) return;
        child.process.off('message', onMessage);
        resolve(reply.result);
      };
      child.process.on('message', onMessage);
      child.process.send({ id, ...message });
    });

  it.each([
    ['a lone high surrogate', 'def derive(b):\n    return []\n# \ud800\n'],
    ['a lone low surrogate', 'def derive(b):\n    return "\udc00"\n'],
    ['a reversed pair', 'x = "\udc00\ud800"\ndef derive(b):\n    return []\n'],
  ])(
    'answers a source with %s without ending, and serves the next script',
    async (_what, source) => {
      const reply = await ask({ source, buckets: DAY });
      expect(reply).toMatchObject({ ok: false, error: { kind: 'loneSurrogate' } });
      expect(await ask({ source: 'def derive(b):\n    return []\n', buckets: DAY })).toMatchObject({ ok: true });
      expect(await ask({ source, check: true })).toMatchObject({ ok: false, error: { kind: 'loneSurrogate' } });
      expect(child.alive).toBe(true);
    },
    60_000,
  );

  it('still takes a well-formed surrogate pair (an emoji) as text', async () => {
    const reply = await ask({ source: 'def derive(b):\n    return [{"s": "\ud83d\ude00"}]\n', buckets: DAY });
    expect(reply).toMatchObject({ ok: true, figures: [{ s: '\ud83d\ude00' }] });
  }, 60_000);
});
