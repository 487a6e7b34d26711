import { expect, onTestFinished, vi } from 'vitest';
import type { ResponseCode } from '@voltfleet/domain/envelope';

/** One request the app sent, as the server would read it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
}

/** A server answer: status and envelope. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

type Route = FakeAnswer | ((call: ApiCall) => FakeAnswer | Promise<FakeAnswer>);

/** A successful envelope. */
export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { code: 'ok', msg: 'ok', data } });

/** A refusal envelope, e.g. refused(401, 'unauthorized', 'Wrong username or password'). */
export const refused = (status: number, code: ResponseCode, msg: string, data: unknown = null): FakeAnswer => ({
  status,
  body: { code, msg, data },
});

/**
 * Replaces fetch (the network boundary under lib/http.ts) with a fake server: `routes` maps "METHOD /path" to an
 * answer or a function of the call. Every call is recorded; a call no route answers fails the test when it ends
 * (it is answered with a 404 envelope meanwhile, so the app does not hang).
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const unrouted: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://voltfleet.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) unrouted.push(`${method} ${url.pathname}`);
    const answer = !route
      ? refused(404, 'not_found', 'no such route in the fake')
      : typeof route === 'function'
        ? await route(call)
        : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  onTestFinished(() => expect(unrouted, 'requests no fake route answered').toEqual([]));
  return {
    calls,
    /** The calls to one "METHOD /path". */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
