import { z } from 'zod';

/** Serial numbers: uppercase letters and digits, 8 to 32 characters. */
export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9]{8,32}$/;

/**
 * The form rule for a serial number. It lives apart from devices.ts on purpose: the web bundles a module's kept
 * exports together, and this schema (with zod behind it) beside the device labels made every page that shows a
 * device's fields download the schemas chunk.
 */
export const serialNumberSchema = z
  .string('validation.required')
  .regex(SERIAL_NUMBER_PATTERN, 'validation.serialNumber');
