import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VettedTarget } from './outbound-target.js';

/** One attempt's outcome as the delivery log keeps it. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  ms: number;
  body: string;
}

export interface PostOptions {
  /** The whole attempt, connect to last byte (10 s). */
  timeoutMs: number;
  /** At most this much of the answer is read, then the connection is dropped (64 KiB). */
  maxResponseBytes: number;
  /** How much of it the log keeps. */
  logChars: number;
}

export const DEFAULT_POST: PostOptions = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024, logChars: 1024 };

/**
 * POSTs one body to a vetted target (a webhook's, a push service's), connecting to the checked address whatever the
 * name resolves to now (the `lookup` hands back that address; TLS still verifies the certificate for the name). A 2xx
 * is success; a 3xx is a failure whose Location is logged and never followed; anything else, a timeout or a connection
 * error too. The caller gives every header but the length (content type and user agent included).
 */
export function postToTarget(
  target: VettedTarget,
  headers: Record<string, string>,
  body: string | Buffer,
  options: PostOptions = DEFAULT_POST,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Node may ask for every address (autoSelectFamily): it gets the one that was checked, either way.
  const lookup = ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const request = target.url.protocol === 'https:' ? https.request : http.request;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: elapsed() });
    };
    const req = request(
      target.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (truncated: boolean) => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, options.logChars);
          const redirect = status >= 300 && status < 400;
          const error = redirect
            ? `redirect not followed (${String(res.headers.location ?? '').slice(0, 200)})`
            : status >= 200 && status < 300
              ? null
              : `HTTP ${status}`;
          finish({ ok: error === null, status, error: truncated && error === null ? null : error, body: text });
        };
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= options.maxResponseBytes) chunks.push(chunk);
          else {
            // Enough read: the rest of a huge answer is never downloaded.
            chunks.push(chunk.subarray(0, chunk.length - (size - options.maxResponseBytes)));
            done(true);
            req.destroy();
          }
        });
        res.on('end', () => done(false));
        res.on('error', (err) => finish({ ok: false, status, error: err.message, body: '' }));
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: `timed out after ${options.timeoutMs} ms`, body: '' });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err) => finish({ ok: false, status: null, error: err.message.slice(0, 500), body: '' }));
    req.end(body);
  });
}
