// The deployment's front door for the benchmark (docs/deploy.md §5: Caddy or nginx with TLS and HTTP/2 in front of
// the http processes): a TLS + HTTP/2 proxy on loopback, with a self-signed certificate made for the run by the
// system's openssl. A browser speaks HTTP/2 to it (every request of a page on one connection, none queued behind the
// six connections a browser opens to an HTTP/1.1 host); WebSocket upgrades (HTTP/1.1) are passed through as bytes.
// Answers are passed as the app sends them (its compressed copies included), headers and all.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Headers HTTP/2 forbids in an answer (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voltfleet-h2-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the proxy to `target` (http://127.0.0.1:port); resolves to { baseUrl, close() }. */
export async function startH2Proxy(target) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true });
  server.on('request', (req, res) => {
    const headers = { ...req.headers };
    for (const name of Object.keys(headers)) if (name.startsWith(':')) delete headers[name];
    headers.host = upstream.host;
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  // WebSocket (/api/ws): HTTP/1.1 upgrade over TLS, relayed byte for byte.
  server.on('upgrade', (req, socket, head) => {
    const link = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      link.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) link.write(head);
      link.pipe(socket);
      socket.pipe(link);
    });
    const end = () => {
      link.destroy();
      socket.destroy();
    };
    link.on('error', end);
    socket.on('error', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open HTTP/2 sessions and relayed sockets would keep close() waiting.
        setTimeout(resolve, 1000).unref();
      }),
  };
}
