import { afterEach, describe, expect, it } from 'vitest';
import { Counter, Registry } from 'prom-client';
import { freePort } from '../link/mosquitto-runner.js';
import { listenForMetrics, maskKioskToken } from './observability.js';

describe('listenForMetrics (METRICS_PORT)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('serves the registry on /metrics and /healthz, and nothing else', async () => {
    const registry = new Registry();
    const stored = new Counter({ name: 'voltfleet_test_stored', help: 'test', registers: [registry] });
    stored.inc(7);
    const port = await freePort();
    close = await listenForMetrics(registry, port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;

    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toBe(registry.contentType);
    expect(await metrics.text()).toMatch(/^voltfleet_test_stored 7$/m);
    // Read at each request, not at start.
    stored.inc(2);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^voltfleet_test_stored 9$/m);

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // The API is not served here, and nothing but GET.
    expect((await fetch(`${base}/api/auth/me`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('closes, so the port is free again', async () => {
    const port = await freePort();
    await (
      await listenForMetrics(new Registry(), port, '127.0.0.1')
    )();
    close = await listenForMetrics(new Registry(), port, '127.0.0.1');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describe('request addresses in the log', () => {
  it.each([
    ['/api/ws?kiosk=AbC-_123', '/api/ws?kiosk=***'],
    ['/api/ws?x=1&kiosk=AbC&y=2', '/api/ws?x=1&kiosk=***&y=2'],
    ['/bigScreen/map?kiosk=tok#top', '/bigScreen/map?kiosk=***#top'],
    ['/api/ws', '/api/ws'],
    ['/api/ws?nokiosk=1', '/api/ws?nokiosk=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(maskKioskToken(url)).toBe(logged);
  });
});
