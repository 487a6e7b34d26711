import sharp from 'sharp';
import { IMAGE_LIMITS, type ImageType } from '@voltfleet/domain/users';
import { invalid } from './errors.js';

// Decoded images are not kept between requests: each upload is decoded once, and memory stays bounded.
sharp.cache(false);

const MAX_MB = IMAGE_LIMITS.bytes / 1024 / 1024;
const MAX_MP = IMAGE_LIMITS.pixels / 1_000_000;

/** The format the first bytes announce (the name and the client's content type are not trusted), or undefined. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

const SHARP_FORMAT: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The refusal of an upload over R9.5's 1 MB (the multipart reader stops at the limit and lands here too). */
export const imageTooBig = () => invalid('file', 'image.tooBig', { maxMb: MAX_MB });

export interface CleanImage {
  contentType: ImageType;
  data: Buffer;
  width: number;
  height: number;
}

/** What to make of an accepted image: its own format at its own size, or a square of `size` pixels in WebP. */
export type ImageOutput = { kind: 'same' } | { kind: 'square'; size: number };

/**
 * Checks an uploaded image by its content and re-encodes it: what is stored and served is pixels we produced, never
 * the client's bytes. Refused (400 with the field `file`): over 1 MB, not JPEG/PNG/WebP by its first bytes, a header
 * that does not parse or disagrees with them, or more pixels than the cap — the last judged from the header alone,
 * before a single pixel is decoded, so a decompression bomb costs nothing. The output carries no metadata (EXIF, GPS,
 * XMP: sharp writes none unless asked), with the EXIF orientation applied to the pixels first.
 */
export async function cleanImage(input: Buffer, output: ImageOutput = { kind: 'same' }): Promise<CleanImage> {
  if (input.length > IMAGE_LIMITS.bytes) throw imageTooBig();
  const sniffed = sniffImageType(input);
  if (!sniffed) throw invalid('file', 'image.type');
  // Header only: no pixel is decoded here, so no input limit yet (sharp's own would hide the dimensions from us).
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height || header.format !== SHARP_FORMAT[sniffed])
    throw invalid('file', 'image.unreadable');
  if (header.width * header.height > IMAGE_LIMITS.pixels) throw invalid('file', 'image.pixels', { maxMp: MAX_MP });

  // limitInputPixels again at decode time: the header was checked above, this holds even if a decoder reads more.
  const pipeline = sharp(input, { limitInputPixels: IMAGE_LIMITS.pixels, failOn: 'error' })
    .autoOrient()
    .timeout({ seconds: 15 });
  const contentType: ImageType = output.kind === 'square' ? 'image/webp' : sniffed;
  const encoded =
    output.kind === 'square'
      ? pipeline.resize(output.size, output.size, { fit: 'cover' }).webp({ quality: 85 })
      : contentType === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : contentType === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType, data, width: info.width, height: info.height };
  } catch {
    throw invalid('file', 'image.unreadable');
  }
}

/**
 * Headers for serving an image we re-encoded: its real type, never sniffed as anything else, and no active content
 * even when opened on its own (sandbox CSP).
 */
export function imageHeaders(contentType: ImageType, fileName: string): Record<string, string> {
  return {
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    'content-disposition': `inline; filename="${fileName}"`,
    'content-security-policy': "default-src 'none'; sandbox",
  };
}

/** The one uploaded file of a multipart request, read up to the limit the multipart plugin was registered with. */
export async function uploadedFile(request: {
  file: () => Promise<{ toBuffer: () => Promise<Buffer> } | undefined>;
}): Promise<Buffer> {
  const file = await request.file().catch(() => undefined);
  if (!file) throw invalid('file', 'image.missing');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooBig();
    throw err;
  }
}
