import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SAVING_FACTORS, type EnergySavingConfig } from '@voltfleet/domain/plants';
import { LANGUAGES, translate, type MessageKey } from '@voltfleet/domain/i18n';
import { localDay } from '@voltfleet/domain/time';
import { type PlantTariffs } from '@voltfleet/domain/tariffs';
import { adminId, api, loginToken, makeRole, makeUser, startTestServer, type TestServer } from '../../test/harness.js';
import { earningsByDay } from './earnings.service.js';
import { savingFactorsByPlant } from './savings.service.js';
import { upsertTariffVersion } from './tariffs.repository.js';

let s: TestServer;
const tokens: Record<string, string> = {};
const plants: Record<string, number> = {};
let dealerId: number;
const DAY_MS = 86_400_000;
const TZ = 'Asia/Shanghai';
const today = () => localDay(Date.now(), TZ);
const dayOffset = (days: number) => localDay(Date.now() + days * DAY_MS, TZ);

const p = (type: number | null, start: string | null, end: string | null, price: number | null) => ({
  type,
  start,
  end,
  price,
});
const VALID = [p(4, '00:00', '07:59', 0.3), p(2, '08:00', '17:59', 1.2), p(3, '18:00', '23:59', 0.8)];

const tariffsUrl = (plant: string) => `/api/plants/${plants[plant]}/tariffs`;
const savingUrl = (plant: string) => `/api/plants/${plants[plant]}/energy-saving`;
const count = async (table: string, plantId: number) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE plant_id = $1`, [plantId])).rows[0]!
    .n;

async function plant(name: string, ownerId: number, currency = 'CNY'): Promise<void> {
  const { rows } = await s.db.query<{ id: number }>(
    `INSERT INTO plants (name, type, power_kw, longitude, latitude, time_zone, currency, owner_id)
     VALUES ($1, 1, 10, 121.47, 31.23, $2, $3, $4) RETURNING id`,
    [name, TZ, currency, ownerId],
  );
  plants[name] = rows[0]!.id;
}

// admin ─┬─ tfDealer (A, A/D and both config functions) ─┬─ Own_Roof
//        │                                               └─ tfViewer (module A only)
//        └─ tfOther (same role) ─── Other_Roof
beforeAll(async () => {
  s = await startTestServer();
  const root = await adminId(s.db);
  const editor = await makeRole(s.db, 'TariffEditor', ['A', 'A/D', 'A/D:tariff.edit', 'A/D:saving.edit'], root);
  const viewer = await makeRole(s.db, 'PlantReader', ['A'], root);
  const dealer = await makeUser(s.db, { username: 'tfDealer', roleId: editor, superiorId: root });
  const reader = await makeUser(s.db, { username: 'tfViewer', roleId: viewer, superiorId: dealer.id });
  const other = await makeUser(s.db, { username: 'tfOther', roleId: editor, superiorId: root });
  dealerId = dealer.id;
  await plant('Own_Roof', dealer.id);
  await plant('Other_Roof', other.id, 'EUR');
  // The reader sees the plant as one of its affiliated accounts.
  await s.db.query('INSERT INTO plant_users (plant_id, user_id) VALUES ($1, $2)', [plants.Own_Roof!, reader.id]);
  for (const u of ['tfDealer', 'tfViewer', 'tfOther']) tokens[u] = await loginToken(s.app, u, 'Passw0rd-1');
});
afterAll(async () => s.close());

describe('tariff rules through the route', () => {
  const cases: [string, unknown[], MessageKey][] = [
    ['no type', [p(null, '00:00', '23:59', 1)], 'tariff.typeRequired'],
    ['no period', [p(3, null, null, 1)], 'tariff.periodRequired'],
    ['an incomplete period', [p(3, '00:00', null, 1)], 'tariff.periodIncomplete'],
    ['no price', [p(3, '00:00', '23:59', null)], 'tariff.priceRequired'],
    ['start after end', [p(3, '00:00', '11:59', 1), p(2, '23:59', '12:00', 1)], 'tariff.startBeforeEnd'],
    ['an overlap', [p(3, '00:00', '12:00', 1), p(2, '11:00', '23:59', 1)], 'tariff.overlap'],
    ['a late first start', [p(3, '01:00', '23:59', 1)], 'tariff.firstAtMidnight'],
    ['a gap', [p(3, '00:00', '11:59', 1), p(2, '12:01', '23:59', 1)], 'tariff.contiguous'],
    ['a short day', [p(3, '00:00', '22:59', 1)], 'tariff.fullDay'],
    [
      'eleven periods',
      Array.from({ length: 11 }, (_, i) => p(3, `${String(i * 2).padStart(2, '0')}:00`, '23:59', 1)),
      'tariff.tooMany',
    ],
    ['a negative price', [p(3, '00:00', '23:59', -1)], 'validation.nonNegativeNumber'],
    ['a bad time', [p(3, '00:00', '23:60', 1)], 'tariff.timeFormat'],
  ];

  it.each(cases.map(([name, periods, key], i) => [name, key, LANGUAGES[i % LANGUAGES.length]!, periods] as const))(
    'rejects %s with its own message %s (%s) and stores nothing',
    async (_name, key, lang, periods) => {
      const res = await api(s.app, 'POST', tariffsUrl('Own_Roof'), {
        token: tokens.tfDealer,
        lang,
        body: { effectiveFrom: today(), periods },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.msg).toBe(translate(key, lang));
      expect(await count('tariff_versions', plants.Own_Roof!)).toBe(0);
    },
  );

  it('rejects an effective date before the plant-local today, saying which day is today', async () => {
    const res = await api(s.app, 'POST', tariffsUrl('Own_Roof'), {
      token: tokens.tfDealer,
      lang: 'de',
      body: { effectiveFrom: dayOffset(-1), periods: VALID },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(translate('tariff.effectiveDatePast', 'de', { today: today() }));
    expect(await count('tariff_versions', plants.Own_Roof!)).toBe(0);
  });
});

describe('tariff versions', () => {
  it('saves a valid day from today, lists it as current, and a future one as future', async () => {
    const saved = await api<PlantTariffs>(s.app, 'POST', tariffsUrl('Own_Roof'), {
      token: tokens.tfDealer,
      body: { effectiveFrom: today(), periods: [VALID[2], VALID[0], VALID[1]] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Saved');
    const future = await api<PlantTariffs>(s.app, 'POST', tariffsUrl('Own_Roof'), {
      token: tokens.tfDealer,
      body: { effectiveFrom: dayOffset(30), periods: [p(3, '00:00', '23:59', 0.9)] },
    });
    expect(future.status).toBe(200);
    const { body } = await api<PlantTariffs>(s.app, 'GET', tariffsUrl('Own_Roof'), { token: tokens.tfViewer });
    expect(body.data).toMatchObject({ plantId: plants.Own_Roof, timeZone: TZ, today: today(), currency: 'CNY' });
    expect(body.data.versions.map((v) => [v.effectiveFrom, v.state])).toEqual([
      [dayOffset(30), 'future'],
      [today(), 'current'],
    ]);
    expect(body.data.versions[1]!.periods).toEqual(VALID);
    expect(body.data.versions[1]).toMatchObject({ currency: 'CNY', createdBy: 'tfDealer' });
    const audit = await s.db.query(`SELECT 1 FROM operation_records WHERE action = 'tariff.save' AND ok`);
    expect(audit.rows.length).toBe(2);
  });

  it('deletes a future version but refuses one in effect', async () => {
    const { body } = await api<PlantTariffs>(s.app, 'GET', tariffsUrl('Own_Roof'), { token: tokens.tfDealer });
    const [future, current] = body.data.versions;
    const refused = await api(s.app, 'DELETE', `${tariffsUrl('Own_Roof')}/${current!.tariffId}`, {
      token: tokens.tfDealer,
      lang: 'cs',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(translate('tariff.deleteInEffect', 'cs'));
    const deleted = await api<PlantTariffs>(s.app, 'DELETE', `${tariffsUrl('Own_Roof')}/${future!.tariffId}`, {
      token: tokens.tfDealer,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.versions.map((v) => v.tariffId)).toEqual([current!.tariffId]);
    const otherPlants = await api(s.app, 'DELETE', `${tariffsUrl('Other_Roof')}/${current!.tariffId}`, {
      token: tokens.tfOther,
    });
    expect(otherPlants.status).toBe(404);
  });

  it('keeps earnings of past days when a new version is saved today', async () => {
    await plant('Change_Roof', dealerId);
    const id = plants.Change_Roof!;
    const yesterday = dayOffset(-1);
    // The version that was saved back then (the route only accepts dates from today on).
    await upsertTariffVersion(s.db, {
      plantId: id,
      effectiveFrom: yesterday,
      currency: 'CNY',
      userId: dealerId,
      periods: [{ type: 3, startMinute: 0, endMinute: 1439, price: 1 }],
    });
    for (const day of [yesterday, today()]) {
      await s.db.query(
        `INSERT INTO plant_energy_5m (plant_id, bucket, load_kwh) VALUES ($1, ($2::date + time '12:00') AT TIME ZONE $3, 4)`,
        [id, day, TZ],
      );
      await s.db.query(`INSERT INTO plant_energy_day (plant_id, day, load_kwh) VALUES ($1, $2, 4)`, [id, day]);
    }
    const amounts = async () => (await earningsByDay(s.db, [id], yesterday, today())).map((e) => e.amount);
    expect(await amounts()).toEqual([4, 4]);
    const res = await api(s.app, 'POST', `/api/plants/${id}/tariffs`, {
      token: tokens.tfDealer,
      body: { effectiveFrom: today(), periods: [p(1, '00:00', '23:59', 2.5)] },
    });
    expect(res.status).toBe(200);
    expect(await amounts()).toEqual([4, 10]);
  });
});

describe('scope and permissions', () => {
  it.each([
    ['GET', 'tariffs'],
    ['POST', 'tariffs'],
    ['GET', 'energy-saving'],
    ['POST', 'energy-saving'],
    ['PUT', 'energy-saving'],
    ['DELETE', 'energy-saving'],
  ] as const)("%s %s of another branch's plant answers like a missing plant", async (method, path) => {
    const body =
      method === 'POST' && path === 'tariffs'
        ? { effectiveFrom: today(), periods: VALID }
        : method === 'GET' || method === 'DELETE'
          ? undefined
          : DEFAULT_SAVING_FACTORS;
    for (const id of [plants.Other_Roof!, 999_999]) {
      const res = await api(s.app, method, `/api/plants/${id}/${path}`, { token: tokens.tfDealer, body });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('Cannot find this plant');
    }
    expect(await count('tariff_versions', plants.Other_Roof!)).toBe(0);
    expect(await count('plant_energy_saving', plants.Other_Roof!)).toBe(0);
  });

  it('lets a reader read but not change', async () => {
    expect((await api(s.app, 'GET', savingUrl('Own_Roof'), { token: tokens.tfViewer })).status).toBe(200);
    const changes = [
      api(s.app, 'POST', tariffsUrl('Own_Roof'), {
        token: tokens.tfViewer,
        body: { effectiveFrom: dayOffset(5), periods: VALID },
      }),
      api(s.app, 'POST', savingUrl('Own_Roof'), { token: tokens.tfViewer, body: DEFAULT_SAVING_FACTORS }),
      api(s.app, 'DELETE', savingUrl('Own_Roof'), { token: tokens.tfViewer }),
    ];
    for (const res of await Promise.all(changes)) expect(res.status).toBe(403);
    expect(await count('plant_energy_saving', plants.Own_Roof!)).toBe(0);
  });
});

describe('energy-saving configuration', () => {
  const factors = { coalKgPerKwh: 0.32, co2KgPerKwh: 0.8, treesPerKwh: 0.04 };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: unknown, lang = 'en') =>
    api<EnergySavingConfig>(s.app, method, savingUrl('Own_Roof'), { token: tokens.tfDealer, body, lang });

  it('starts at the defaults and cannot be edited before it is added', async () => {
    const { body } = await call('GET');
    expect(body.data).toMatchObject({ configured: null, effective: DEFAULT_SAVING_FACTORS });
    const edit = await call('PUT', factors, 'zh');
    expect(edit.status).toBe(404);
    expect(edit.body.msg).toBe(translate('saving.notConfigured', 'zh'));
  });

  it.each([
    ['zero coal', { ...factors, coalKgPerKwh: 0 }, 'validation.positiveNumber'],
    ['too much CO2', { ...factors, co2KgPerKwh: 11 }, 'validation.exceedsLimit'],
    ['a missing factor', { coalKgPerKwh: 0.3, co2KgPerKwh: 0.8 }, 'validation.positiveNumber'],
  ] as const)('rejects %s and stores nothing', async (_name, body, key) => {
    const res = await call('POST', body, 'de');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(translate(key, 'de', { max: 10 }));
    expect(await count('plant_energy_saving', plants.Own_Roof!)).toBe(0);
  });

  it('adds, refuses a second add, edits and deletes back to the defaults', async () => {
    const added = await call('POST', factors);
    expect(added.status).toBe(200);
    expect(added.body.data.effective).toEqual(factors);
    expect(added.body.data.configured).toMatchObject({ ...factors, updatedBy: 'tfDealer' });
    expect((await savingFactorsByPlant(s.db, [plants.Own_Roof!, plants.Other_Roof!])).get(plants.Own_Roof!)).toEqual(
      factors,
    );
    const again = await call('POST', factors);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(translate('saving.exists', 'en'));
    const edited = await call('PUT', { ...factors, treesPerKwh: 0.05 });
    expect(edited.body.data.effective.treesPerKwh).toBe(0.05);
    const deleted = await call('DELETE');
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ configured: null, effective: DEFAULT_SAVING_FACTORS });
    const map = await savingFactorsByPlant(s.db, [plants.Own_Roof!, plants.Other_Roof!]);
    expect([...map.values()]).toEqual([DEFAULT_SAVING_FACTORS, DEFAULT_SAVING_FACTORS]);
    const audit = await s.db.query<{ action: string }>(
      `SELECT action FROM operation_records WHERE action LIKE 'saving.%' AND ok ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['saving.add', 'saving.edit', 'saving.delete']);
  });
});
