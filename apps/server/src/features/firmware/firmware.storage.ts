import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where image files live: DATA_DIR/firmware/, outside anything the web app serves. */
export function firmwareDir(dataDir: string): string {
  return path.join(dataDir, 'firmware');
}

/** Hex SHA-256 of an image, stored with it so a device (and an operator) can verify what was sent. */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores the bytes under a random name (never the uploader's file name) and returns that name. */
export async function storeImageFile(dataDir: string, bytes: Buffer): Promise<string> {
  const dir = firmwareDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.bin`;
  await writeFile(path.join(dir, name), bytes, { mode: 0o600, flag: 'wx' });
  return name;
}

/** The bytes of a stored image. */
export async function readImageFile(dataDir: string, storageName: string): Promise<Buffer> {
  return readFile(path.join(firmwareDir(dataDir), path.basename(storageName)));
}

/** Removes a stored image; a file already gone is not an error. */
export async function removeImageFile(dataDir: string, storageName: string): Promise<void> {
  await rm(path.join(firmwareDir(dataDir), path.basename(storageName)), { force: true });
}
