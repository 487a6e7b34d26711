// The plant-script sandbox: one child process running Pyodide, started by sandbox.ts with
//   node --experimental-permission --allow-fs-read=<pyodide dir> --allow-fs-read=<this dir> --allow-worker
//        --disallow-code-generation-from-strings --max-old-space-size=<n> child.mjs <pyodide.mjs> <wasm pages>
// It talks JSON over the IPC channel only: {id, source, buckets | check} in, {id, result} out. It never sees the database.
// Layers, in the order they take effect (docs/plant-scripts.md explains each one):
//  1. Node's permission model: read access to Pyodide and this folder only, no writes, no child processes.
//     (--allow-worker only because Node 20 runs module hooks in a worker; layer 2 closes that door after start-up.)
//  2. A module-resolution hook (loader.mjs) that refuses every import once Pyodide has loaded.
//  3. No code generation from strings: eval / new Function throw, so pyodide.code.run_js cannot run anything.
//  4. Host globals (process, fetch, WebSocket, require, …) deleted after Pyodide has loaded; jsglobals is empty.
//  5. Python: js / pyodide_js unregistered; the interpreter emptied of Pyodide's host bridges (vf_lockdown: no module
//     can be created or revived again, the bridge types cannot make JS objects, their namespaces emptied, gc
//     introspection refused), re-imports refused. Sockets refused at the socket() syscall.
//  6. WASM memory capped below the parent's RSS limit, so a memory bomb is a Python MemoryError.
import { register } from 'node:module';
import { constants as fsConstants, readFileSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';

const [pyodideEntry, wasmPagesArg] = process.argv.slice(2);
const maxWasmPages = Number(wasmPagesArg);

const { port1, port2 } = new MessageChannel();
register('./loader.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });

// Pyodide's NODEFS asks process.binding for fs constants, which the permission model refuses; hand it just those.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants };
  throw new Error(`sandbox: process.binding("${name}") refused`);
};

// Emscripten creates its memory with a 4 GiB maximum; cap it so Python's allocator fails cleanly (MemoryError).
const NativeMemory = WebAssembly.Memory;
function CappedMemory(descriptor) {
  const capped =
    !descriptor.shared && Number.isFinite(maxWasmPages) && maxWasmPages > 0
      ? { ...descriptor, maximum: Math.min(descriptor.maximum ?? maxWasmPages, maxWasmPages) }
      : descriptor;
  return new NativeMemory(capped);
}
CappedMemory.prototype = NativeMemory.prototype;
WebAssembly.Memory = CappedMemory;

const harnessSource = readFileSync(new URL('./harness.py', import.meta.url), 'utf8');
const { loadPyodide } = await import(pyodideEntry);
const pyodide = await loadPyodide({
  jsglobals: Object.create(null),
  env: { HOME: '/home/script' },
  stdout: () => {},
  stderr: () => {},
});
pyodide.unregisterJsModule('js');
pyodide.unregisterJsModule('pyodide_js');
pyodide.runPython(harnessSource);
const run = pyodide.globals.get('vf_run');
const check = pyodide.globals.get('vf_check');
// Called as a function, not through runPython: the lockdown empties Pyodide's own Python modules, and runPython's code
// runner is one of them (it would fail on its way out). From here on only the two functions above are ever called.
const lockdown = pyodide.globals.get('vf_lockdown');
lockdown();
lockdown.destroy();
// Nothing Python can still reach should lead to the host file system.
delete pyodide.FS.filesystems.NODEFS;
delete pyodide.mountNodeFS;
// Python's socket type outlives the lockdown (the runtime holds it), and Emscripten's sockets are WebSockets that
// require('ws') from a require captured at start-up, past the module hook: socket() itself fails instead, as a plain
// PermissionError in Python, so no socket ever exists to connect, bind or listen.
pyodide._module.SOCKFS.createSocket = () => {
  throw new pyodide.FS.ErrnoError(pyodide.ERRNO_CODES.EACCES);
};

// Keep what the IPC needs, then take the host away from the global scope.
const send = process.send.bind(process);
const onMessage = process.on.bind(process, 'message');
const exit = process.exit.bind(process);
process.on('disconnect', () => exit(0));
for (const name of [
  'process',
  'require',
  'module',
  'exports',
  '__filename',
  '__dirname',
  'global',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'WebSocket',
  'EventSource',
  'BroadcastChannel',
  'MessageChannel',
  'MessagePort',
  'Worker',
  'navigator',
  'Buffer',
  'importScripts',
]) {
  try {
    delete globalThis[name];
  } catch {
    globalThis[name] = undefined;
  }
}

port1.postMessage('lock');
await new Promise((resolve) => port1.once('message', resolve));
port1.close();

onMessage((message) => {
  let reply;
  // A lone surrogate is not text Python can compile (UnicodeEncodeError); it is answered here with a kind the parent
  // turns into the localised message. The parent refuses such sources first, and the harness would still turn the
  // compile error into the script's error: three layers, so the text of a source never ends this process.
  if (typeof message.source !== 'string' || !message.source.isWellFormed()) {
    send({ id: message.id, result: { ok: false, error: { kind: 'loneSurrogate', message: '', line: null } } });
    return;
  }
  try {
    const text = message.check ? check(message.source) : run(message.source, JSON.stringify(message.buckets));
    reply = JSON.parse(text);
  } catch (error) {
    // Only a failure of the interpreter itself lands here (the harness catches every Python exception).
    // Pyodide cannot continue after a fatal error: answer, then exit so the parent starts a fresh sandbox.
    send({ id: message.id, result: { ok: false, error: { kind: 'crashed', message: String(error), line: null } } });
    exit(1);
    return;
  }
  send({ id: message.id, result: reply });
});
send({ ready: true });
