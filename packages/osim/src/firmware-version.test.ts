import { describe, expect, it } from 'vitest';
import { firmwareVersion, firmwareVersionText } from './firmware-version.js';

describe('firmwareVersion', () => {
  it.each<[string | number | null | undefined, string | null, string | null]>([
    // One version, one text, whatever form it came in: the "PCU 603" and "259" read like "6.0.3".
    ['6.0.3', null, '6.0.3'],
    [603, null, '6.0.3'],
    ['603', null, '6.0.3'],
    [259, null, '2.5.9'],
    [1001, null, '10.0.1'],
    [0, null, '0.0.0'],
    [0x8000, null, '32768'],
    [6.03, null, '6.03'],
    [' 259 ', null, '2.5.9'],
    ['PCU 603', 'PCU', '6.0.3'],
    ['PCU603', 'PCU', '6.0.3'],
    ['pcu 6.0.3', 'PCU', '6.0.3'],
    ['PCU v6.0.3', 'PCU', '6.0.3'],
    ['PCU: 4.0.0', 'PCU', '4.0.0'],
    ['BMS 120', 'BMS', '1.2.0'],
    // A DSP version keeps its VxxxAaaDdd form (R4.7 (g) names and checks it so); its own V is not a glued prefix.
    ['V201A00D00', null, 'V201A00D00'],
    ['DSP V105A01D03', 'DSP', 'V105A01D03'],
    // Text that is no version form we know is shown as given, never guessed at.
    ['4.10.0', null, '4.10.0'],
    ['beta-2', null, 'beta-2'],
    ['123456', null, '123456'],
    [-3, null, '-3'],
    ['', null, null],
    ['  ', null, null],
    ['PCU', null, 'PCU'],
    ['PCU ', null, 'PCU'],
    [null, null, null],
    [undefined, null, null],
  ])('%j → %s %s', (input, component, text) => {
    const shown = firmwareVersion(input);
    expect(shown === null ? [null, null] : [shown.component, shown.text]).toEqual([component, text]);
    expect(firmwareVersionText(input)).toBe(text);
  });
});
