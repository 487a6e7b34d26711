import { z } from 'zod';
import { captchaFields } from './auth.js';
import type { BuiltinRoleKey } from './builtin-roles.js';
import { LEVEL_KEYS, type UserLevel } from './levels.js';
import { DEFAULT_PHONE_PREFIX, PHONE_PREFIXES, checkPhone, joinPhone } from './validation.js';
import {
  requiredText,
  trimmedText,
  emailSchema,
  personNameSchema,
  phonePrefixSchema,
  usernameSchema,
} from './validation-schemas.js';

/**
 * The rules of a verification code (registration, password reset): six digits, ten minutes, single use, dead after
 * five wrong tries, one per address a minute, a few per address an hour and per client address.
 */
export const VERIFICATION_CODE = {
  digits: 6,
  ttlSeconds: 600,
  maxWrongTries: 5,
  resendSeconds: 60,
  perAddressPerHour: 5,
  perIpPerHour: 20,
} as const;

/** How a code reaches the user: e-mail or SMS to the mobile number. */
export const CODE_CHANNELS = ['email', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

export const CODE_PURPOSES = ['register', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The roles the register page offers; a dealer account is never self-registered (R1.6: contact the provider). */
export const REGISTRATION_ROLE_CHOICES = [
  'dealer',
  'engineering',
  'personal',
] as const satisfies readonly BuiltinRoleKey[];
export type RegistrationRoleChoice = (typeof REGISTRATION_ROLE_CHOICES)[number];
export const SELF_REGISTRATION_ROLES = ['engineering', 'personal'] as const satisfies readonly RegistrationRoleChoice[];
export type SelfRegistrationRole = (typeof SELF_REGISTRATION_ROLES)[number];

/** The level of a self-registered account: the level named like its role (engineering 2, personal 3). */
export function registrationLevel(role: SelfRegistrationRole): UserLevel {
  return LEVEL_KEYS.indexOf(role) as UserLevel;
}

export const verificationCodeSchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .regex(/^\d{6}$/, 'verification.codeFormat');

/** An encrypted password blob, as at login. */
const passwordBlob = z.string('validation.required').min(1, 'validation.required').max(1024, 'validation.tooLong');

const addressFields = {
  channel: z.enum(CODE_CHANNELS, 'validation.invalidValue'),
  email: z.union([z.literal(''), emailSchema]).optional(),
  prePhoneCode: phonePrefixSchema.optional(),
  phone: z.string('validation.required').max(20, 'validation.tooLong').optional(),
};

/** The channel's address must be there: an e-mail address for e-mail, a mobile number for SMS. */
function checkAddress(
  v: {
    channel: CodeChannel;
    email?: string | undefined;
    phone?: string | undefined;
    prePhoneCode?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (v.channel === 'email' && !v.email)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.required' });
  if (v.channel === 'sms' && !v.phone)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.required' });
  checkPhone(v, ctx);
}

/**
 * Asks for a code (POST /api/auth/codes): to register, or to reset a forgotten password. A solved captcha goes with
 * it, as with a login: every request may cost an SMS (issue 38).
 */
export const codeRequestSchema = z
  .strictObject({ ...addressFields, ...captchaFields, purpose: z.enum(CODE_PURPOSES, 'validation.invalidValue') })
  .superRefine(checkAddress);
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** The same answer whoever owns the address (no account enumeration). */
export const codeSentSchema = z.object({ resendSeconds: z.number().int(), expiresInSeconds: z.number().int() });
export type CodeSent = z.infer<typeof codeSentSchema>;

/** Self-registration (POST /api/auth/register): name and phone required (R5.10), the code from the channel. */
export const registerSchema = z
  .strictObject({
    ...addressFields,
    username: usernameSchema,
    password: passwordBlob,
    name: personNameSchema,
    phone: z.string('validation.required').min(1, 'validation.required').max(20, 'validation.tooLong'),
    company: trimmedText(100).optional(),
    role: z
      .enum(REGISTRATION_ROLE_CHOICES, 'validation.invalidValue')
      .refine((r) => r !== 'dealer', 'register.dealerContactProvider'),
    superiorCode: trimmedText(32).optional(),
    verificationCode: verificationCodeSchema,
  })
  .superRefine(checkAddress);
export type RegisterRequest = z.infer<typeof registerSchema>;

/** Sets a new password with a reset code: the account by username, e-mail or mobile number ("+86-138…" or bare). */
export const passwordResetSchema = z.strictObject({
  account: requiredText(254),
  verificationCode: verificationCodeSchema,
  newPassword: passwordBlob,
});
export type PasswordResetRequest = z.infer<typeof passwordResetSchema>;

/** The address a code goes to, as stored: a lower-case e-mail address or "prefix-number". */
export function codeAddress(v: {
  channel: CodeChannel;
  email?: string | undefined;
  prePhoneCode?: string | undefined;
  phone?: string | undefined;
}): string {
  return v.channel === 'email'
    ? (v.email ?? '').toLowerCase()
    : joinPhone(v.prePhoneCode ?? DEFAULT_PHONE_PREFIX, v.phone ?? '');
}

type AddressOfAccount =
  | { channel: 'email'; email: string }
  | { channel: 'sms'; prePhoneCode: (typeof PHONE_PREFIXES)[number]; phone: string };

/**
 * The address a typed account is, when it is one: an e-mail address, or a mobile number as "+86-138…", "+86138…" or
 * bare digits (the default calling code). Null for anything else (a username).
 */
export function accountAddress(account: string): AddressOfAccount | null {
  const typed = account.trim();
  if (typed.includes('@')) return { channel: 'email', email: typed };
  const plain = typed.replace(/^(\+\d{1,4})-/, '$1');
  const prefix = [...PHONE_PREFIXES]
    .sort((a, b) => b.length - a.length)
    .find((p) => plain.startsWith(p) && /^\d+$/.test(plain.slice(p.length)));
  if (prefix) return { channel: 'sms', prePhoneCode: prefix, phone: plain.slice(prefix.length) };
  return /^\d+$/.test(plain) ? { channel: 'sms', prePhoneCode: DEFAULT_PHONE_PREFIX, phone: plain } : null;
}
