import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { joinPhone } from '@voltfleet/domain/validation';
import type { DemoFleetConfig } from '@voltfleet/simulator';
import { insertInstalledDevice } from '../devices/index.js';
import { insertPlantRecord as insertPlant, setAffiliatedUsers } from '../plants/index.js';
import { builtinRoleIds, deviceExists, userPlace } from './demo.repository.js';
import { seedDemoPlantConfig } from '../tariffs/index.js';
import type { Db } from '../../db/db.js';
import { generateDeviceSecret, hashDeviceSecret } from '../../link/device-secret.js';
import { insertUserRecord as insertUser } from '../users/index.js';

/** What the running demo needs to connect its simulated devices: each serial number's MQTT secret. */
export interface DemoCredentials {
  secrets: Record<string, string>;
  users: Record<string, string>;
}

const ROLE_BY_LEVEL: Record<number, string> = { 1: 'dealer', 2: 'engineering', 3: 'personal' };

/**
 * Seeds the demo fleet once: its dealers, installers and owners below the administrator, their plants and devices
 * with fresh random MQTT secrets. Secrets and the demo users' passwords are kept in `<dataDir>/demo.json` (mode 600)
 * so the simulator can reconnect after a restart; a second call only reads that file.
 */
export async function seedDemo(
  db: Db,
  config: DemoFleetConfig,
  opts: { dataDir: string; hash: (p: string) => Promise<string>; log: (m: string) => void },
): Promise<DemoCredentials> {
  const file = path.join(opts.dataDir, 'demo.json');
  if (await deviceExists(db, config.devices[0]!.sn)) return JSON.parse(await readFile(file, 'utf8')) as DemoCredentials;

  const creds: DemoCredentials = { secrets: {}, users: {} };
  await db.transaction(async (tx) => {
    const admin = (await userPlace(tx, 'admin'))!;
    const roles = await builtinRoleIds(tx);
    const users = new Map<string, { id: number; path: string; code: string }>([['admin', admin]]);
    for (const u of [...config.users].sort((a, b) => a.level - b.level)) {
      const superior = users.get(u.superior ?? 'admin')!;
      const password = `Demo-${randomBytes(6).toString('base64url')}`;
      await insertUser(tx, {
        username: u.username,
        passwordHash: await opts.hash(password),
        name: u.name,
        email: u.email,
        phone: u.phone ? joinPhone(u.prePhoneCode, u.phone) : '',
        company: u.level < 3 ? u.name : '',
        remark: 'demo account',
        level: u.level,
        enabled: true,
        roleId: roles.get(ROLE_BY_LEVEL[u.level] ?? 'personal')!,
        superiorId: superior.id,
        superiorPath: superior.path,
        parentCustomerCode: superior.code,
      });
      users.set(u.username, (await userPlace(tx, u.username))!);
      creds.users[u.username] = password;
    }
    const plantIds = new Map<string, number>();
    for (const p of config.plants) {
      const owner = users.get(p.owner) ?? admin;
      const plantId = await insertPlant(tx, { ...p, ownerId: owner.id });
      plantIds.set(p.id, plantId);
      // The tariff the simulated plant pays, in effect since it was built, so the demo shows earnings.
      await seedDemoPlantConfig(tx, {
        plantId,
        currency: p.currency,
        effectiveFrom: p.constructionDate,
        userId: owner.id,
        tariff: p.tariff,
      });
      const installer = p.installer ? users.get(p.installer) : undefined;
      if (installer) await setAffiliatedUsers(tx, plantId, [installer.id]);
    }
    // A device's data arrive through another (a battery's through its inverter, an inverter's through its
    // collector): that one goes in first, so each device can name it (devices.reports_via, the status rule).
    const deviceIds = new Map<string, number>();
    const insertOrder = { collector: 0, inverter: 1, battery: 2 } as const;
    for (const d of [...config.devices].sort((a, b) => insertOrder[a.kind] - insertOrder[b.kind])) {
      const plant = config.plants.find((p) => p.id === d.plantId)!;
      // Devices are held by the installer who built the plant (or its owner).
      const holder = users.get(plant.installer ?? plant.owner) ?? admin;
      const secret = d.kind === 'inverter' ? generateDeviceSecret() : undefined;
      if (secret) creds.secrets[d.sn] = secret;
      const via = d.kind === 'battery' ? d.inverterSn : d.kind === 'inverter' ? d.collectorSn : undefined;
      const id = await insertInstalledDevice(tx, {
        sn: d.sn,
        kind: d.kind,
        model: d.kind === 'battery' ? (d.model ?? 'LFP') : d.model,
        batteryModel: d.kind === 'battery' ? (d.model ?? '') : '',
        installationPosition: d.kind === 'inverter' ? (d.installationPosition ?? '') : '',
        ownerId: holder.id,
        plantId: plantIds.get(d.plantId)!,
        pcuVersion: d.kind === 'inverter' ? d.pcuVersion : '',
        dspVersion: d.kind === 'inverter' ? d.dspVersion : '',
        secretHash: secret ? await hashDeviceSecret(secret) : null,
        reportsVia: via === undefined ? null : (deviceIds.get(via) ?? null),
      });
      deviceIds.set(d.sn, id);
    }
  });
  await mkdir(opts.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(creds, null, 2), { mode: 0o600 });
  opts.log(
    `Demo fleet seeded: ${config.plants.length} plants, ${config.devices.length} devices, ${config.users.length} users (passwords in ${file})`,
  );
  return creds;
}
