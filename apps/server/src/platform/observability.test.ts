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

describe('the requests being served (app.foreground)', () => {
  it('counts a request until its answer, but neither the probes nor a live socket', async () => {
    const { default: Fastify } = await import('fastify');
    const { observabilityPlugin } = await import('./observability.js');
    const app = Fastify();
    // The probes' database: /readyz only asks it for SELECT 1.
    const db = { query: async () => ({ rows: [] }) } as unknown as Parameters<typeof observabilityPlugin>[1]['db'];
    await app.register(observabilityPlugin, { db });
    const gate = () => {
      let open: () => void = () => undefined;
      const passed = new Promise<void>((resolve) => (open = resolve));
      return { passed, open: () => open() };
    };
    const page = gate();
    const socket = gate();
    let busyInside = false;
    app.get('/page', async () => {
      busyInside = app.foreground.busy;
      await page.passed;
      return { ok: true };
    });
    app.get('/socket', async () => {
      await socket.passed;
      return { closed: true };
    });
    await app.ready();

    const answer = app.inject({ method: 'GET', url: '/page' });
    await new Promise((r) => setTimeout(r, 20));
    expect(busyInside).toBe(true);
    expect(app.foreground.busy).toBe(true);
    page.open();
    expect((await answer).statusCode).toBe(200);
    expect(app.foreground.busy).toBe(false);

    for (const url of ['/healthz', '/readyz']) await app.inject({ method: 'GET', url });
    expect(app.foreground.busy).toBe(false);
    // A live socket stays open as long as its page: it is not an answer anyone waits for.
    const live = app.inject({
      method: 'GET',
      url: '/socket',
      headers: { upgrade: 'websocket', connection: 'upgrade' },
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(app.foreground.busy).toBe(false);
    socket.open();
    await live;
    await app.close();
  });
});
