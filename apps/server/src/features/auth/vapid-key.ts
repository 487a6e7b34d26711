import { createECDH } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { serverSecret, storeServerSecretOnce } from './auth.repository.js';

/** The Web Push signing key (VAPID, RFC 8292): base64url as web-push takes it; the public key is what browsers get. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const VAPID_SECRET = 'vapid_p256_keys';

/** The public point (uncompressed, base64url) of a base64url P-256 private scalar; throws when it is not one. */
export function vapidPublicOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

function freshPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/**
 * The VAPID key pair, like the login key: the configured pair (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), else the one
 * kept in the database, which the first process to start creates (two starting together agree on the first stored).
 * A configured pair whose halves do not belong together is refused at start.
 */
export async function loadVapidKeys(
  db: Db,
  config: { vapidPublicKey: string | undefined; vapidPrivateKey: string | undefined; vapidSubject: string },
): Promise<VapidKeys> {
  const subject = config.vapidSubject;
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    if (vapidPublicOf(config.vapidPrivateKey) !== config.vapidPublicKey)
      throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  }
  let stored = await serverSecret(db, VAPID_SECRET);
  if (!stored) stored = await storeServerSecretOnce(db, VAPID_SECRET, JSON.stringify(freshPair()));
  const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject };
}
