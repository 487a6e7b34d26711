import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/**
 * PBKDF2 rounds of new hashes: mosquitto_passwd's own default. A device secret is a 192-bit random key, so stretching
 * adds no protection; more rounds would only slow every (re)connect, on our broker and on Mosquitto alike.
 */
export const DEVICE_SECRET_ITERATIONS = 101;
/** Bytes of randomness in a device secret (base64url: 32 characters). */
export const DEVICE_SECRET_BYTES = 24;
const MIN_SECRET_LENGTH = 32;
const MAX_SECRET_LENGTH = 256;
const MAX_ITERATIONS = 1_000_000;
const SALT_BYTES = 12;
const KEY_BYTES = 64;
const HASH_FORMAT = /^\$7\$([1-9]\d{0,6})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** A new random device secret (24 bytes, base64url); never derived from the serial number. */
export function generateDeviceSecret(): string {
  return randomBytes(DEVICE_SECRET_BYTES).toString('base64url');
}

async function derive(password: string, salt: Buffer, iterations: number): Promise<Buffer> {
  return pbkdf2Async(Buffer.from(password, 'utf8'), salt, iterations, KEY_BYTES, 'sha512');
}

/**
 * Hashes any password in Mosquitto's password-file format `$7$<iterations>$<base64 salt>$<base64 PBKDF2-SHA512>`, so
 * the stored hash can be written to an external broker's password file as it is.
 */
export async function hashMosquittoPassword(password: string, iterations = DEVICE_SECRET_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, iterations);
  return `$7$${iterations}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Hashes a device secret for storage at stock-in (Mosquitto `$7$` format); refuses secrets too short to be random. */
export async function hashDeviceSecret(secret: string): Promise<string> {
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH)
    throw new RangeError(`a device secret has ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters`);
  return hashMosquittoPassword(secret);
}

/** True when a stored hash has Mosquitto's `$7$` format (what the password file needs). */
export function isMosquittoHash(hash: string): boolean {
  return HASH_FORMAT.test(hash);
}

/** Checks a secret against a stored `$7$` hash in constant time; false for a malformed hash or an oversized secret. */
export async function verifyDeviceSecret(secret: string, hash: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(hash);
  if (!match || secret.length > MAX_SECRET_LENGTH) return false;
  const iterations = Number(match[1]);
  const salt = Buffer.from(match[2]!, 'base64');
  const expected = Buffer.from(match[3]!, 'base64');
  if (iterations > MAX_ITERATIONS || salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const actual = await derive(secret, salt, iterations);
  return timingSafeEqual(actual, expected);
}
