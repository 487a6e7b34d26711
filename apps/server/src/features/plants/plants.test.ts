import { describe, expect, it } from 'vitest';
import type { Plant } from '@voltfleet/domain/plants';
import { api, loginToken, makeRole, makeUser } from '../../test/harness.js';
import {
  usePlantWorld,
  s,
  users,
  plants,
  tokens,
  now,
  input,
  list,
  names,
  count,
  setAlarm,
} from '../../test/plant-world.js';

usePlantWorld();

describe('GET /api/plants', () => {
  it('lists the plants of the caller’s subtree with status, devices, owner and refresh time', async () => {
    const res = await list(tokens.plDealerA!);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Brno_Sklad', 'Prague_Roof']);
    const prague = res.body.data.find((p) => p.name === 'Prague_Roof');
    expect(prague).toMatchObject({
      plantId: plants.Prague_Roof,
      type: 1,
      powerKw: 10,
      capacityKwh: 20,
      longitude: 14.4,
      latitude: 50.1,
      address: 'Vinohradská 12, Praha',
      timeZone: 'Europe/Prague',
      constructionDate: '2023-01-02',
      ownerId: users.a,
      ownerName: 'plDealerA',
      affiliatedUserIds: [],
      status: 'alarm',
      activeAlarms: { count: 1, maxSeverity: 'critical' },
      deviceCount: 3,
      refreshedAt: new Date(now - 300_000).toISOString(),
    });
    expect(res.body.data.find((p) => p.name === 'Brno_Sklad')).toMatchObject({
      status: 'offline',
      activeAlarms: { count: 0, maxSeverity: null },
      deviceCount: 0,
      refreshedAt: null,
    });
  });

  it('adds plants the caller is affiliated to, and the administrator sees every plant', async () => {
    expect(names((await list(tokens.plOwnerC!)).body.data)).toEqual(['Berlin_Barn']);
    expect(names((await list(tokens.plDealerB!)).body.data)).toEqual(['Berlin_Barn']);
    expect(names((await list(tokens.admin!)).body.data)).toEqual(
      expect.arrayContaining(['Berlin_Barn', 'Brno_Sklad', 'Prague_Roof']),
    );
  });

  it.each([
    ['?status=all', ['Brno_Sklad', 'Prague_Roof']],
    ['?status=online', ['Prague_Roof']],
    ['?status=alarm', ['Prague_Roof']],
    ['?status=normal', []],
    ['?status=offline', ['Brno_Sklad']],
    ['?type=2', ['Brno_Sklad']],
    ['?type=3', []],
    ['?q=prague', ['Prague_Roof']],
    ['?q=VINOHRADSKÁ', ['Prague_Roof']],
    ['?q=50%25', ['Brno_Sklad']],
    ['?q=%25', ['Brno_Sklad']],
    ['?q=a_H', ['Brno_Sklad']],
    ['?q=_', ['Brno_Sklad', 'Prague_Roof']],
    ['?q=Berlin', []],
    ['?status=online&type=2', []],
  ])('filters %s', async (query, expected) => {
    const res = await list(tokens.plDealerA!, query);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(expected);
  });

  it('turns the status to normal once the alarm clears', async () => {
    await setAlarm('VFPLA00002', plants.Prague_Roof!, 'critical', 'recovered');
    expect(names((await list(tokens.plDealerA!, '?status=normal')).body.data)).toEqual(['Prague_Roof']);
    // A minor alarm shows on the badge but leaves the plant normal.
    await setAlarm('VFPLA00002', plants.Prague_Roof!, 'minor', 'active');
    const normal = (await list(tokens.plDealerA!, '?status=normal')).body.data;
    expect(normal.map((p) => [p.name, p.activeAlarms])).toEqual([['Prague_Roof', { count: 1, maxSeverity: 'minor' }]]);
    await setAlarm('VFPLA00002', plants.Prague_Roof!, 'minor', 'recovered');
    await setAlarm('VFPLA00002', plants.Prague_Roof!, 'critical', 'active');
  });

  it.each([
    ['?type=9', 'de', 'Dieser Anlagentyp wurde nicht gefunden'],
    ['?status=sleeping', 'en', 'This value is not valid'],
  ])('refuses %s with a localised message', async (query, lang, msg) => {
    const res = await api(s.app, 'GET', `/api/plants${query}`, { token: tokens.plDealerA, lang });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('needs a session and module A', async () => {
    expect((await api(s.app, 'GET', '/api/plants')).status).toBe(401);
    const noPlants = await makeRole(s.db, 'NoPlantModule', ['B', 'B/A'], users.a);
    await makeUser(s.db, { username: 'plNoModule', roleId: noPlants, superiorId: users.a!, level: 2 });
    const token = await loginToken(s.app, 'plNoModule', 'Passw0rd-1');
    expect((await list(token)).status).toBe(403);
  });
});

describe('GET /api/plants/:plantId and scope', () => {
  it('answers one plant in scope, affiliations included', async () => {
    const own = await api<Plant>(s.app, 'GET', `/api/plants/${plants.Brno_Sklad}`, { token: tokens.plDealerA });
    expect(own.body.data).toMatchObject({ name: 'Brno_Sklad', type: 2 });
    const affiliated = await api<Plant>(s.app, 'GET', `/api/plants/${plants.Berlin_Barn}`, { token: tokens.plOwnerC });
    expect(affiliated.body.data).toMatchObject({ name: 'Berlin_Barn', affiliatedUserIds: [users.c] });
  });

  it.each([
    ['GET', ''],
    ['GET', '/delete-impact'],
    ['PUT', ''],
    ['DELETE', '?confirmDevices=1'],
  ] as const)('%s %s of another branch’s plant is 404 exactly like a missing one', async (method, suffix) => {
    const body = method === 'PUT' ? { ...input, name: 'Stolen' } : undefined;
    const opts = { token: tokens.plDealerA, lang: 'cs', ...(body ? { body } : {}) };
    const other = await api(s.app, method, `/api/plants/${plants.Berlin_Barn}${suffix}`, opts);
    const missing = await api(s.app, method, `/api/plants/99999${suffix}`, opts);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(other.body.msg).toBe('Tuto elektrárnu nelze najít');
    const berlin = await s.db.query(`SELECT name FROM plants WHERE id = $1`, [plants.Berlin_Barn!]);
    expect(berlin.rows).toEqual([{ name: 'Berlin_Barn' }]);
    expect(await count('devices', 'plant_id = $1', [plants.Berlin_Barn!])).toBe(1);
  });
});
