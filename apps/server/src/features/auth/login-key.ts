import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { passwordBlobSchema, type PasswordBlob } from '@voltfleet/domain/auth';
import type { Db } from '../../db/db.js';
import { serverSecret, storeServerSecretOnce } from './auth.repository.js';

export interface LoginKey {
  publicKeyPem: string;
  privateKey: KeyObject;
}

const LOGIN_KEY_SECRET = 'login_rsa_private';

/**
 * The RSA-2048 key the browser encrypts passwords with. Kept in the database so every server process shares it;
 * the first process to start creates it.
 */
export async function loadLoginKey(db: Db): Promise<LoginKey> {
  let pem = await serverSecret(db, LOGIN_KEY_SECRET);
  if (!pem) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fresh = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Two processes starting together: the first stored key wins, and both use it.
    pem = await storeServerSecretOnce(db, LOGIN_KEY_SECRET, fresh);
  }
  const privateKey = createPrivateKey(pem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, privateKey };
}

/** Decrypts an RSA-OAEP-SHA256 password blob; undefined when it is not one of ours. */
export function decryptPasswordBlob(key: LoginKey, blob: string): PasswordBlob | undefined {
  try {
    const plain = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(blob, 'base64'),
    );
    const parsed = passwordBlobSchema.safeParse(JSON.parse(plain.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
