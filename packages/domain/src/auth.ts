import { z } from 'zod';
import { permissionNodeSchema } from './permission-schemas.js';
import { userSchema } from './users.js';

/** Maximum age of an encrypted password blob; older ones are refused as replays. */
export const PASSWORD_BLOB_MAX_AGE_MS = 2 * 60 * 1000;

export const publicKeyResponseSchema = z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256') });
export const captchaResponseSchema = z.object({
  captchaId: z.string(),
  image: z.string(),
  expiresInSeconds: z.number(),
});

/** A solved captcha (GET /api/auth/captcha): what a login and a code request carry. */
export const captchaFields = {
  captchaId: z.string('validation.required').min(1, 'validation.required').max(64),
  captchaCode: z.string('validation.required').trim().min(1, 'validation.required').max(16),
};

export const loginRequestSchema = z.strictObject({
  username: z.string('validation.required').trim().min(1, 'validation.required').max(64),
  /** base64 of RSA-OAEP-SHA256 over UTF-8 JSON {"password","nonce","ts"}. */
  password: z.string('validation.required').min(1, 'validation.required').max(1024),
  ...captchaFields,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The plaintext inside an encrypted password blob. */
export const passwordBlobSchema = z.object({
  password: z.string(),
  nonce: z.string().min(16).max(128),
  ts: z.number().int(),
});
export type PasswordBlob = z.infer<typeof passwordBlobSchema>;

export const meSchema = z.object({
  user: userSchema,
  role: z.object({ id: z.number().int(), name: z.string(), views: z.array(z.string()) }),
  /** Granted codes: modules ("A"), pages ("A/A") and functions ("A:plant.add"). */
  permissions: z.array(z.string()),
  modules: z.array(permissionNodeSchema),
});
export type Me = z.infer<typeof meSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
