import { describe, expect, it } from 'vitest';
import { encryptWithKey, randomNonce } from './password-crypto';

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { ...OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

describe('password encryption', () => {
  it('produces base64 RSA-OAEP-SHA256 over {password, nonce, ts} that the private key opens', async () => {
    const { pem, privateKey } = await keyPair();
    const blob = await encryptWithKey(pem, 'Secret#12 ü', 1700000000000);
    expect(blob).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const plain = await crypto.subtle.decrypt(OAEP, privateKey, Buffer.from(blob, 'base64'));
    const parsed = JSON.parse(new TextDecoder().decode(plain)) as { password: string; nonce: string; ts: number };
    expect(parsed.password).toBe('Secret#12 ü');
    expect(parsed.ts).toBe(1700000000000);
    expect(parsed.nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it('uses a fresh nonce every time', () => {
    expect(randomNonce()).not.toBe(randomNonce());
  });
});
