import { IMAGE_LIMITS } from '../images.js';

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
  /** The bounds every uploaded image has (images.ts). */
  imageBytes: IMAGE_LIMITS.bytes,
  imagePixels: IMAGE_LIMITS.pixels,
} as const;
