import { describe, expect, it } from 'vitest';
import { XLSX_TYPE, xlsxFromBase64 } from './save-file';

describe('xlsxFromBase64', () => {
  it.each([
    ['a zip signature', 'UEsDBA==', [0x50, 0x4b, 0x03, 0x04]],
    ['bytes above 127', '/wCAfw==', [0xff, 0x00, 0x80, 0x7f]],
    ['nothing', '', []],
  ])('turns %s back into the same bytes, typed as .xlsx', async (_name, base64, bytes) => {
    const blob = xlsxFromBase64(base64);
    expect(blob.type).toBe(XLSX_TYPE);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
  });
});
