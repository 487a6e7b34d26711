// Page speed in a real browser: LCP (largest contentful paint) and INP (interaction to next paint) in headless
// Chromium (playwright-core, the system /usr/bin/chromium with the e2e journeys' flags) for plant statistics, plant
// detail and device detail, and for the device list's paging, on the built app served by the real server with the
// demo fleet live (13 plants, 22 inverters reporting over MQTT, two days of seeded history, as the e2e journeys run).
//
// Each run opens the page in a fresh browser context (empty HTTP cache: a first visit, the slower case) holding the
// admin's session, waits for the page's data, reads LCP from a PerformanceObserver ('largest-contentful-paint',
// buffered) before any input (Chromium stops LCP at the first input), then does the page's real interactions (tab
// switches, opening a select, range buttons, paging) with real input events and reads 'event' entries
// (durationThreshold 16 ms): per interaction the longest event of its interactionId, and the page's INP is the worst
// interaction (fewer than 50 interactions: no outlier is dropped). An interaction with no entry took < 16 ms.
// Anchor, same run, same browser: the /login page's LCP (a fresh context, no session). Targets: LCP ≤ 1.5 s, INP ≤
// 100 ms. The /login bundle size comes from bench/results/web-size.json when present.
//
//   npm run build && node bench/web-vitals/run.mjs        # or: npm run bench -- web-vitals
//   BENCH_VITALS_RUNS=3 node bench/web-vitals/run.mjs     # runs per page (default 5)
//   BENCH_VITALS_CPU_PROFILE=/tmp/p node bench/web-vitals/run.mjs   # a CPU profile of each visit's load
//   BENCH_VITALS_SCRIPTS=1 node bench/web-vitals/run.mjs   # each visit's script timings in its timeline
//   BENCH_VITALS_PROFILE=mobile node bench/web-vitals/run.mjs   # a phone as Lighthouse's mobile run emulates one:
//     412×823 at 1.75×, touch, CPU 4× slower, "slow 4G" (562.5 ms latency, 1,474.56 / 675 kbit/s down / up) for every
//     page and the /login anchor alike; plant detail, alarm search, device detail; targets LCP ≤ 2.5 s, INP ≤ 200 ms
//     (issue 41); results in bench/results/web-vitals-mobile.json
//   BENCH_VITALS_VISIT=return ...   # the installed app opened again (its service worker and cache warm); -return.json
//   BENCH_VITALS_VIA=h2 ...   # through a TLS + HTTP/2 proxy on loopback, as docs/deploy.md deploys the app (Caddy or
//     nginx in front); results in web-vitals[-mobile]-h2.json. Without it the browser talks HTTP/1.1 to the app itself.
// observeVitals and the page.evaluate callbacks run in the page, where these are defined.
/* global window, requestAnimationFrame */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_PASSWORD, CAPTCHA_CODE, ROOT } from '../../e2e/support/server.mjs';
import { round, withDemoApp, writeResult } from '../support.mjs';
import { medianWorst as stats } from '../ingest/process-stats.mjs';
import { startH2Proxy } from './h2-proxy.mjs';
import { pagesFor, phonePagesFor } from './pages.mjs';

const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 5);
/** A directory: each visit's page load (until its data shows) is profiled there, as .cpuprofile (DevTools). */
const PROFILE_DIR = process.env.BENCH_VITALS_CPU_PROFILE;
/** Set: each visit's timeline also lists every script's resource timing (which wave it came in, what it waited for). */
const SCRIPTS = Boolean(process.env.BENCH_VITALS_SCRIPTS);
const MOBILE = process.env.BENCH_VITALS_PROFILE === 'mobile';
/** 'h2': the browser reaches the app through a TLS + HTTP/2 proxy (the deployment's front door); else directly. */
const VIA_H2 = process.env.BENCH_VITALS_VIA === 'h2';
/**
 * 'return': each measured visit is a second one — the same browser context opened the page before (unthrottled), and
 * its service worker (decision 0042) has installed: the installed app opened again. Else a first visit.
 */
const RETURN_VISIT = process.env.BENCH_VITALS_VISIT === 'return';
// Chromium registers no service worker on an origin whose certificate it does not trust (the proxy's is self-signed),
// whatever ignoreHTTPSErrors says: a return visit is measured without the proxy.
if (RETURN_VISIT && VIA_H2) throw new Error('BENCH_VITALS_VISIT=return cannot go through BENCH_VITALS_VIA=h2');
const RESULT_NAME = `web-vitals${MOBILE ? '-mobile' : ''}${VIA_H2 ? '-h2' : ''}${RETURN_VISIT ? '-return' : ''}`;
const TARGETS = MOBILE ? { lcpMs: 2500, inpMs: 200 } : { lcpMs: 1500, inpMs: 100 };
const VIEWPORT = MOBILE ? { width: 412, height: 823 } : { width: 1366, height: 860 };
/** The browser context's device: a phone (Lighthouse's mobile emulation) or the desktop window. */
const DEVICE = MOBILE
  ? { viewport: VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
  : { viewport: VIEWPORT };
/** Lighthouse's mobile throttling as DevTools applies it ("slow 4G", CPU 4×); none on the desktop. */
async function throttle(context, page, browser) {
  if (!MOBILE) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  if (RETURN_VISIT) await throttleServiceWorkers(browser);
}
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
/**
 * The service worker fetches the API's answers itself (network first, decision 0042), and the page's throttling does
 * not reach its requests: each worker gets the same network conditions through its own DevTools target.
 */
async function throttleServiceWorkers(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter((t) => t.type === 'service_worker');
  if (workers.length === 0) throw new Error('return visit: no service worker to throttle');
  let id = 0;
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    for (const [method, params] of [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', SLOW_4G],
    ]) {
      id += 1;
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    }
  }
}
/** A person's pause between two interactions; also lets the answer of the previous one arrive and paint. */
const PAUSE_MS = 400;
/** How long a page may take to show its data (or an interaction to find its control) before the visit fails. */
const READY_TIMEOUT_MS = 120_000;

/** Observers installed before the page's own scripts: every LCP candidate and every event entry ≥ 16 ms. */
function observeVitals() {
  const vitals = { lcp: [], events: [] };
  Object.defineProperty(window, '__vitals', { value: vitals });
  const describe = (el) =>
    el ? `${el.tagName.toLowerCase()}${el.dataset?.testid ? `[data-testid=${el.dataset.testid}]` : ''}` : null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      vitals.lcp.push({ startTime: e.startTime, size: e.size, element: describe(e.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        vitals.events.push({
          name: e.name,
          interactionId: e.interactionId,
          startTime: e.startTime,
          duration: e.duration,
          inputDelay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The visit before a return visit: the page shown, its service worker installed (its precache complete). */
async function firstVisit(context, spec) {
  const page = await context.newPage();
  page.setDefaultTimeout(READY_TIMEOUT_MS);
  await page.goto(spec.path);
  await spec.ready(page);
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 60_000)),
    ]).then((ready) => {
      if (!ready) throw new Error('return visit: the service worker did not install within 60 s');
    }),
  );
  await page.close();
}

/** One visit: fresh context, LCP once the data is in, then the interactions and their event entries. */
async function visit(browser, baseUrl, storageState, spec) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-US',
    ...DEVICE,
    storageState,
    ignoreHTTPSErrors: VIA_H2,
  });
  try {
    await context.addInitScript(observeVitals);
    if (RETURN_VISIT) await firstVisit(context, spec);
    const page = await context.newPage();
    await throttle(context, page, browser);
    page.setDefaultTimeout(READY_TIMEOUT_MS);
    const profiler = PROFILE_DIR ? await context.newCDPSession(page) : undefined;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 250 });
      await profiler.send('Profiler.start');
    }
    await page.goto(spec.path);
    try {
      await spec.ready(page);
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        await mkdir(PROFILE_DIR, { recursive: true });
        const name = `${spec.key.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`;
        await writeFile(path.join(PROFILE_DIR, name), JSON.stringify(profile));
      }
    } catch (err) {
      // A visit whose data never showed is a result too (the worst one), not the end of the benchmark.
      return { error: String(err?.message ?? err).split('\n')[0], lcpMs: null, inpMs: null };
    }
    // Two frames: the ready content's paint has been reported to the observer.
    const settle = () =>
      page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    await settle();
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        ttfbMs: n?.responseStart ?? null,
        fcpMs: fcp?.startTime ?? null,
        readyMs: performance.now(),
        protocol: n?.nextHopProtocol ?? null,
      };
    });
    const { lcp } = await page.evaluate(() => ({ lcp: [...window.__vitals.lcp] }));
    // Where the time went before the data showed: each API answer's start and end, and when the last script came.
    const timeline = await page.evaluate(
      ([readyMs, withScripts]) => {
        const entries = performance.getEntriesByType('resource').filter((e) => e.startTime <= readyMs);
        const ms = (x) => Math.round(x);
        return {
          api: entries
            .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
            .map((e) => ({ path: new URL(e.name).pathname, startMs: ms(e.startTime), endMs: ms(e.responseEnd) })),
          // Opt-in (BENCH_VITALS_SCRIPTS): every script's [file, start, request sent, first byte, end], in ms.
          scripts: withScripts
            ? entries
                .filter((e) => new URL(e.name).pathname.endsWith('.js'))
                .map((e) => [
                  new URL(e.name).pathname.split('/').pop(),
                  ...[e.startTime, e.requestStart, e.responseStart, e.responseEnd].map(ms),
                ])
            : undefined,
          scriptsDoneMs: ms(
            Math.max(0, ...entries.filter((e) => e.initiatorType === 'script').map((e) => e.responseEnd)),
          ),
        };
      },
      [nav.readyMs, SCRIPTS],
    );
    const last = lcp.at(-1);
    const interactions = [];
    for (const [label, act] of spec.interactions ?? []) {
      const at = await page.evaluate(() => performance.now());
      await act(page);
      await page.waitForTimeout(PAUSE_MS);
      interactions.push({ label, at });
    }
    await settle();
    const events = await page.evaluate(() => [...window.__vitals.events]);
    const perInteraction = interactions.map((it, i) => {
      const until = interactions[i + 1]?.at ?? Infinity;
      const mine = events.filter((e) => e.startTime >= it.at && e.startTime < until);
      const worst = mine.reduce((w, e) => (!w || e.duration > w.duration ? e : w), undefined);
      return {
        label: it.label,
        durationMs: worst ? worst.duration : null,
        ...(worst
          ? { event: worst.name, inputDelayMs: round(worst.inputDelay, 1), processingMs: round(worst.processing, 1) }
          : {}),
      };
    });
    const durations = perInteraction.map((x) => x.durationMs ?? 0);
    return {
      lcpMs: last ? round(last.startTime) : null,
      lcpElement: last?.element ?? null,
      lcpSize: last?.size ?? null,
      ttfbMs: nav.ttfbMs === null ? null : round(nav.ttfbMs, 1),
      protocol: nav.protocol,
      fcpMs: nav.fcpMs === null ? null : round(nav.fcpMs),
      dataReadyMs: round(nav.readyMs),
      timeline,
      // Every LCP candidate, [ms, size, element]: the first paint's and the page's own, and how far apart they came.
      lcpCandidates: lcp.map((e) => [round(e.startTime), e.size, e.element]),
      inpMs: spec.interactions ? Math.max(0, ...durations) : undefined,
      interactions: spec.interactions ? perInteraction : undefined,
    };
  } finally {
    await context.close();
  }
}

export async function run() {
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  // The demo fleet live, as the e2e journeys have it.
  return withDemoApp({}, async ({ server: app, browser, api, token }) => {
    const proxy = VIA_H2 ? await startH2Proxy(app.baseUrl) : undefined;
    const server = { baseUrl: proxy?.baseUrl ?? app.baseUrl };
    try {
      return await measure({ server, browser, api, token, loadBefore, started });
    } finally {
      await proxy?.close();
    }
  });
}

async function measure({ server, browser, api, token, loadBefore, started }) {
  {
    // The inverter heard from last (its live values are the newest) and its plant.
    const devices = await api.call('GET', '/api/devices?kind=inverter&sort=lastSeen&order=desc&pageSize=1', {
      token,
    });
    const device = devices.items[0];
    const plants = await api.call('GET', '/api/plants', { token });
    const plant = plants.find((p) => p.plantId === device.plantId) ?? plants[0];
    // One login through the form; each visit starts from its session (cookies and storage), never logs in again.
    const loginContext = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'en-US',
      ...DEVICE,
      ignoreHTTPSErrors: VIA_H2,
    });
    const loginPage = await loginContext.newPage();
    await loginPage.goto('/login');
    await loginPage.getByTestId('login-username').fill('admin');
    await loginPage.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await loginPage.getByTestId('login-captcha-input').fill(CAPTCHA_CODE);
    await loginPage.getByTestId('login-submit').click();
    await loginPage.getByTestId(MOBILE ? 'menu-open' : 'menu').waitFor();
    const storageState = await loginContext.storageState();
    await loginContext.close();

    const anchorSpec = { key: 'anchor: /login', path: '/login', ready: (p) => p.getByTestId('login-submit').waitFor() };
    const specs = (MOBILE ? phonePagesFor : pagesFor)(plant.plantId, device.id);
    const visits = Object.fromEntries([anchorSpec, ...specs].map((s) => [s.key, []]));
    // Pages in turn within a round, rounds repeated: a burst of load on the machine hits every page alike.
    for (let r = 0; r < RUNS; r++) {
      visits[anchorSpec.key].push(await visit(browser, server.baseUrl, undefined, anchorSpec));
      for (const spec of specs) visits[spec.key].push(await visit(browser, server.baseUrl, storageState, spec));
      console.log(
        `web-vitals round ${r + 1}/${RUNS}: ${Object.entries(visits)
          .map(
            ([k, v]) =>
              `${k} LCP ${v.at(-1).lcpMs} ms${v.at(-1).inpMs !== undefined ? ` INP ${v.at(-1).inpMs} ms` : ''}`,
          )
          .join('; ')}; load ${round(os.loadavg()[0], 2)}`,
      );
    }
    const pages = Object.fromEntries(
      Object.entries(visits).map(([key, list]) => {
        const failed = list.filter((v) => v.error).length;
        const lcp = stats(list.map((v) => v.lcpMs));
        const inp = key.startsWith('anchor') ? null : stats(list.map((v) => v.inpMs));
        const target = ['plant statistics', 'plant detail', 'device detail', 'alarm search'].includes(key);
        return [
          key,
          {
            lcpMs: lcp,
            inpMs: inp,
            fcpMs: stats(list.map((v) => v.fcpMs)),
            dataReadyMs: stats(list.map((v) => v.dataReadyMs)),
            failedVisits: failed,
            lcpElements: [...new Set(list.filter((v) => !v.error).map((v) => v.lcpElement))],
            ...(target
              ? {
                  // Every visit within the target, none failed.
                  met: {
                    lcp: failed === 0 && lcp !== null && lcp.worst <= TARGETS.lcpMs,
                    inp: failed === 0 && inp !== null && inp.worst <= TARGETS.inpMs,
                  },
                }
              : {}),
            visits: list,
          },
        ];
      }),
    );
    const sizeFile = path.join(ROOT, 'bench/results/web-size.json');
    const size = existsSync(sizeFile) ? JSON.parse(readFileSync(sizeFile, 'utf8')) : undefined;
    const file = await writeResult(RESULT_NAME, {
      profile: MOBILE
        ? 'mobile: 412×823 at 1.75×, touch, CPU 4× slower, slow 4G (562.5 ms, 1,474.56 / 675 kbit/s), as Lighthouse'
        : 'desktop: 1366×860, no throttling',
      via: VIA_H2 ? 'TLS + HTTP/2 proxy on loopback (docs/deploy.md §5)' : 'HTTP/1.1 to the app itself',
      cpus: os.cpus().length,
      loadAverage1m: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
      runsPerPage: RUNS,
      runSeconds: round((performance.now() - started) / 1000),
      targets: TARGETS,
      chromium: browser.version(),
      plant: { id: plant.plantId, name: plant.name },
      device: { id: device.id, sn: device.sn },
      pages,
      loginBundle: size
        ? { gzipKb: size.login.gzipKb, measuredAt: size.measuredAt, from: 'bench/results/web-size.json', targetKb: 230 }
        : { missing: 'run `node bench/run.mjs web-size` first' },
      notes: [
        'each visit: a fresh browser context (empty cache) with the admin’s session; LCP read after the page’s data is shown, before any input',
        `INP: worst interaction of the visit (event entries, durationThreshold 16 ms; no entry = under 16 ms, counted as 0); interactions ${PAUSE_MS} ms apart`,
        'server: apps/server/dist/main.js on PGlite with DEMO_FLEET=on (13 plants, 22 inverters live over MQTT), DEMO_HISTORY_DAYS=2',
        MOBILE
          ? `viewport ${VIEWPORT.width}×${VIEWPORT.height} (phone), CPU 4× and slow-4G throttling on every visit, the anchor's too, loopback`
          : `viewport ${VIEWPORT.width}×${VIEWPORT.height}, no CPU or network throttling, loopback`,
      ],
    });
    console.log(`→ ${file}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
