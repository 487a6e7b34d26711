import { inflateRawSync } from 'node:zlib';

/** What an uploaded workbook may unpack to. A 1,000-row device sheet unpacks to well under 1 MB. */
export const XLSX_LIMITS = {
  maxEntries: 100,
  maxEntryBytes: 8 * 1024 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  /** Compression ratio above which a large entry is refused (XML sheets compress about 5–20 times). */
  maxRatio: 200,
  /** Entries below this size are not judged by their ratio (an empty sheet compresses very well). */
  ratioFloorBytes: 256 * 1024,
};
export type XlsxLimits = typeof XLSX_LIMITS;

export type XlsxRefusal = 'notXlsx' | 'zipBomb';

/** An upload refused whole, before any spreadsheet library has read it. */
export class XlsxRefused extends Error {
  constructor(readonly reason: XlsxRefusal) {
    super(reason);
  }
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The zip's central directory, read the way JSZip (inside exceljs) reads it: from the last end record. */
function centralDirectory(buf: Buffer): Entry[] {
  if (buf.length < EOCD_BYTES || buf.readUInt32LE(0) !== LOCAL_HEADER) throw new XlsxRefused('notXlsx');
  let end = -1;
  for (let i = buf.length - EOCD_BYTES; i >= Math.max(0, buf.length - EOCD_BYTES - MAX_COMMENT); i--) {
    if (buf.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxRefused('notXlsx');
  const count = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mean Zip64: a workbook of a few MB never needs it.
  if (count === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > end) throw new XlsxRefused('notXlsx');
  if (count > XLSX_LIMITS.maxEntries) throw new XlsxRefused('zipBomb');
  const entries: Entry[] = [];
  let at = dirOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL_HEADER) throw new XlsxRefused('notXlsx');
    const flags = buf.readUInt16LE(at + 8);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
    });
    // Encrypted entries cannot be a workbook we can read.
    if (flags & 1) throw new XlsxRefused('notXlsx');
    at += 46 + skip;
  }
  return entries;
}

/** Refuses by the declared sizes, before inflating anything. */
function checkDeclaredSizes(entries: Entry[], limits: XlsxLimits): void {
  let total = 0;
  for (const e of entries) {
    if (e.method !== 0 && e.method !== 8) throw new XlsxRefused('notXlsx');
    total += e.size;
    const ratio = e.size / Math.max(1, e.compressedSize);
    if (e.size > limits.maxEntryBytes || total > limits.maxTotalBytes) throw new XlsxRefused('zipBomb');
    if (e.size > limits.ratioFloorBytes && ratio > limits.maxRatio) throw new XlsxRefused('zipBomb');
  }
}

/** Inflates each entry with its declared size as a hard cap, so a zip that lies about its sizes fails early. */
function checkActualSizes(buf: Buffer, entries: Entry[]): void {
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_HEADER) throw new XlsxRefused('notXlsx');
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    if (start + e.compressedSize > buf.length) throw new XlsxRefused('notXlsx');
    const data = buf.subarray(start, start + e.compressedSize);
    let length: number;
    if (e.method === 0) length = data.length;
    else {
      try {
        length = inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) }).length;
      } catch (err) {
        // ERR_BUFFER_TOO_LARGE: more data than declared. Anything else: not a valid deflate stream.
        throw new XlsxRefused((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'zipBomb' : 'notXlsx');
      }
    }
    if (length !== e.size) throw new XlsxRefused('notXlsx');
  }
}

/** The parts every .xlsx has (Office Open XML spreadsheet package). */
function checkWorkbookParts(entries: Entry[]): void {
  const names = new Set(entries.map((e) => e.name));
  const hasSheet = entries.some((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml') || !hasSheet) throw new XlsxRefused('notXlsx');
}

/**
 * Checks that `buf` is an .xlsx package small enough to open: a zip (by signature, not by file name) with the
 * workbook parts, no entry or total that unpacks beyond the limits, and no entry that inflates to more than it
 * declares. Throws XlsxRefused; memory use stays within the limits whatever the upload holds.
 */
export function checkXlsx(buf: Buffer, limits: XlsxLimits = XLSX_LIMITS): void {
  const entries = centralDirectory(buf);
  checkDeclaredSizes(entries, limits);
  checkWorkbookParts(entries);
  checkActualSizes(buf, entries);
}
