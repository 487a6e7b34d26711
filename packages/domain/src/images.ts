/**
 * Uploaded images (work-order photos, avatars): the one set of bounds (the refusals' words are the
 * catalogue's `images` namespace, i18n/locales). No zod and no texts here: the shell and the login page read the limits.
 */
export const IMAGE_LIMITS = {
  /** R9.5 "Image max 1M": one image file, as uploaded, at most 1 MiB. */
  bytes: 1024 * 1024,
  /**
   * Pixels an image may claim (24 MP, a modern phone camera). Checked from the header before any pixel is decoded,
   * so a small file claiming huge dimensions (a decompression bomb) never costs memory.
   */
  pixels: 24_000_000,
} as const;

/** The formats accepted (by their first bytes) and served: each image is re-encoded in its own format. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** An avatar is stored as a square of this many pixels a side (WebP), whatever was uploaded. */
export const AVATAR_SIZE = 256;
