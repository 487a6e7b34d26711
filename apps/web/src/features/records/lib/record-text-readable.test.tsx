import { describe, expect, it } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import type { OperationRecord } from '@voltfleet/domain/records';
import { switchLanguage } from '@/test/render';
import { describeRecord, type RecordText } from './record-text';

/** A record's text; one object and no refusal unless the case says. */
type Expected = Omit<RecordText, 'devices' | 'refusal'> & Partial<RecordText>;

const record = (fields: Partial<OperationRecord>): OperationRecord => ({
  id: 1,
  userId: 1,
  username: 'admin',
  ip: '192.0.2.1',
  action: 'command.issue',
  category: 'command',
  objectType: 'device',
  objectId: null,
  objectName: null,
  params: {},
  changes: null,
  ok: true,
  refusal: null,
  apiKeyId: null,
  createdAt: '2026-01-31T08:05:09.000Z',
  ...fields,
});

// Issue 36, point 8: a refused command says refused and why, a command to several devices is "N devices" with their
// serial numbers, and parameters read by their labels and values (report indices, device types), in all four languages.
const SERIALS = Array.from({ length: 10 }, (_, i) => `VF${String(i + 1).padStart(4, '0')}`);
const REFUSAL = {
  zh: 'SOC下限必须在 10 到 100 之间',
  en: 'SOC lower limit must be between 10 and 100',
  cs: 'Spodní mez SOC musí být mezi 10 a 100',
  de: 'SOC-Untergrenze muss zwischen 10 und 100 liegen',
};
const REFUSED = record({
  action: 'command.issue',
  category: 'command',
  objectType: 'device',
  objectId: null,
  objectName: 'VF0001',
  params: { kind: 'socLowerLimitPct', value: 150, deviceIds: [7] },
  ok: false,
  refusal: REFUSAL,
});
const BATCH = record({
  action: 'command.issue',
  category: 'command',
  objectType: 'device',
  objectId: SERIALS.join(','),
  objectName: SERIALS.join(', '),
  params: { kind: 'socLowerLimitPct', value: 20, deviceIds: SERIALS.map((_, i) => i + 1), confirm: true },
});
const TEMPLATE = record({
  action: 'reportTemplate.create',
  category: 'report',
  objectType: 'reportTemplate',
  objectId: '3',
  objectName: 'Daily',
  params: { name: 'Daily', deviceIds: [1], indices: ['pvEnergyTodayKwh', 'pvPowerW'] },
});
const STOCK_IN = record({
  action: 'device.stockIn',
  category: 'device',
  objectType: 'device',
  objectId: '9',
  objectName: 'VF0009',
  params: { sn: 'VF0009', kind: 'inverter', modelType: '10K' },
});

describe('readable records (issue 36)', () => {
  it.each<[Lang, Record<'refused' | 'batch' | 'template' | 'stockIn', Expected>]>([
    [
      'en',
      {
        refused: {
          action: 'Command to VF0001 refused',
          object: 'Device VF0001',
          parameters: ['SOC lower limit → 150 %'],
          refusal: `Refused: ${REFUSAL.en}`,
        },
        batch: { action: 'Command issued to 10 devices', object: '10 devices', parameters: ['SOC lower limit → 20 %'] },
        template: {
          action: 'Report template Daily added',
          object: 'Report template Daily',
          parameters: ['Name: Daily', 'Indices: PV energy per day (kWh), PV power (W)'],
        },
        stockIn: {
          action: 'Device VF0009 put in storage',
          object: 'Device VF0009',
          parameters: ['Serial number: VF0009', 'Device type: Inverter', 'Model: 10K'],
        },
      },
    ],
    [
      'zh',
      {
        refused: {
          action: '向 VF0001 下发指令被拒绝',
          object: '设备 VF0001',
          parameters: ['SOC下限 → 150 %'],
          refusal: `已拒绝：${REFUSAL.zh}`,
        },
        batch: { action: '向 10 台设备 下发指令', object: '10 台设备', parameters: ['SOC下限 → 20 %'] },
        template: {
          action: '新增报表模板 Daily',
          object: '报表模板 Daily',
          parameters: ['名称: Daily', '指标: 每日光伏发电量 (kWh), 光伏总功率 (W)'],
        },
        stockIn: {
          action: '设备 VF0009 入库',
          object: '设备 VF0009',
          parameters: ['序列号: VF0009', '设备类型: 逆变器', '型号: 10K'],
        },
      },
    ],
    [
      'cs',
      {
        refused: {
          action: 'Příkaz pro VF0001 odmítnut',
          object: 'Zařízení VF0001',
          parameters: ['Spodní mez SOC → 150 %'],
          refusal: `Odmítnuto: ${REFUSAL.cs}`,
        },
        batch: {
          action: 'Příkaz odeslán na 10 zařízení',
          object: '10 zařízení',
          parameters: ['Spodní mez SOC → 20 %'],
        },
        template: {
          action: 'Šablona sestavy Daily přidána',
          object: 'Šablona sestavy Daily',
          parameters: ['Název: Daily', 'Ukazatele: Energie FV za den (kWh), Výkon FV (W)'],
        },
        stockIn: {
          action: 'Zařízení VF0009 naskladněno',
          object: 'Zařízení VF0009',
          parameters: ['Sériové číslo: VF0009', 'Typ zařízení: Měnič', 'Model: 10K'],
        },
      },
    ],
    [
      'de',
      {
        refused: {
          action: 'Befehl an VF0001 abgelehnt',
          object: 'Gerät VF0001',
          parameters: ['SOC-Untergrenze → 150 %'],
          refusal: `Abgelehnt: ${REFUSAL.de}`,
        },
        batch: { action: 'Befehl an 10 Geräte gesendet', object: '10 Geräte', parameters: ['SOC-Untergrenze → 20 %'] },
        template: {
          action: 'Berichtsvorlage Daily angelegt',
          object: 'Berichtsvorlage Daily',
          parameters: ['Name: Daily', 'Kennzahlen: PV-Energie pro Tag (kWh), PV-Leistung (W)'],
        },
        stockIn: {
          action: 'Gerät VF0009 eingelagert',
          object: 'Gerät VF0009',
          parameters: ['Seriennummer: VF0009', 'Gerätetyp: Wechselrichter', 'Modell: 10K'],
        },
      },
    ],
  ])('in %s', async (lang, expected) => {
    await switchLanguage(lang);
    const base = { devices: [], refusal: null };
    expect(describeRecord(REFUSED, lang)).toEqual({ ...base, ...expected.refused });
    expect(describeRecord(BATCH, lang)).toEqual({ ...base, ...expected.batch, devices: SERIALS });
    expect(describeRecord(TEMPLATE, lang)).toEqual({ ...base, ...expected.template });
    expect(describeRecord(STOCK_IN, lang)).toEqual({ ...base, ...expected.stockIn });
  });

  it('keeps "Failed" without a reason for a record that kept none (written before reasons were kept)', async () => {
    await switchLanguage('en');
    const old = describeRecord({ ...REFUSED, refusal: null }, 'en');
    expect(old).toMatchObject({ action: 'Command issued to VF0001', refusal: null });
  });
});
