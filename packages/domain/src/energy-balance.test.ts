import { describe, expect, it } from 'vitest';
import { energyBalance } from './energy-balance.js';

const zero = { pvKwh: 0, loadKwh: 0, gridImportKwh: 0, gridExportKwh: 0, batChargeKwh: 0, batDischargeKwh: 0 };

describe('energyBalance', () => {
  it.each([
    ['nothing came in', zero, { inKwh: 0, outKwh: 0, lossKwh: 0, lossPct: null }],
    [
      'the storage plant of the demo on a December afternoon',
      { ...zero, pvKwh: 58.61, batDischargeKwh: 15.64, gridImportKwh: 43.81, loadKwh: 115.95, batChargeKwh: 0.6 },
      { inKwh: 118.06, outKwh: 116.55, lossKwh: 1.51, lossPct: 1.279 },
    ],
    [
      'a sunny household exporting',
      { ...zero, pvKwh: 40, loadKwh: 12, gridExportKwh: 22, batChargeKwh: 5, batDischargeKwh: 0.5 },
      { inKwh: 40.5, outKwh: 39, lossKwh: 1.5, lossPct: 3.704 },
    ],
  ])('%s', (_name, totals, expected) => {
    const b = energyBalance(totals);
    expect(b.inKwh).toBeCloseTo(expected.inKwh, 6);
    expect(b.outKwh).toBeCloseTo(expected.outKwh, 6);
    expect(b.lossKwh).toBeCloseTo(expected.lossKwh, 6);
    if (expected.lossPct === null) expect(b.lossPct).toBeNull();
    else expect(b.lossPct).toBeCloseTo(expected.lossPct, 2);
  });
});
