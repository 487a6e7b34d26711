// The schemas of serial-number.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { SERIAL_NUMBER_PATTERN } from './serial-number.js';

/**
 * The form rule for a serial number. It lives apart from devices.ts on purpose: the web bundles a module's kept
 * exports together, and this schema (with zod behind it) beside the device labels made every page that shows a
 * device's fields download the schemas chunk.
 */
export const serialNumberSchema = z
  .string('validation.required')
  .regex(SERIAL_NUMBER_PATTERN, 'validation.serialNumber');
