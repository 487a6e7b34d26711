// Issue 15: operation records name their objects for the reader, only where the reader may see the object now, and
// keep what an edit changed; every action a route records has a sentence to read.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecordAction, recordActionOf, type OperationRecord } from '@voltfleet/domain/records';
import {
  TEST_ADMIN_PASSWORD,
  adminId,
  api,
  loginToken,
  makePlant,
  makeRole,
  makeUser,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';

let s: TestServer;
const tokens: Record<string, string> = {};
let plantQ = 0;

/** The plant's own fields as the edit form sends them back, with a new address. */
const INPUT_KEYS = [
  'name',
  'type',
  'powerKw',
  'capacityKwh',
  'longitude',
  'latitude',
  'azimuthDeg',
  'inclinationDeg',
  'currency',
  'onGridType',
  'timeZone',
  'constructionDate',
];

const records = async (who: string) =>
  (
    await api<{ items: OperationRecord[] }>(s.app, 'GET', '/api/records/operations?pageSize=200', {
      token: tokens[who],
    })
  ).body.data.items;
const plantEdits = async (who: string) =>
  (await records(who)).filter((r) => r.action === 'plant.update' && r.objectId === String(plantQ));

beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const editor = await makeRole(s.db, 'Plant editor', ['A', 'A:plant.edit', 'D', 'D/D']);
  // dealerA owns plant Q; userC (below dealerB) is affiliated to it and edits it; dealerB reads userC's records but
  // may not see plant Q itself.
  const dealerA = await makeUser(s.db, { username: 'namesA', roleId: editor, superiorId: root });
  const dealerB = await makeUser(s.db, { username: 'namesB', roleId: editor, superiorId: root });
  const userC = await makeUser(s.db, { username: 'namesC', roleId: editor, superiorId: dealerB.id, level: 2 });
  plantQ = await makePlant(s.db, 'Suzhou_roof', dealerA.id);
  await s.db.query(`INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)`, [plantQ, userC.id]);
  tokens.admin = await loginToken(s.app, 'admin', TEST_ADMIN_PASSWORD);
  tokens.namesB = await loginToken(s.app, 'namesB', 'Passw0rd-1');
  tokens.namesC = await loginToken(s.app, 'namesC', 'Passw0rd-1');
  const plant = (await api<Record<string, unknown>>(s.app, 'GET', `/api/plants/${plantQ}`, { token: tokens.namesC }))
    .body.data;
  const body = { ...Object.fromEntries(INPUT_KEYS.map((k) => [k, plant[k]])), address: 'Ganjiang Road 88' };
  const edited = await api(s.app, 'PUT', `/api/plants/${plantQ}`, { token: tokens.namesC, body });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
});
afterAll(() => s.close());

describe('record names and changes', () => {
  it('keeps the fields an edit changed, before → after, and nothing that stayed', async () => {
    const [edit] = await plantEdits('admin');
    expect(edit!.changes).toEqual({ address: { from: 'Street 1', to: 'Ganjiang Road 88' } });
  });

  it('names the object for a reader who may see it, the editor and the superior of its owner', async () => {
    expect((await plantEdits('namesC'))[0]!.objectName).toBe('Suzhou_roof');
    expect((await plantEdits('admin'))[0]!.objectName).toBe('Suzhou_roof');
    // Users are named too: the login record of namesC, for namesB above them.
    const login = (await records('namesB')).find((r) => r.action === 'auth.login' && r.username === 'namesC');
    expect(login!.objectName).toBe('namesC');
  });

  it('never names an object the reader may not see, though the record is in their subtree', async () => {
    const [edit] = await plantEdits('namesB');
    expect(edit).toMatchObject({ username: 'namesC', objectType: 'plant', objectName: null });
  });

  it('names an object as it is called now, and not at all once it is gone', async () => {
    await s.db.query(`UPDATE plants SET name = 'Suzhou_east' WHERE id = $1`, [plantQ]);
    expect((await plantEdits('admin'))[0]!.objectName).toBe('Suzhou_east');
    await s.db.query(`DELETE FROM plant_users WHERE plant_id = $1`, [plantQ]);
    await s.db.query(`DELETE FROM plants WHERE id = $1`, [plantQ]);
    expect((await plantEdits('admin'))[0]!.objectName).toBeNull();
  });

  it('reads records written before changes were kept', async () => {
    await s.db.query(
      `INSERT INTO operation_records (user_id, username, user_path, ip, action, category, object_type, object_id, params, ok)
       SELECT id, username, path, '192.0.2.9', 'plant.update', 'plant', 'plant', '999999', '{"address":"Old"}', true
         FROM users WHERE username = 'admin'`,
    );
    const old = (await records('admin')).find((r) => r.objectId === '999999');
    expect(old).toMatchObject({ changes: null, objectName: null, params: { address: 'Old' } });
  });
});

describe('record actions', () => {
  it('has a sentence for every action a route records', () => {
    const features = fileURLToPath(new URL('../', import.meta.url));
    const actions = readdirSync(features, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.routes.ts'))
      .flatMap((f) => [
        ...readFileSync(join(features, f), 'utf8').matchAll(
          /audit\('([\w.]+)'\)|action: '([\w.]+)'|savingChange\('([\w.]+)'\)/g,
        ),
      ])
      .map((m) => m[1] ?? m[2] ?? m[3]!);
    expect(actions.length).toBeGreaterThan(45);
    const unknown = actions.filter((a) => !isRecordAction(recordActionOf(a, {})));
    expect(unknown).toEqual([]);
  });
});
