// Creating, editing and deleting plants, in the caller's scope and with the domain's rules.
import { describe, expect, it } from 'vitest';
import type { Plant, PlantDeleteImpact } from '@voltfleet/domain/plants';
import { api } from '../../test/harness.js';
import { usePlantWorld, s, users, plants, devices, tokens, input, list, names, count } from '../../test/plant-world.js';

usePlantWorld();

describe('POST /api/plants', () => {
  it('creates a plant owned by the caller with affiliated accounts, and records it', async () => {
    const res = await api<Plant>(s.app, 'POST', '/api/plants', {
      token: tokens.plDealerA,
      body: { ...input, affiliatedUserIds: [users.c] },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Added');
    expect(res.body.data).toMatchObject({
      ...input,
      longitude: 17.251175,
      latitude: 49.593778,
      ownerId: users.a,
      ownerName: 'plDealerA',
      affiliatedUserIds: [users.c],
      status: 'offline',
      deviceCount: 0,
      refreshedAt: null,
    });
    const id = res.body.data.plantId;
    expect(names((await list(tokens.plOwnerC!)).body.data)).toContain('Olomouc_Střecha');
    const record = await s.db.query(
      `SELECT action, category, object_id, ok FROM operation_records WHERE action = 'plant.create' AND object_id = $1`,
      [String(id)],
    );
    expect(record.rows).toEqual([{ action: 'plant.create', category: 'plant', object_id: String(id), ok: true }]);
  });

  it('lets the caller give the plant to a subordinate', async () => {
    const res = await api<Plant>(s.app, 'POST', '/api/plants', {
      token: tokens.plDealerA,
      body: { ...input, name: 'Owner_C_Roof', ownerId: users.c },
    });
    expect(res.body.data).toMatchObject({ ownerId: users.c, ownerName: 'plOwnerC' });
    expect(names((await list(tokens.plOwnerC!)).body.data)).toContain('Owner_C_Roof');
  });

  it.each([
    ['a name with a leading space', { name: ' Olomouc' }, 'en', 'name', 'No spaces at the start or end'],
    ['a name with a dash', { name: 'Olomouc-1' }, 'de', 'name', 'Nur Buchstaben, Ziffern, Unterstrich'],
    ['an unknown type', { type: 7 }, 'en', 'type', 'Cannot find this type of plant'],
    ['an unknown type in Chinese', { type: 0 }, 'zh', 'type', '找不到该类型的电站'],
    ['negative power', { powerKw: -3 }, 'en', 'powerKw', 'Please enter a positive number'],
    ['power beyond the limit', { powerKw: 1_000_001 }, 'cs', 'powerKw', 'Hodnota nesmí překročit'],
    ['latitude with 7 decimals', { latitude: '49.5937781' }, 'en', 'latitude', 'Latitude must be a decimal'],
    ['longitude 180.5', { longitude: '180.5' }, 'zh', 'longitude', '经度须为'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'en', 'timeZone', 'Please choose a valid time zone'],
    ['an address with a trailing space', { address: 'Olomouc ' }, 'en', 'address', 'No spaces at the start or end'],
    ['an unknown field', { plantId: 5 }, 'en', '', 'Fields not allowed here: plantId'],
    ['an owner id of 0', { ownerId: 0 }, 'en', 'ownerId', 'This value is not valid'],
  ])('refuses %s (%s) and stores nothing', async (_label, patch, lang, path, msg) => {
    const before = await count('plants');
    const res = await api<{ issues: { path: string; message: string }[] }>(s.app, 'POST', '/api/plants', {
      token: tokens.plDealerA,
      body: { ...input, name: 'Refused_Plant', ...patch },
      lang,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    const issue = res.body.data.issues.find((i) => i.path === path);
    expect(issue?.message).toContain(msg);
    expect(res.body.msg).toContain(msg);
    expect(await count('plants')).toBe(before);
  });

  it.each([
    ['an owner of another branch', 'ownerId', 'The owner must be you or one of your subordinates'],
    ['an affiliated account of another branch', 'affiliatedUserIds', 'Affiliated accounts must be you or your'],
  ])('refuses %s and stores nothing', async (_label, field, msg) => {
    const before = await count('plants');
    const patch = field === 'ownerId' ? { ownerId: users.b } : { affiliatedUserIds: [users.c, users.b] };
    const res = await api(s.app, 'POST', '/api/plants', { token: tokens.plDealerA, body: { ...input, ...patch } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
    expect(await count('plants')).toBe(before);
  });

  it('needs A:plant.add (403) and changes nothing', async () => {
    const before = await count('plants');
    const res = await api(s.app, 'POST', '/api/plants', { token: tokens.plViewer, body: input });
    expect(res.status).toBe(403);
    expect(await count('plants')).toBe(before);
    expect((await list(tokens.plViewer!)).status).toBe(200);
  });
});

describe('PUT /api/plants/:plantId', () => {
  it('overwrites every field and the affiliations', async () => {
    const url = `/api/plants/${plants.Brno_Sklad}`;
    const res = await api<Plant>(s.app, 'PUT', url, {
      token: tokens.plDealerA,
      body: { ...input, name: 'Brno_Hala', type: 2, affiliatedUserIds: [users.v] },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Edited');
    expect(res.body.data).toMatchObject({ name: 'Brno_Hala', azimuthDeg: 170, affiliatedUserIds: [users.v] });
    const again = await api<Plant>(s.app, 'GET', url, { token: tokens.plDealerA });
    expect(again.body.data).toMatchObject({ name: 'Brno_Hala', address: input.address, ownerId: users.a });
    const record = await s.db.query(
      `SELECT ok FROM operation_records WHERE action = 'plant.update' AND object_id = $1`,
      [String(plants.Brno_Sklad)],
    );
    expect(record.rows).toEqual([{ ok: true }]);
  });

  it('refuses invalid values and keeps the plant as it was', async () => {
    const url = `/api/plants/${plants.Brno_Sklad}`;
    const res = await api(s.app, 'PUT', url, { token: tokens.plDealerA, body: { ...input, latitude: 91 } });
    expect(res.status).toBe(400);
    const again = await api<Plant>(s.app, 'GET', url, { token: tokens.plDealerA });
    expect(again.body.data).toMatchObject({ name: 'Brno_Hala', latitude: 49.593778 });
  });

  it('needs A:plant.edit', async () => {
    const res = await api(s.app, 'PUT', `/api/plants/${plants.Brno_Sklad}`, { token: tokens.plViewer, body: input });
    expect(res.status).toBe(403);
  });
});

describe('deleting a plant', () => {
  it('tells how many devices are installed', async () => {
    const res = await api<PlantDeleteImpact>(s.app, 'GET', `/api/plants/${plants.Prague_Roof}/delete-impact`, {
      token: tokens.plDealerA,
    });
    expect(res.body.data).toEqual({
      plantId: plants.Prague_Roof,
      deviceCount: 3,
      devices: ['VFPLA00001', 'VFPLA00002', 'VFPLA00003'].map((sn) => ({ id: devices[sn], sn, kind: 'inverter' })),
    });
  });

  it('needs A:plant.delete', async () => {
    const res = await api(s.app, 'DELETE', `/api/plants/${plants.Brno_Sklad}`, { token: tokens.plViewer });
    expect(res.status).toBe(403);
    expect(await count('plants', 'id = $1', [plants.Brno_Sklad!])).toBe(1);
  });

  it.each([
    ['no confirmation', ''],
    ['a stale count', '?confirmDevices=2'],
  ])('refuses with %s while devices are installed (409), changing nothing', async (_label, query) => {
    const res = await api<{ deviceCount: number }>(s.app, 'DELETE', `/api/plants/${plants.Prague_Roof}${query}`, {
      token: tokens.plDealerA,
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      'This plant still has 3 devices: confirm the deletion, they will go back to awaiting activation',
    );
    expect(res.body.data).toEqual({ deviceCount: 3 });
    expect(await count('devices', 'plant_id = $1', [plants.Prague_Roof!])).toBe(3);
    expect(await count('plant_energy_5m', 'plant_id = $1', [plants.Prague_Roof!])).toBeGreaterThan(0);
  });

  it('with the confirmed count unbinds the devices, keeps their readings and removes the plant', async () => {
    const id = plants.Prague_Roof!;
    await s.db.query(`INSERT INTO plant_scripts (plant_id, source) VALUES ($1, 'pass')`, [id]);
    await s.db.query(`INSERT INTO plant_script_energy_day (plant_id, day, pv_kwh) VALUES ($1, '2024-06-01', 3)`, [id]);
    const readings = await count('readings');
    expect(readings).toBeGreaterThan(0);
    const res = await api(s.app, 'DELETE', `/api/plants/${id}?confirmDevices=3`, { token: tokens.plDealerA });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Deleted', data: { unboundDevices: 3 } });
    const unbound = await s.db.query(
      `SELECT sn, plant_id, activated_at, owner_id FROM devices WHERE sn LIKE 'VFPLA%' ORDER BY sn`,
    );
    expect(unbound.rows).toEqual(
      ['VFPLA00001', 'VFPLA00002', 'VFPLA00003'].map((sn) => ({
        sn,
        plant_id: null,
        activated_at: null,
        owner_id: users.a,
      })),
    );
    expect(await count('readings')).toBe(readings);
    expect(await count('device_energy_5m', 'device_id = $1', [devices.VFPLA00001!])).toBeGreaterThan(0);
    for (const table of [
      'plant_energy_5m',
      'plant_energy_day',
      'plant_energy_month',
      'plant_scripts',
      'plant_script_energy_day',
      'plants',
    ]) {
      expect(await count(table, table === 'plants' ? 'id = $1' : 'plant_id = $1', [id])).toBe(0);
    }
    expect((await api(s.app, 'GET', `/api/plants/${id}`, { token: tokens.plDealerA })).status).toBe(404);
    const record = await s.db.query(
      `SELECT ok FROM operation_records WHERE action = 'plant.delete' AND object_id = $1`,
      [String(id)],
    );
    expect(record.rows).toContainEqual({ ok: true });
  });

  it('deletes a plant without devices without confirmation, affiliations included', async () => {
    const id = plants.Brno_Sklad!;
    const res = await api(s.app, 'DELETE', `/api/plants/${id}`, { token: tokens.plDealerA });
    expect(res.status).toBe(200);
    expect(await count('plant_users', 'plant_id = $1', [id])).toBe(0);
  });
});
