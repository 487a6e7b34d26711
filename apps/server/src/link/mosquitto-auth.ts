import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEVICE_TOPIC_FILTERS } from '@voltfleet/domain/protocol';
import { SERIAL_NUMBER_PATTERN } from '@voltfleet/domain/devices';
import { hashMosquittoPassword, isMosquittoHash } from './device-secret.js';
import type { DeviceDirectory } from './link.types.js';

/** The platform's own broker login (from MQTT_URL): it reads every device's uplink and writes every command topic. */
export interface PlatformCredentials {
  username: string;
  password: string;
}

export interface MosquittoAuthFiles {
  passwordFile: string;
  aclFile: string;
  devices: number;
  skipped: string[];
}

const PLATFORM_USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Renders a Mosquitto `password_file`: the platform user, then one `sn:$7$…` line per device from the hashes stored at
 * stock-in (no plaintext needed). Entries that are not a valid serial number or `$7$` hash are left out and listed.
 */
export async function renderPasswordFile(
  credentials: { sn: string; passwordHash: string }[],
  platform: PlatformCredentials,
): Promise<{ text: string; devices: number; skipped: string[] }> {
  if (!PLATFORM_USERNAME.test(platform.username)) throw new Error('MQTT platform username: 1-64 of A-Z a-z 0-9 _ . -');
  const lines = [`${platform.username}:${await hashMosquittoPassword(platform.password)}`];
  const skipped: string[] = [];
  const seen = new Set([platform.username]);
  for (const { sn, passwordHash } of credentials) {
    // A serial number can hold no ':' or newline and no ACL wildcard, so it is safe as a user name and as %u.
    if (!SERIAL_NUMBER_PATTERN.test(sn) || !isMosquittoHash(passwordHash) || seen.has(sn)) {
      skipped.push(sn);
      continue;
    }
    seen.add(sn);
    lines.push(`${sn}:${passwordHash}`);
  }
  return { text: `${lines.join('\n')}\n`, devices: lines.length - 1, skipped };
}

/** Renders a Mosquitto `acl_file`: each device writes only `dev/<its sn>/up/#` and reads only `dev/<its sn>/down/#`. */
export function renderAclFile(platformUsername: string): string {
  return [
    '# Written by Voltfleet (apps/server/src/link/mosquitto-auth.ts); regenerate instead of editing.',
    '# Devices: the user name is the serial number.',
    `pattern write ${DEVICE_TOPIC_FILTERS.uplinkTree('%u')}`,
    `pattern read ${DEVICE_TOPIC_FILTERS.downlinkTree('%u')}`,
    '',
    '# The platform: reads every uplink (shared subscription), writes every command topic.',
    `user ${platformUsername}`,
    `topic read ${DEVICE_TOPIC_FILTERS.uplinkTree('+')}`,
    `topic write ${DEVICE_TOPIC_FILTERS.downlinkTree('+')}`,
    '',
  ].join('\n');
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  await chmod(temp, 0o600);
  // Mosquitto re-reads both files on SIGHUP; rename means it never sees half a file.
  await rename(temp, file);
}

/**
 * Writes `passwords` and `acl` into `dir` for an external Mosquitto (`password_file`, `acl_file`) from the device
 * directory. Run it after stock-in, then send Mosquitto SIGHUP to reload.
 */
export async function writeMosquittoAuthFiles(
  directory: Pick<DeviceDirectory, 'listCredentials'>,
  options: { dir: string; platform: PlatformCredentials },
): Promise<MosquittoAuthFiles> {
  await mkdir(options.dir, { recursive: true });
  const passwords = await renderPasswordFile(await directory.listCredentials(), options.platform);
  const passwordFile = path.join(options.dir, 'passwords');
  const aclFile = path.join(options.dir, 'acl');
  await writeAtomically(passwordFile, passwords.text);
  await writeAtomically(aclFile, renderAclFile(options.platform.username));
  return { passwordFile, aclFile, devices: passwords.devices, skipped: passwords.skipped };
}
