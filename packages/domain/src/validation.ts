import type { z } from 'zod';

/** R9.7: +86 is the default calling code; these are the only ones offered. */
export const PHONE_PREFIXES = ['+86', '+31', '+1', '+55', '+234'] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];
export const DEFAULT_PHONE_PREFIX: PhonePrefix = '+86';

/** Mobile number shape per calling code; +86 is the mainland rule of R5.5. */
const MOBILE_PATTERNS: Record<PhonePrefix, RegExp> = {
  '+86': /^1[3-9]\d{9}$/,
  '+31': /^6\d{8}$/,
  '+1': /^[2-9]\d{2}[2-9]\d{6}$/,
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
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phone' });
  }
}
