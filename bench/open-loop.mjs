// HTTP load for the benchmarks (alarm-search, api): a seeded schedule drawn from a query mix, sent open loop (every
// request on its schedule, whatever is still outstanding, so a slow answer cannot hold back the requests behind it:
// no coordinated omission, docs/decisions/0016), and the latency summary of what came back.
import { round } from './support.mjs';
import { percentile } from './ingest/process-stats.mjs';

const REQUEST_TIMEOUT_MS = 30_000;
/** Default number of requests still outstanding at which a phase gives up (the server is not keeping up at all). */
const MAX_OUTSTANDING = 200;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A seeded random source (the same sequence of query types for every user and repetition). */
export function seeded(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

/** The schedule of one phase: `count` requests, one every 1000 / `ratePerS` ms, drawn from `mix`. */
export function schedule(mix, count, seed, ratePerS) {
  const rnd = seeded(seed);
  const total = mix.reduce((n, m) => n + m.share, 0);
  return Array.from({ length: count }, (_, i) => {
    let x = rnd.next() * total;
    const m = mix.find((q) => (x -= q.share) < 0) ?? mix[0];
    return { at: (i * 1000) / ratePerS, type: m.name, ...m.request() };
  });
}

/**
 * One request of the plan (GET, or POST with a JSON body); an overview answer says whether it was refreshing. An API
 * key (`vf_…`) goes as `Authorization: Bearer`, the way programs send it; a session token in the `token` header.
 */
export async function timed(base, req, token) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${req.url}`, {
      method: req.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token?.startsWith('vf_') ? { authorization: `Bearer ${token}` } : { token }),
        'accept-language': 'en',
        ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.arrayBuffer();
    const ms = performance.now() - started;
    const refreshing =
      req.url.startsWith('/api/alarms/overview') && res.status === 200
        ? JSON.parse(Buffer.from(body).toString('utf8')).data.refreshing === true
        : undefined;
    return { ms, status: res.status, bytes: body.byteLength, ...(refreshing === undefined ? {} : { refreshing }) };
  } catch (err) {
    return { ms: performance.now() - started, status: 0, error: String(err?.name ?? err) };
  }
}

/**
 * Open loop: every request starts at its scheduled time, whatever is still outstanding; the phase gives up when
 * `maxOutstanding` requests are still open (the server is not keeping up at all).
 */
export async function openLoop(base, token, plan, { maxOutstanding = MAX_OUTSTANDING } = {}) {
  const results = [];
  const inFlight = new Set();
  const start = performance.now();
  let abandoned = 0;
  for (const [i, req] of plan.entries()) {
    const wait = start + req.at - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= maxOutstanding) {
      abandoned = plan.length - i;
      break;
    }
    const lateMs = performance.now() - start - req.at;
    const p = timed(base, req, token).then((r) => {
      results.push({ type: req.type, at: req.at, lateMs, ...r });
      inFlight.delete(p);
    });
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  return { results, seconds: (performance.now() - start) / 1000, abandoned };
}

function latencyStats(list) {
  const sorted = list.map((r) => r.ms).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    p99Ms: percentile(sorted, 0.99),
    maxMs: percentile(sorted, 1),
  };
}

export function summarise(results) {
  const ok = results.filter((r) => r.status === 200);
  const types = [...new Set(results.map((r) => r.type))];
  return {
    ...latencyStats(ok),
    errors: results.length - ok.length,
    errorStatuses: [...new Set(results.filter((r) => r.status !== 200).map((r) => r.status))],
    meanBytes: ok.length ? round(ok.reduce((n, r) => n + r.bytes, 0) / ok.length) : null,
    maxStartLateMs: round(Math.max(0, ...results.map((r) => r.lateMs)), 1),
    // Latency counted from when the request was due rather than when it left: differs only if the load generator
    // itself fell behind its schedule (maxStartLateMs).
    p99FromScheduleMs: percentile(
      ok.map((r) => r.ms + r.lateMs).sort((a, b) => a - b),
      0.99,
    ),
    byType: Object.fromEntries(types.map((t) => [t, latencyStats(ok.filter((r) => r.type === t))])),
    // Overview answers given from the previous figures while a recount ran (an acknowledgement had changed them).
    overviewRefreshing: ok.filter((r) => r.refreshing === true).length,
  };
}
