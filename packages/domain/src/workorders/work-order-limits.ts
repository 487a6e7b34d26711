/**
 * The bounds of a work order, apart from the schemas (work-orders.ts) so that the shell's links (work-order-links.ts)
 * can use them without loading zod on every page.
 */
export const WORK_ORDER_LIMITS = {
  title: 120,
  description: 4000,
  comment: 2000,
  /** Images per work order. */
  images: 5,
  /** SPEC §9 "Image max 1M": one image file, as uploaded, at most 1 MiB. */
  imageBytes: 1024 * 1024,
  /**
   * Pixels an image may claim (24 MP, a modern phone camera). Checked from the header before any pixel is decoded,
   * so a small file claiming huge dimensions (a decompression bomb) never costs memory.
   */
  imagePixels: 24_000_000,
} as const;
