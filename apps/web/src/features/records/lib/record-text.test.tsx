import { describe, expect, it } from 'vitest';
import { LANGUAGES, translate, type Lang } from '@voltfleet/domain/i18n';
import { RECORD_ACTION_NAMES, type OperationRecord } from '@voltfleet/domain/records';
import { switchLanguage } from '@/test/render';
import { describeRecord, type RecordText } from './record-text';

const record = (fields: Partial<OperationRecord>): OperationRecord => ({
  id: 1,
  userId: 1,
  username: 'admin',
  ip: '192.0.2.1',
  action: 'plant.update',
  category: 'plant',
  objectType: 'plant',
  objectId: '12',
  objectName: 'Suzhou',
  params: {},
  changes: null,
  ok: true,
  refusal: null,
  apiKeyId: null,
  createdAt: '2026-01-31T08:05:09.000Z',
  ...fields,
});

const PLANT_EDIT = record({
  params: { name: 'Suzhou', address: 'Ganjiang Road 88', type: 1 },
  changes: { address: { from: 'Renmin Road 1', to: 'Ganjiang Road 88' }, type: { from: 1, to: 3 } },
});

/** A record's text; one object and no refusal unless the case says. */
type Expected = Omit<RecordText, 'devices' | 'refusal'> & Partial<RecordText>;

describe('describeRecord', () => {
  it.each<[string, OperationRecord, Lang, Expected]>([
    [
      'a login',
      record({
        action: 'auth.login',
        category: 'auth',
        objectType: 'user',
        objectId: '1',
        objectName: 'admin',
        params: { username: 'admin', password: '***', captcha: '***' },
      }),
      'en',
      { action: 'Logged in', object: 'User admin', parameters: [] },
    ],
    [
      'a logout',
      record({ action: 'auth.logout', category: 'auth', objectType: '', objectId: null, objectName: null }),
      'de',
      { action: 'Abgemeldet', object: '', parameters: [] },
    ],
    [
      'a plant edit with its changes',
      PLANT_EDIT,
      'en',
      {
        action: 'Plant Suzhou edited: Detailed address, Plant type',
        object: 'Plant Suzhou',
        parameters: ['Detailed address: Renmin Road 1 → Ganjiang Road 88', 'Plant type: Household roof → Micro-grid'],
      },
    ],
    [
      'a plant edit in Chinese',
      PLANT_EDIT,
      'zh',
      {
        action: '编辑电站 Suzhou：详细地址、电站类型',
        object: '电站 Suzhou',
        parameters: ['详细地址: Renmin Road 1 → Ganjiang Road 88', '电站类型: 户用屋顶 → 微电网'],
      },
    ],
    [
      'a plant edit in Czech',
      PLANT_EDIT,
      'cs',
      {
        action: 'Elektrárna Suzhou upravena: Podrobná adresa, Typ elektrárny',
        object: 'Elektrárna Suzhou',
        parameters: [
          'Podrobná adresa: Renmin Road 1 → Ganjiang Road 88',
          'Typ elektrárny: Střecha domácnosti → Mikrosíť',
        ],
      },
    ],
    // Written before changes were kept: what was sent, by the form's labels.
    [
      'an old-format plant edit',
      record({ params: { name: 'Suzhou', powerKw: 6.5, affiliatedUserIds: [3, 4] } }),
      'en',
      {
        action: 'Plant Suzhou edited',
        object: 'Plant Suzhou',
        parameters: ['Plant name: Suzhou', 'Power (kW): 6.5', 'Affiliated accounts: 3, 4'],
      },
    ],
    // A body that was not an object, wrapped when it was stored (migration 0016).
    [
      'an old record of a wrapped body',
      record({
        action: 'role.delete',
        category: 'role',
        objectType: 'role',
        objectId: '5',
        objectName: null,
        params: { body: [1, 2] },
      }),
      'en',
      { action: 'Role #5 deleted', object: 'Role #5', parameters: ['body: 1, 2'] },
    ],
    // Deleted or out of the reader's scope: kind and number, never a name.
    [
      'an unnamed plant',
      record({ action: 'plant.delete', objectName: null }),
      'de',
      { action: 'Anlage #12 gelöscht', object: 'Anlage #12', parameters: [] },
    ],
    [
      'an unknown action',
      record({
        action: 'POST /api/teleport',
        category: 'system',
        objectType: '',
        objectId: null,
        objectName: null,
        params: { targetPlanet: 'Mars' },
      }),
      'en',
      { action: 'Other change', object: '', parameters: ['target planet: Mars'] },
    ],
    [
      'an unknown action on a known object',
      record({ action: 'plant.teleport', objectName: 'Suzhou' }),
      'cs',
      { action: 'Jiná změna Suzhou', object: 'Elektrárna Suzhou', parameters: [] },
    ],
    [
      'a setting',
      record({
        action: 'command.issue',
        category: 'command',
        objectType: 'device',
        objectId: 'VF0001,VF0002',
        objectName: 'VF0001, VF0002',
        params: { deviceIds: [1, 2], kind: 'socLowerLimitPct', value: 20, idempotencyKey: '***' },
      }),
      'en',
      {
        action: 'Command issued to 2 devices',
        object: '2 devices',
        devices: ['VF0001', 'VF0002'],
        parameters: ['SOC lower limit → 20 %'],
      },
    ],
    [
      'a clock sync',
      record({
        action: 'command.issue',
        category: 'command',
        objectType: 'device',
        objectId: 'VF0001',
        objectName: 'VF0001',
        params: { deviceIds: [1], kind: 'clockSync' },
      }),
      'de',
      { action: 'Befehl an VF0001 gesendet', object: 'Gerät VF0001', parameters: ['Uhrzeit synchronisieren'] },
    ],
    [
      'a command of an unknown kind',
      record({
        action: 'command.issue',
        category: 'command',
        objectType: 'device',
        objectId: 'VF0001',
        objectName: null,
        params: { kind: 'warpDrive' },
      }),
      'en',
      { action: 'Command issued to', object: '', parameters: [] },
    ],
    [
      'a device fields edit, each field by its form label',
      record({
        action: 'device.editFields',
        category: 'device',
        objectType: 'device',
        objectId: '7',
        objectName: 'VF0001',
        params: { gridCode: 12, batteryProtocol: null, meterProtocol: 1, template: 'Home' },
      }),
      'de',
      {
        action: 'Gerät VF0001: Netzcode, Protokolle und Vorlage bearbeitet',
        object: 'Gerät VF0001',
        parameters: ['Netzcode: 12', 'Batterieprotokoll: —', 'Zählerprotokoll: 1', 'Vorlage: Home'],
      },
    ],
    [
      'a user edit with a secret and a role',
      record({
        action: 'user.update',
        category: 'user',
        objectType: 'user',
        objectId: '7',
        objectName: 'ownerA',
        changes: { roleId: { from: 2, to: 3 }, enabled: { from: true, to: false }, password: {} },
      }),
      'en',
      {
        action: 'User ownerA edited: Role, Status, password',
        object: 'User ownerA',
        parameters: ['Role: 2 → 3', 'Status: Yes → No', 'password: changed'],
      },
    ],
    [
      'a user creation keeps secrets out',
      record({
        action: 'user.create',
        category: 'user',
        objectType: 'user',
        objectId: '7',
        objectName: 'ownerA',
        params: { username: 'ownerA', password: '***', email: '' },
      }),
      'en',
      { action: 'User ownerA added', object: 'User ownerA', parameters: ['Username: ownerA', 'E-mail: —'] },
    ],
    [
      'a language choice names the language in its own words',
      record({
        action: 'user.chooseLanguage',
        category: 'user',
        objectType: 'user',
        objectId: '7',
        objectName: 'ownerA',
        params: { language: 'cs' },
      }),
      'de',
      { action: 'Sprache gewählt', object: 'Benutzer ownerA', parameters: ['Sprache: Čeština'] },
    ],
    [
      'a rule switched off',
      record({
        action: 'notificationRule.enabled',
        category: 'alarm',
        objectType: 'notificationRule',
        objectId: '4',
        objectName: 'Night',
        params: { enabled: false },
      }),
      'en',
      { action: 'Alarm rule Night disabled', object: 'Alarm rule Night', parameters: ['Enabled: No'] },
    ],
    [
      'a rule edit naming plants',
      record({
        action: 'notificationRule.update',
        category: 'alarm',
        objectType: 'notificationRule',
        objectId: '4',
        objectName: 'Night',
        changes: {
          plants: {
            from: [{ id: 1, name: 'A' }],
            to: [
              { id: 1, name: 'A' },
              { id: 2, name: 'B' },
            ],
          },
        },
      }),
      'en',
      { action: 'Alarm rule Night edited: Plants', object: 'Alarm rule Night', parameters: ['Plants: A → A, B'] },
    ],
    [
      'a tariff',
      record({
        action: 'tariff.save',
        params: {
          effectiveFrom: '2026-02-01',
          periods: [
            { type: 4, start: '00:00', end: '07:59', price: 0.3 },
            { type: 2, start: '08:00', end: '23:59', price: 1.2 },
          ],
        },
      }),
      'en',
      {
        action: 'Tariff of plant Suzhou saved',
        object: 'Plant Suzhou',
        parameters: ['Effective from: 2026-02-01', 'periods: 00:00–07:59 Valley 0.300 · 08:00–23:59 Peak 1.200'],
      },
    ],
    [
      'acknowledged alarms',
      record({
        action: 'alarm.acknowledge',
        category: 'alarm',
        objectType: 'alarm',
        objectId: '3,4',
        objectName: null,
        params: { ids: ['3', '4'] },
      }),
      'en',
      { action: 'Alarms #3, #4 acknowledged', object: 'Alarm #3, #4', parameters: ['ids: 3, 4'] },
    ],
  ])('%s', async (_what, r, lang, text) => {
    await switchLanguage(lang);
    expect(describeRecord(r, lang)).toEqual({ devices: [], refusal: null, ...text });
  });

  it('has a sentence for every action in every language, naming the object', async () => {
    for (const lang of LANGUAGES) {
      await switchLanguage(lang);
      for (const action of Object.keys(RECORD_ACTION_NAMES)) {
        const text = describeRecord(record({ action, objectName: 'X1' }), lang).action;
        expect(text, `${action} in ${lang}`).not.toMatch(/\{|\}|\.[a-z]/);
        expect(text).not.toBe(action);
        if (translate(RECORD_ACTION_NAMES[action as keyof typeof RECORD_ACTION_NAMES], lang).includes('{{name}}'))
          expect(text).toContain('X1');
      }
    }
  });
});
