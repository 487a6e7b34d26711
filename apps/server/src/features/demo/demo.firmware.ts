import { demoFirmwareImages } from '@voltfleet/simulator';
import type { Db } from '../../db/db.js';
import { listCatalogue, uploadImage } from '../firmware/index.js';
import { userPlace } from './demo.repository.js';
import { firmwareSeededAt, markFirmwareSeeded } from './demo.state.js';

const keyOf = (image: { kind: string; family: string; version: string }) =>
  `${image.kind} ${image.family} ${image.version}`;

/**
 * Seeds the demo's firmware catalogue once per database (demo.json records it), owned by the administrator, so an
 * upgrade can be tried on the demo fleet end to end. Each file goes through the upload's own validation and storage;
 * an image already in the catalogue (a start interrupted half way) is left as it is. Once seeded, the catalogue is
 * its users': an image they delete does not come back on the next start. Returns how many images it added.
 */
export async function seedDemoFirmware(
  db: Db,
  opts: { dataDir: string; log: (m: string) => void; now?: Date },
): Promise<number> {
  if (await firmwareSeededAt(opts.dataDir)) return 0;
  const admin = await userPlace(db, 'admin');
  if (!admin) throw new Error('the demo firmware needs the administrator "admin"');
  const present = new Set((await listCatalogue(db)).map(keyOf));
  let added = 0;
  for (const image of demoFirmwareImages()) {
    if (present.has(keyOf(image))) continue;
    const fields = { kind: image.kind, family: image.family, version: image.version };
    await uploadImage(db, opts.dataDir, admin, fields, { fileName: image.fileName, bytes: image.bytes });
    added += 1;
  }
  await markFirmwareSeeded(opts.dataDir, opts.now ?? new Date());
  opts.log(`Demo firmware catalogue seeded: ${added} images (PCU 4.0.0 and a newer PCU and DSP per inverter model)`);
  return added;
}
