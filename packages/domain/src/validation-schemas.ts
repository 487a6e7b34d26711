// The schemas of validation.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { PHONE_PREFIXES, PASSWORD_MIN, PASSWORD_MAX } from './validation.js';
import { safeText } from './hostile-input.js';

/** R5.4: no leading or trailing whitespace, and the first character is not a space. */
export function trimmedText(max: number) {
  return safeText(z.string('validation.required'))
    .max(max, 'validation.tooLong')
    .refine((s) => s === s.trim(), 'validation.noLeadingTrailingSpace');
}

export function requiredText(max: number) {
  return trimmedText(max).refine((s) => s.length > 0, 'validation.required');
}

/** R5.3: longitude with optional sign, |x| ≤ 180, at most 6 decimals; given as a decimal string or number. */
export const longitudeSchema = coordinate(180, 'validation.longitude');

/** R5.3: latitude, |x| ≤ 90, at most 6 decimals. */
export const latitudeSchema = coordinate(90, 'validation.latitude');

function coordinate(limit: number, message: string) {
  return z.union([z.string(), z.number()], message).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v;
    if (!/^[+-]?\d{1,3}(\.\d{1,6})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const n = Number(text);
    if (Math.abs(n) > limit) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** A word of a person's name: a letter of any script, a digit or an underscore first, then combining marks too. */
const NAME_WORD = String.raw`[\p{L}\p{Nd}_][\p{L}\p{M}\p{Nd}_]*`;

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * How a person's name joins its words: one space, a hyphen or an apostrophe ("Jan Novák", "Anne-Marie", "O'Brien",
 * "O’Brien"), or a full stop with or without a space after it ("J. R. Smith"); it may end with a full stop ("Jr.").
 * Each separator stands between two words, so a name never starts or ends with a space and has no run of them. No
 * part of the pattern can match the same text two ways: it checks a 64-character name in one pass.
 */
const PERSON_NAME = new RegExp(String.raw`^${NAME_WORD}(?:(?:[ '’-]|\. ?)${NAME_WORD})*\.?$`, 'u');

export const passwordSchema = z
  .string('validation.required')
  .min(PASSWORD_MIN, 'validation.passwordLength')
  .max(PASSWORD_MAX, 'validation.passwordLength')
  .refine((s) => !/\s/.test(s), 'validation.noSpaces')
  .refine((s) => !CHINESE.test(s), 'validation.noChinese');

/**
 * A person's display name (a user's "name", a registrant's): letters of any script with their accents and marks,
 * digits and underscores, in words joined as PERSON_NAME says. Control characters, other punctuation, emoji and
 * other spaces (tab, the ideographic space) are refused. R5.6's stricter "Name" rule (letters, digits, underscore
 * and Chinese: no spaces) is for names that identify things, such as a plant's (plants.ts); a person's name is how
 * people write it (issue 36: "Jan Novák" and "Anna Müller" were refused).
 */
export const personNameSchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .max(64, 'validation.tooLong')
  .regex(PERSON_NAME, 'validation.personName');

export const usernameSchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .refine((s) => !/\s/.test(s), 'validation.noSpaces')
  .refine((s) => !CHINESE.test(s), 'validation.noChinese')
  .refine((s) => /^[A-Za-z0-9_.-]{3,32}$/.test(s), 'validation.username');

export const emailSchema = z
  .string('validation.required')
  .max(254, 'validation.tooLong')
  .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, 'validation.email');

export const digitsOnlySchema = z.string('validation.required').regex(/^\d+$/, 'validation.digitsOnly');

export const phonePrefixSchema = z.enum(PHONE_PREFIXES, 'validation.phonePrefix');

/** R5.7: a positive number. */
export const positiveNumberSchema = z.number('validation.positiveNumber').positive('validation.positiveNumber');

/** R5.7: a non-negative number where stated. */
export const nonNegativeNumberSchema = z.number('validation.nonNegativeNumber').min(0, 'validation.nonNegativeNumber');
