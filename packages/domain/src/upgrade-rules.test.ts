import { describe, expect, test } from 'vitest';
import { LANGUAGES } from './languages.js';
import { translate } from './messages.js';
import {
  UPGRADE_RULES,
  UPGRADE_RULE_MESSAGES,
  availableImages,
  checkAnyAvailable,
  checkUpgrade,
  checkUpgradeSelection,
  comparePcuVersions,
  dspSeries,
  firmwareUploadSchema,
  type UpgradeDevice,
  type UpgradeImage,
  type UpgradeRule,
} from './upgrade-rules.js';

const device = (over: Partial<UpgradeDevice> = {}): UpgradeDevice => ({
  model: '5K',
  pcuVersion: '4.0.0',
  dspVersion: 'V105A00D00',
  poweredOff: true,
  upgradeInProgress: null,
  ...over,
});
let nextId = 1;
const pcu = (version: string, family: UpgradeImage['family'] = '5K'): UpgradeImage => ({
  id: nextId++,
  kind: 'PCU',
  family,
  version,
});
const dsp = (version: string, family: UpgradeImage['family'] = '5K'): UpgradeImage => ({
  id: nextId++,
  kind: 'DSP',
  family,
  version,
});

type Case = [name: string, UpgradeDevice, UpgradeImage, UpgradeImage[], UpgradeRule | 'ok'];
const cases: Case[] = [
  // PCU first, then DSP
  ['PCU upgrade of a shut-down 5K', device(), pcu('4.1.0'), [], 'ok'],
  ['DSP after the PCU is newest', device({ pcuVersion: '4.1.0' }), dsp('V110A00D00'), [pcu('4.1.0')], 'ok'],
  ['DSP while a newer PCU image fits', device(), dsp('V110A00D00'), [pcu('4.1.0')], 'pcuFirst'],
  ['DSP while the PCU is below 4.0.0', device({ pcuVersion: '3.2.1' }), dsp('V110A00D00'), [], 'pcuFirst'],
  ['DSP with a newer PCU image of the other family only', device(), dsp('V110A00D00'), [pcu('4.1.0', '10K')], 'ok'],
  // never together
  ['DSP while a PCU upgrade is open', device({ upgradeInProgress: 'PCU' }), dsp('V110A00D00'), [], 'pcuDspTogether'],
  ['PCU while a DSP upgrade is open', device({ upgradeInProgress: 'DSP' }), pcu('4.1.0'), [], 'pcuDspTogether'],
  ['PCU while a PCU upgrade is open', device({ upgradeInProgress: 'PCU' }), pcu('4.1.0'), [], 'upgradeInProgress'],
  // shut down first
  ['PCU on a running inverter', device({ poweredOff: false }), pcu('4.1.0'), [], 'shutdownFirst'],
  ['DSP on a running inverter', device({ poweredOff: false }), dsp('V110A00D00'), [], 'shutdownFirst'],
  // PCU below 4.0.0 goes to 4.0.0 first
  ['3.2.1 to 4.0.0', device({ pcuVersion: '3.2.1' }), pcu('4.0.0'), [], 'ok'],
  ['3.2.1 jumping to 4.1.0', device({ pcuVersion: '3.2.1' }), pcu('4.1.0'), [], 'pcuTo400First'],
  ['3.2.1 to 3.9.0', device({ pcuVersion: '3.2.1' }), pcu('3.9.0'), [], 'pcuTo400First'],
  ['4.0.0 to 4.2.0', device(), pcu('4.2.0'), [], 'ok'],
  ['4.10.0 is newer than 4.9.0', device({ pcuVersion: '4.9.0' }), pcu('4.10.0'), [], 'ok'],
  // 5K and 10K never mixed
  ['10K image on a 5K', device(), pcu('4.1.0', '10K'), [], 'familyMismatch'],
  ['5K DSP on a 10K', device({ model: '10K', dspVersion: 'V201A00D00' }), dsp('V210A00D00'), [], 'familyMismatch'],
  ['6K image on a 5K', device(), pcu('4.1.0', '6K'), [], 'familyMismatch'],
  ['10K DSP on a 10K', device({ model: '10K', dspVersion: 'V201A00D00' }), dsp('V210A00D00', '10K'), [], 'ok'],
  // DSP never between V1xx and V2xx
  ['V105 to V201', device(), dsp('V201A00D00'), [], 'dspSeries'],
  ['V201 to V105', device({ dspVersion: 'V201A00D00' }), dsp('V199A00D00'), [], 'dspSeries'],
  ['V201 to V250', device({ dspVersion: 'V201A00D00' }), dsp('V250A00D00'), [], 'ok'],
  ['V099 to V150 (one range V000–V199)', device({ dspVersion: 'V099A00D00' }), dsp('V150A00D00'), [], 'ok'],
  // only VxxxA00D00
  ['device DSP V105A01D00', device({ dspVersion: 'V105A01D00' }), dsp('V110A00D00'), [], 'dspFormat'],
  ['image DSP V110A00D02', device(), dsp('V110A00D02'), [], 'dspFormat'],
  // no downgrade, readable versions
  ['same PCU version', device(), pcu('4.0.0'), [], 'notNewer'],
  ['older PCU version', device({ pcuVersion: '4.2.0' }), pcu('4.1.0'), [], 'notNewer'],
  ['older DSP version', device(), dsp('V101A00D00'), [], 'notNewer'],
  ['device without a PCU version', device({ pcuVersion: '' }), pcu('4.0.0'), [], 'deviceVersionUnknown'],
  ['device without a DSP version', device({ dspVersion: '' }), dsp('V110A00D00'), [], 'deviceVersionUnknown'],
];

describe('checkUpgrade (R4.7)', () => {
  test.each(cases)('%s → %s', (_name, dev, image, others, expected) => {
    const result = checkUpgrade(dev, image, [image, ...others]);
    if (expected === 'ok') expect(result).toEqual({ ok: true });
    else expect(result).toEqual({ ok: false, rule: expected, message: UPGRADE_RULE_MESSAGES[expected] });
  });

  test('every rule is refused by at least one case', () => {
    const covered = new Set(cases.map((c) => c[4]));
    for (const rule of UPGRADE_RULES.filter((r) => r !== 'noVersion')) expect(covered, rule).toContain(rule);
  });
});

describe('selection and availability', () => {
  test('PCU and DSP in one request are refused together', () => {
    const images = [pcu('4.1.0'), dsp('V110A00D00')];
    expect(checkUpgradeSelection(device(), images, images)).toMatchObject({ ok: false, rule: 'pcuDspTogether' });
  });

  test('one image in a request is checked by the rules', () => {
    const image = pcu('4.1.0');
    expect(checkUpgradeSelection(device(), [image], [image])).toEqual({ ok: true });
  });

  test('no image at all is "no version available"', () => {
    expect(checkUpgradeSelection(device(), [], [])).toMatchObject({ ok: false, rule: 'noVersion' });
  });

  test('availableImages keeps only images that fit, whatever the power state', () => {
    const fits = pcu('4.1.0');
    const catalogue = [fits, pcu('4.1.0', '10K'), pcu('3.0.0'), dsp('V201A00D00')];
    expect(availableImages(device({ poweredOff: false }), catalogue)).toEqual([fits]);
    expect(checkAnyAvailable(device(), catalogue)).toEqual({ ok: true });
  });

  test('an empty or unsuitable catalogue says no version is available', () => {
    expect(checkAnyAvailable(device(), [])).toMatchObject({ ok: false, rule: 'noVersion' });
    expect(checkAnyAvailable(device(), [pcu('4.1.0', '10K')])).toMatchObject({ message: 'firmware.noVersion' });
    expect(translate('firmware.noVersion', 'en')).toBe('No version is available for the current device');
  });
});

describe('versions', () => {
  test.each([
    ['4.0.0', '3.9.9', 1],
    ['4.0.0', '4.0.0', 0],
    ['4.0.10', '4.0.9', 1],
    ['3.2.1', '4.0.0', -1],
  ])('compare %s with %s', (a, b, sign) => expect(Math.sign(comparePcuVersions(a, b))).toBe(sign));

  test.each([
    ['V000A00D00', 1],
    ['V199A00D00', 1],
    ['V200A00D00', 2],
    ['V299A00D00', 2],
    ['V301A00D00', 3],
    ['201A00D00', undefined],
  ])('DSP series of %s is %s', (version, series) => expect(dspSeries(version)).toBe(series));
});

describe('firmwareUploadSchema', () => {
  test.each([
    [{ kind: 'PCU', family: '5K', version: '4.1.0' }, null],
    [{ kind: 'DSP', family: '10K', version: 'V201A00D00' }, null],
    [{ kind: 'DSP', family: '6K', version: 'V201A01D02' }, null],
    [{ kind: 'PCU', family: '5K', version: 'V201A00D00' }, 'firmware.pcuVersionFormat'],
    [{ kind: 'DSP', family: '5K', version: '4.0.0' }, 'firmware.dspVersionFormat'],
    [{ kind: 'MCU', family: '5K', version: '4.0.0' }, 'firmware.kindInvalid'],
    [{ kind: 'PCU', family: '8K', version: '4.0.0' }, 'firmware.familyInvalid'],
    [{ kind: 'PCU', family: '5K', version: '' }, 'validation.required'],
  ])('%j → %s', (input, message) => {
    const result = firmwareUploadSchema.safeParse(input);
    if (message === null) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

test('every rule message exists in zh, en, cs and de', () => {
  for (const key of Object.values(UPGRADE_RULE_MESSAGES)) {
    for (const lang of LANGUAGES) expect(translate(key, lang), `${key} ${lang}`).not.toBe(key);
  }
});
