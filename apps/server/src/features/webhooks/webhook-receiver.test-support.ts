import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  /** What the next request is answered with (200 "ok" by default); null holds it open, unanswered. */
  respond: (r: Received) => { status: number; body?: string; headers?: Record<string, string> } | null;
  reset(): void;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 (node:http), as a subscriber would run one. */
export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const ok = () => ({ status: 200, body: 'ok' });
  const receiver: Receiver = {
    url: '',
    port: 0,
    requests,
    respond: ok,
    reset() {
      requests.length = 0;
      receiver.respond = ok;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Requests held open would keep the server from closing.
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(r);
      const answer = receiver.respond(r);
      if (answer === null) return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

/** The three Standard Webhooks headers of a received request, as verifyWebhook takes them. */
export function signedHeaders(r: Received) {
  const one = (name: string) => {
    const v = r.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  return { id: one('webhook-id'), timestamp: one('webhook-timestamp'), signature: one('webhook-signature') };
}
