import type { z } from 'zod';
import { NOT_SERVED_REFUSALS, nanpRefusal } from './nanp.js';

/** R9.7: +86 is the default calling code; these are the only ones offered. */
export const PHONE_PREFIXES = ['+86', '+31', '+1', '+55', '+234'] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];
export const DEFAULT_PHONE_PREFIX: PhonePrefix = '+86';

/**
 * Mobile number rule per calling code; +86 is the mainland rule of R5.5, +1 the United States' and Canada's
 * geographic numbers only (nanp.ts: no premium, toll-free or other country's numbers of the plan).
 */
const MOBILE_PATTERNS: Record<PhonePrefix, { test(number: string): boolean }> = {
  '+86': /^1[3-9]\d{9}$/,
  '+31': /^6\d{8}$/,
  '+1': { test: (number) => nanpRefusal(number) === null },
  '+55': /^[1-9]{2}9\d{8}$/,
  '+234': /^[789][01]\d{8}$/,
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

/** True when the mobile number fits the calling code's format. */
export function isValidMobile(prefix: string, number: string): boolean {
  return Object.hasOwn(MOBILE_PATTERNS, prefix) && MOBILE_PATTERNS[prefix as PhonePrefix].test(number);
}

/** Splits a stored "prefix-number" phone into its parts; a bare number gets the default prefix. */
export function splitPhone(stored: string | null | undefined): { prePhoneCode: string; phone: string } {
  if (!stored) return { prePhoneCode: DEFAULT_PHONE_PREFIX, phone: '' };
  const dash = stored.indexOf('-');
  if (dash > 0 && stored.startsWith('+')) {
    return { prePhoneCode: stored.slice(0, dash), phone: stored.slice(dash + 1) };
  }
  return { prePhoneCode: DEFAULT_PHONE_PREFIX, phone: stored };
}

/** Joins calling code and number into the stored "prefix-number" form. */
export function joinPhone(prePhoneCode: string | undefined, phone: string): string {
  return `${prePhoneCode ?? DEFAULT_PHONE_PREFIX}-${phone}`;
}

/** Adds the mobile-format check to any object holding `prePhoneCode` and `phone`. */
export function checkPhone(
  value: { prePhoneCode?: string | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.phone === undefined || value.phone === '') return;
  if (!/^\d+$/.test(value.phone)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.digitsOnly' });
  } else if (!isValidMobile(value.prePhoneCode ?? DEFAULT_PHONE_PREFIX, value.phone)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneRefusalKey(value.prePhoneCode, value.phone) });
  }
}

/** The message of a refused number: a +1 number of a country or kind the product does not serve says so. */
function phoneRefusalKey(prefix: string | undefined, phone: string): 'validation.phone' | 'validation.phoneNotServed' {
  const refusal = prefix === '+1' ? nanpRefusal(phone) : null;
  return refusal && NOT_SERVED_REFUSALS.includes(refusal) ? 'validation.phoneNotServed' : 'validation.phone';
}
