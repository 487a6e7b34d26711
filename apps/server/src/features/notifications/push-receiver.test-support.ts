/**
 * A push service and a browser for the push tests: a node:http server on 127.0.0.1 that records what it is sent and
 * answers the statuses it is told to, a subscription's keys as a browser makes them (P-256 and a 16-byte auth
 * secret), RFC 8291 decryption of a payload with them, and the check of the VAPID Authorization header (RFC 8292).
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  url: string;
  requests: PushRequest[];
  /** Statuses to answer next, in order (then 201). */
  answers: number[];
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const requests: PushRequest[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts) });
      res.statusCode = answers.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys: the private half stays here, the public ones go to the server. */
export function browserKeys(): { p256dh: string; auth: string; privateKey: Buffer; publicKey: Buffer; secret: Buffer } {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const secret = randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: secret.toString('base64url'),
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    secret,
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) as the browser would; one record. */
export function decryptPush(body: Buffer, keys: { privateKey: Buffer; publicKey: Buffer; secret: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, asPublic]);
  const ikm = hkdf(keys.secret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // Padding: the last record ends with 0x02 and any number of zero bytes.
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error('not the last record');
  return plain.subarray(0, end - 1).toString('utf8');
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>`: the key is the server's, the ES256 signature verifies with
 * it, the audience is the endpoint's origin and it has not expired. Returns the JWT's claims.
 */
export function verifyVapid(
  header: string | undefined,
  serverPublicKey: string,
  endpoint: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid header: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== serverPublicKey) throw new Error('another key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== new URL(endpoint).origin) throw new Error(`audience ${body.aud}`);
  if (body.exp * 1000 < Date.now()) throw new Error('expired');
  return body;
}
