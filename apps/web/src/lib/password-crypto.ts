import { ApiError, http } from './http';
import { i18next, loadMessage } from './i18n';
import { notify } from './notice';

interface PublicKeyAnswer {
  publicKey: string;
  algorithm: 'RSA-OAEP-256';
}

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** 32 hex characters from the platform's secure random source. */
export function randomNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Encrypts `{password, nonce, ts}` for the server: base64 of RSA-OAEP-SHA256 with its SPKI public key. */
export async function encryptWithKey(publicKeyPem: string, password: string, now = Date.now()): Promise<string> {
  const key = await crypto.subtle.importKey('spki', pemToDer(publicKeyPem), OAEP, false, ['encrypt']);
  const blob = JSON.stringify({ password, nonce: randomNonce(), ts: now });
  return toBase64(await crypto.subtle.encrypt(OAEP, key, new TextEncoder().encode(blob)));
}

/**
 * Fetches the server's current public key and returns an encrypter for passwords (login, password change,
 * new users). Tells the user and throws when the key cannot be had.
 */
export async function passwordEncrypter(): Promise<(password: string) => Promise<string>> {
  if (!globalThis.crypto?.subtle) {
    // Web Crypto exists only in secure contexts (HTTPS or localhost).
    const text = i18next.t('auth.insecureContext');
    notify('error', text);
    throw new ApiError('error', text, 0, [], true);
  }
  let answer: PublicKeyAnswer;
  try {
    answer = await http.get<PublicKeyAnswer>('/api/auth/public-key', { quiet: true, authRedirect: false });
  } catch {
    // The domain's message catalogue loads only for this rare failure, not with the login page.
    const text = await loadMessage('auth.publicKeyFailed');
    notify('error', text);
    throw new ApiError('error', text, 0, [], true);
  }
  return (password) => encryptWithKey(answer.publicKey, password);
}
