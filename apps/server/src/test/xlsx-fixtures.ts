import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ApiAnswer } from './harness.js';

// Tests read and write workbooks through this file alone (the server writes them only in platform/spreadsheet.ts):
// a lint rule allows ExcelJS in these two files.

/** Tests only: the worksheets of an .xlsx file, as ExcelJS reads it. */
export async function worksheetsOf(bytes: Buffer): Promise<ExcelJS.Worksheet[]> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's load() types predate Node's generic Buffer.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets;
}

/** Tests only: the first worksheet of an .xlsx file. */
export const firstSheetOf = async (bytes: Buffer): Promise<ExcelJS.Worksheet> => (await worksheetsOf(bytes))[0]!;

/** Tests only: an import sheet with the English template header and the given rows (strings, numbers, formulas…). */
export async function sheetOf(rows: ExcelJS.CellValue[][], header?: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Devices');
  sheet.addRow(header ?? ['Serial number', 'Device type', 'Model', 'Battery model', 'Installation position']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ZipEntry {
  name: string;
  /** Raw deflate data (method 8) or the bytes themselves (method 0). */
  data: Buffer;
  method: 0 | 8;
  /** Uncompressed size written into the headers (a bomb may lie about it). */
  size: number;
  crc?: number;
}

/** A deflated entry with true sizes. */
export function deflated(name: string, text: string | Buffer): ZipEntry {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { name, data: deflateRawSync(raw), method: 8, size: raw.length, crc: crc32(raw) };
}

/** Writes a zip archive (local headers, central directory, end record) from ready entries. */
export function zipOf(entries: readonly ZipEntry[], flags = 0): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc ?? 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc ?? 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Raw deflate data that inflates to `megabytes` MB of zeros, built in milliseconds: after a sync flush, every
 * further megabyte of zeros deflates to the same bytes (back-references only), so the middle part is repeated.
 */
export async function zerosDeflated(megabytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const stream = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  stream.on('data', (c: Buffer) => out.push(c));
  const flushed = async () => {
    await new Promise<void>((resolve) => stream.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    return Buffer.concat(out.splice(0));
  };
  stream.write(chunk);
  const first = await flushed();
  stream.write(chunk);
  const middle = await flushed();
  const ended = new Promise<void>((resolve) => stream.on('end', () => resolve()));
  stream.end();
  await ended;
  const last = Buffer.concat(out.splice(0));
  return Buffer.concat([first, ...Array<Buffer>(megabytes - 1).fill(middle), last]);
}

/** The parts of a minimal workbook around a given sheet entry. */
export function workbookParts(sheet: ZipEntry): ZipEntry[] {
  return [
    deflated('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    deflated('xl/workbook.xml', '<workbook/>'),
    sheet,
  ];
}

/** Posts a file as multipart/form-data, like the browser's upload. */
export async function upload(
  app: FastifyInstance,
  url: string,
  file: { name: string; type: string; bytes: Buffer },
  opts: { token: string; lang?: string },
): Promise<ApiAnswer> {
  const boundary = '----voltfleet-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      token: opts.token,
      'accept-language': opts.lang ?? 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
