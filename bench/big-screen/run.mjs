// Big screens (issue 17) in a real browser: the time to a first full render of each view, and a soak.
//
// The built app served by the real server with the demo fleet live (13 plants, 22 inverters; two days of seeded
// history), headless Chromium (playwright-core, the system /usr/bin/chromium with the e2e journeys' flags) at
// 1920×1080, each screen opened through a kiosk link for every plant (what a wall uses).
//
// - First full render: from navigation to the first frame in which the view shows its data, read in the page
//   (performance.now() of the first animation frame that has it): the map with its fleet figures, land and plant
//   markers; the charts with the top plants and every chart drawn (or saying it has no data); the flow with its
//   numbers.
//   A fresh browser context each time (empty HTTP cache: a first visit). Anchor, same run, same rounds: the /login
//   page's first render (its form shown).
// - Soak: one screen open for BENCH_SOAK_MINUTES (default 60) rotating through the three views every 30 s, with the
//   demo inverters reporting every DEMO_REPORT_SECONDS (2 here: 15 to 30 times their real rate, so an hour carries
//   the live updates of 15 to 30 hours). Browser heap (after a forced garbage collection), DOM nodes and event
//   listeners when the map view comes round after 5 minutes and after the last minute, and every 5 minutes between.
//   Anchor, same browser, same time: the /login page left open beside it.
//
//   npm run build && node bench/big-screen/run.mjs        # or: npm run bench -- big-screen
//   BENCH_SOAK_MINUTES=10 BENCH_BIGSCREEN_RUNS=3 node bench/big-screen/run.mjs
// renderedAt and the page.evaluate callback run in the page, where these are defined.
/* global document, location */
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../e2e/support/server.mjs';
import { round, withDemoApp, writeResult } from '../support.mjs';
import { medianWorst as stats } from '../ingest/process-stats.mjs';

const RUNS = Number(process.env.BENCH_BIGSCREEN_RUNS ?? 5);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 60);
const REPORT_SECONDS = 2;
const ROTATE_SECONDS = 30;
const SAMPLE_EVERY_MS = 5 * 60_000;
const VIEWPORT = { width: 1920, height: 1080 };
const READY_TIMEOUT_MS = 120_000;
/** Target (issue 17, "no growth of memory over a day"): the last heap at most this much above the 5-minute one. */
const HEAP_GROWTH_LIMIT = 0.1;

/**
 * In the page (self-contained: Playwright sends its source): the moment, in ms since navigation, of the first frame
 * in which a view (or the anchor) shows its data; false before. `onMap`: only while the map view is the one shown
 * (the soak's samples are taken there, like with like).
 */
function renderedAt({ which, onMap = false }) {
  const count = (selector) => document.querySelectorAll(selector).length;
  const hasDigits = (selector) => /\d/.test(document.querySelector(selector)?.textContent ?? '');
  if (onMap && location.pathname !== '/bigScreen/map') return false;
  let full = false;
  if (which === 'anchor') full = count('[data-testid="login-submit"]') > 0;
  else if (which === 'map')
    full =
      hasDigits('[data-testid="bigscreen-figure-plants"]') &&
      count('[data-testid="bigscreen-map"] path') > 0 &&
      count('[data-testid="bigscreen-marker"], [data-testid="bigscreen-cluster"]') > 0;
  else if (which === 'charts') {
    // Every chart drawn, or saying it has no data yet (a fresh fleet's "yesterday"), and the top plants listed.
    const charts = [...document.querySelectorAll('[data-testid^="bigscreen-chart-"]')];
    full =
      count('[data-testid="bigscreen-top-plant"]') > 0 &&
      charts.length >= 4 &&
      charts.every((chart) => chart.querySelector('svg, [data-testid="chart-empty"]'));
  } else if (which === 'flowGraph') full = hasDigits('[data-testid="energy-flow"]');
  return full && performance.now();
}

/** One first visit: ms from navigation to the first frame showing the data (null when it never did). */
async function firstRender(browser, baseUrl, url, which) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // Polled once per animation frame: the first frame that has the data is the render's end.
    const handle = await page.waitForFunction(
      renderedAt,
      { which },
      {
        polling: 'raf',
        timeout: READY_TIMEOUT_MS,
      },
    );
    return round(await handle.jsonValue(), 1);
  } catch (err) {
    console.log(`big-screen: ${url} did not render in time: ${String(err?.message ?? err).split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

/** Heap after a forced collection, DOM nodes and listeners of a page (CDP). */
async function memory(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? null;
  return { heapMb: round(usedSize / 1048576, 2), nodes: metric('Nodes'), listeners: metric('JSEventListeners') };
}

async function soak(browser, baseUrl, kiosk) {
  const screen = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', viewport: VIEWPORT });
  const anchor = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', viewport: VIEWPORT });
  try {
    const page = await screen.newPage();
    const cdp = await screen.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Network.enable');
    let frames = 0;
    cdp.on('Network.webSocketFrameReceived', () => (frames += 1));
    const anchorPage = await anchor.newPage();
    const anchorCdp = await anchor.newCDPSession(anchorPage);
    await anchorCdp.send('Performance.enable');
    await anchorPage.goto('/login');
    await anchorPage.getByTestId('login-submit').waitFor();
    const startedAt = Date.now();
    await page.goto(`/bigScreen/map?kiosk=${encodeURIComponent(kiosk)}&rotate=${ROTATE_SECONDS}`);
    await page.waitForFunction(renderedAt, { which: 'map' }, { polling: 'raf', timeout: READY_TIMEOUT_MS });
    const views = new Set();
    const samples = [];
    const endAt = startedAt + SOAK_MINUTES * 60_000;
    for (let next = startedAt + SAMPLE_EVERY_MS; ; next = Math.min(next + SAMPLE_EVERY_MS, endAt)) {
      // Watch the rotation until the sample is due, then take it when the map comes round (like with like).
      while (Date.now() < next) {
        views.add(await page.evaluate(() => location.pathname));
        await new Promise((r) => setTimeout(r, Math.min(10_000, Math.max(0, next - Date.now()))));
      }
      await page.waitForFunction(
        renderedAt,
        { which: 'map', onMap: true },
        {
          polling: 1000,
          timeout: 4 * ROTATE_SECONDS * 1000,
        },
      );
      const sample = {
        minute: round((Date.now() - startedAt) / 60_000, 1),
        screen: await memory(cdp),
        anchor: await memory(anchorCdp),
        liveFrames: frames,
      };
      samples.push(sample);
      console.log(
        `big-screen soak ${sample.minute} min: screen ${sample.screen.heapMb} MB heap, ${sample.screen.nodes} nodes, ` +
          `${sample.screen.listeners} listeners; anchor ${sample.anchor.heapMb} MB; ${frames} live frames; ` +
          `load ${round(os.loadavg()[0], 2)}`,
      );
      if (next >= endAt) break;
    }
    const first = samples[0];
    const last = samples.at(-1);
    const growth = (a, b) => round((b - a) / a, 3);
    return {
      minutes: SOAK_MINUTES,
      reportSeconds: REPORT_SECONDS,
      rotateSeconds: ROTATE_SECONDS,
      viewsSeen: [...views].sort(),
      liveFrames: frames,
      samples,
      screenHeapGrowth: growth(first.screen.heapMb, last.screen.heapMb),
      anchorHeapGrowth: growth(first.anchor.heapMb, last.anchor.heapMb),
      screenNodesGrowth: growth(first.screen.nodes, last.screen.nodes),
      target: `heap after ${SOAK_MINUTES} min ≤ ${1 + HEAP_GROWTH_LIMIT} × heap after 5 min`,
      met: samples.length > 1 && last.screen.heapMb <= first.screen.heapMb * (1 + HEAP_GROWTH_LIMIT),
    };
  } finally {
    await screen.close();
    await anchor.close();
  }
}

export async function run() {
  const loadBefore = os.loadavg()[0];
  // The demo fleet live, every inverter reporting every REPORT_SECONDS.
  return withDemoApp({ DEMO_REPORT_SECONDS: String(REPORT_SECONDS) }, async ({ server, browser, api, token }) => {
    const { token: kiosk } = await api.call('POST', '/api/kiosk-links', {
      token,
      body: {
        name: 'bench wall',
        plantIds: null,
        expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    });

    const renders = { anchor: [], map: [], charts: [], flowGraph: [] };
    for (let r = 0; r < RUNS; r++) {
      renders.anchor.push(await firstRender(browser, server.baseUrl, '/login', 'anchor'));
      for (const view of ['map', 'charts', 'flowGraph'])
        renders[view].push(
          await firstRender(browser, server.baseUrl, `/bigScreen/${view}?kiosk=${encodeURIComponent(kiosk)}`, view),
        );
      console.log(
        `big-screen round ${r + 1}/${RUNS}: ${Object.entries(renders)
          .map(([k, v]) => `${k} ${v.at(-1)} ms`)
          .join('; ')}; load ${round(os.loadavg()[0], 2)}`,
      );
    }
    const firstRenderMs = Object.fromEntries(Object.entries(renders).map(([k, v]) => [k, stats(v)]));
    const anchorMedian = firstRenderMs.anchor?.median;
    const vsAnchor = Object.fromEntries(
      ['map', 'charts', 'flowGraph'].map((v) => [
        v,
        anchorMedian && firstRenderMs[v] ? round(firstRenderMs[v].median / anchorMedian, 2) : null,
      ]),
    );

    const soaked = SOAK_MINUTES > 0 ? await soak(browser, server.baseUrl, kiosk) : null;
    const result = {
      viewport: VIEWPORT,
      runs: RUNS,
      firstRenderMs,
      vsAnchor,
      soak: soaked,
      load: { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) },
    };
    const file = await writeResult('big-screen', result);
    console.log(
      `big-screen: first full render (median) anchor /login ${anchorMedian} ms, map ${firstRenderMs.map?.median} ms, ` +
        `charts ${firstRenderMs.charts?.median} ms, flow ${firstRenderMs.flowGraph?.median} ms` +
        (soaked
          ? `; soak ${soaked.minutes} min: screen heap ${soaked.samples[0].screen.heapMb} → ${soaked.samples.at(-1).screen.heapMb} MB (${round(soaked.screenHeapGrowth * 100, 1)} %), anchor ${round(soaked.anchorHeapGrowth * 100, 1)} %, ${soaked.liveFrames} live frames, target met: ${soaked.met}`
          : '') +
        ` → ${path.relative(ROOT, file)}`,
    );
    return result;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
