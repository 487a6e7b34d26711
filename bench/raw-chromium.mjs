// Chromium driven over its DevTools protocol directly (--remote-debugging-pipe), without Playwright.
//
// Why: Playwright enables the Network domain on every page it drives, and with it DevTools keeps response bodies and
// WebSocket data for its own use inside the page's renderer. A memory soak measured through Playwright therefore counts
// memory the page never holds in a real browser (bench/README.md, "heap-snapshot diff"). Here only the domains the
// benchmark asks for are enabled.
//
// Messages on the pipe are JSON, each ended by a NUL byte; fd 3 carries ours to the browser, fd 4 the browser's to us.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.mjs';

/**
 * Starts a headless Chromium with a fresh profile and returns a client: `send(method, params, sessionId)` resolves with
 * the result (rejects with the protocol's error), `on(method, listener)` hears events (listener gets params and
 * sessionId), `close()` ends the browser and removes its profile.
 */
export async function launchRawChromium() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'voltfleet-cdp-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  let nextId = 1;
  const pending = new Map();
  const listeners = new Map();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(`${waiter.method}: ${message.error.message}`));
        else waiter?.resolve(message.result);
      } else {
        for (const listener of listeners.get(message.method) ?? []) listener(message.params, message.sessionId);
      }
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${waiter.method}: the browser exited`));
    pending.clear();
  });

  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const on = (method, listener) => {
    if (!listeners.has(method)) listeners.set(method, []);
    listeners.get(method).push(listener);
    return () =>
      listeners.set(
        method,
        (listeners.get(method) ?? []).filter((l) => l !== listener),
      );
  };
  await send('Browser.getVersion');
  return {
    send,
    on,
    async close() {
      await send('Browser.close').catch(() => {});
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A page in its own browser context (its own cookies and storage, like a separate browser profile), attached with a
 * flat session. Returns `{ send, evaluate, navigate, close }`: `send` is scoped to the page's session, `evaluate`
 * returns an expression's value (awaiting promises), `navigate` goes to a URL.
 */
export async function openRawPage(browser, { width, height }) {
  const { browserContextId } = await browser.send('Target.createBrowserContext', { disposeOnDetach: true });
  const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
  const send = (method, params) => browser.send(method, params, sessionId);
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  const evaluate = async (expression) => {
    const { result, exceptionDetails } = await send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails)
      throw new Error(`evaluate: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  };
  return {
    sessionId,
    send,
    evaluate,
    navigate: (url) => send('Page.navigate', { url }),
    async close() {
      await browser.send('Target.closeTarget', { targetId }).catch(() => {});
      await browser.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
    },
  };
}

/**
 * A heap snapshot of the page, summed: self sizes by V8's node type (object, closure, code, string, array, hidden,
 * native, …) and by type and name together (a constructor's name for objects), in bytes. Lets a soak tell the page's
 * own objects from the engine's compiled code, which grows as more functions get compiled and optimised and is not
 * data the page keeps, and name what grew.
 */
export async function heapSummary(browser, page) {
  const chunks = [];
  const off = browser.on('HeapProfiler.addHeapSnapshotChunk', (params, sessionId) => {
    if (sessionId === page.sessionId) chunks.push(params.chunk);
  });
  try {
    await page.send('HeapProfiler.enable');
    await page.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    off();
    await page.send('HeapProfiler.disable').catch(() => {});
  }
  const snapshot = JSON.parse(chunks.join(''));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const byType = {};
  const byName = {};
  // Strings by their first 60 characters as well: what text a growth of strings is made of.
  const byText = {};
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const size = snapshot.nodes[i + sizeAt];
    byType[type] = (byType[type] ?? 0) + size;
    // Strings are named by their text: group them as one, or every distinct text would be a row.
    const label = `${type}: ${snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60)}`;
    const isString = type === 'string' || type === 'concatenated string' || type === 'sliced string';
    const name = isString ? '(strings)' : label;
    if (isString) {
      const texts = (byText[label] ??= { bytes: 0, count: 0 });
      texts.bytes += size;
      texts.count += 1;
    }
    const entry = (byName[name] ??= { bytes: 0, count: 0 });
    entry.bytes += size;
    entry.count += 1;
  }
  return { byType, byName, byText, byCodeOwner: codeOwners(snapshot) };
}

/**
 * Compiled code (V8's InstructionStream objects) summed by what holds it: the names on its first retainers, up to
 * three steps back (InstructionStream ← Code ← a function's shared info, whose name is the function's, or a regular
 * expression's data). Tells engine code of the page's own functions from code made for the driver's evaluations.
 */
function codeOwners(snapshot) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const edgeFields = snapshot.snapshot.meta.edge_fields;
  const edgeTypes = snapshot.snapshot.meta.edge_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const edgeCountAt = fields.indexOf('edge_count');
  const toAt = edgeFields.indexOf('to_node');
  const edgeTypeAt = edgeFields.indexOf('type');
  const nodes = snapshot.nodes;
  const count = nodes.length / width;
  const nameOf = (n) => snapshot.strings[nodes[n * width + nameAt]];
  const typeOf = (n) => types[nodes[n * width + typeAt]];
  // Retainers (first found, skipping weak edges) of every node.
  const retainer = new Int32Array(count).fill(-1);
  for (let n = 0, e = 0; n < count; n++) {
    const edges = nodes[n * width + edgeCountAt];
    for (let k = 0; k < edges; k++, e += edgeFields.length) {
      if (edgeTypes[snapshot.edges[e + edgeTypeAt]] === 'weak') continue;
      const to = snapshot.edges[e + toAt] / width;
      if (retainer[to] === -1) retainer[to] = n;
    }
  }
  const out = {};
  for (let n = 0; n < count; n++) {
    if (typeOf(n) !== 'code' || !nameOf(n).endsWith('InstructionStream')) continue;
    const chain = [];
    for (let r = retainer[n], hop = 0; r !== -1 && hop < 3; r = retainer[r], hop++)
      chain.push(`${typeOf(r)}:${nameOf(r).slice(0, 50)}`);
    const label = chain.join(' ← ') || '(no retainer)';
    const entry = (out[label] ??= { bytes: 0, count: 0 });
    entry.bytes += nodes[n * width + sizeAt];
    entry.count += 1;
  }
  return out;
}

/**
 * What grew most between two heapSummary results, by type and name (or, with `by` = 'byText', strings by their
 * text): the `top` largest growths in bytes.
 */
export function heapGrowth(before, after, top = 15, by = 'byName') {
  return Object.entries(after[by])
    .map(([name, { bytes, count }]) => ({
      name,
      bytes: bytes - (before[by][name]?.bytes ?? 0),
      count: count - (before[by][name]?.count ?? 0),
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}
