import sharp from 'sharp';
import { WORK_ORDER_LIMITS, type WorkOrderImageType } from '@voltfleet/domain';
import { invalid } from '../../platform/errors.js';

// Decoded images are not kept between requests: each upload is decoded once, and memory stays bounded.
sharp.cache(false);

const MAX_MB = WORK_ORDER_LIMITS.imageBytes / 1024 / 1024;
const MAX_MP = WORK_ORDER_LIMITS.imagePixels / 1_000_000;

/** The format the first bytes announce (the name and the client's content type are not trusted), or undefined. */
export function sniffImageType(bytes: Buffer): WorkOrderImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

const SHARP_FORMAT: Record<WorkOrderImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface CleanImage {
  contentType: WorkOrderImageType;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an uploaded image by its content and re-encodes it: what is stored and served is pixels we produced, never
 * the client's bytes. Refused (400 with the field `file`): over 1 MB, not JPEG/PNG/WebP by its first bytes, a header
 * that does not parse or disagrees with them, or more pixels than the cap — the last judged from the header alone,
 * before a single pixel is decoded, so a decompression bomb costs nothing. The output carries no metadata (EXIF, GPS,
 * XMP: sharp writes none unless asked), with the EXIF orientation applied to the pixels first.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  if (input.length > WORK_ORDER_LIMITS.imageBytes) throw invalid('file', 'workOrder.imageTooBig', { maxMb: MAX_MB });
  const contentType = sniffImageType(input);
  if (!contentType) throw invalid('file', 'workOrder.imageType');
  // Header only: no pixel is decoded here, so no input limit yet (sharp's own would hide the dimensions from us).
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height || header.format !== SHARP_FORMAT[contentType])
    throw invalid('file', 'workOrder.imageUnreadable');
  if (header.width * header.height > WORK_ORDER_LIMITS.imagePixels)
    throw invalid('file', 'workOrder.imagePixels', { maxMp: MAX_MP });

  // limitInputPixels again at decode time: the header was checked above, this holds even if a decoder reads more.
  const pipeline = sharp(input, { limitInputPixels: WORK_ORDER_LIMITS.imagePixels, failOn: 'error' })
    .autoOrient()
    .timeout({ seconds: 15 });
  const encoded =
    contentType === 'image/jpeg'
      ? pipeline.jpeg({ quality: 85 })
      : contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType, data, width: info.width, height: info.height };
  } catch {
    throw invalid('file', 'workOrder.imageUnreadable');
  }
}
