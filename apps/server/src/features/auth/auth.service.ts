import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_BLOB_MAX_AGE_MS, type LoginRequest, type Me } from '@voltfleet/domain/auth';
import { buildPermissionTree, permissionName } from '@voltfleet/domain/permissions';
import { passwordSchema } from '@voltfleet/domain/validation';
import { translateOr, type Lang } from '@voltfleet/domain/i18n';
import type { Db, Queryable } from '../../db/db.js';
import type { Config } from '../../config.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { hashToken, type Caller } from '../../platform/auth.js';
import { consumeCaptcha } from './captcha.js';
import { decryptPasswordBlob, type LoginKey } from './login-key.js';
import {
  LOGIN_LIMITS,
  clearPasswordChangeAttempts,
  countPasswordChangeAttempt,
  lockedForMinutes,
  loginSucceeded,
  startLoginAttempt,
  recordFailure,
} from './login-limits.js';
import { rememberNonce, roleViews } from './auth.repository.js';
import { insertSession, revokeSession, revokeUserSessions } from './session.repository.js';
import {
  rememberLanguage,
  toUser,
  updateUserFields,
  userById as findUserById,
  userByUsername as findUserByUsername,
  type UserRow,
} from '../users/index.js';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Verified when the username is unknown so both paths take the same time.
let dummyHash: Promise<string> | undefined;

export const hashPassword = (plain: string) => hash(plain, ARGON2);

export async function verifyPassword(hashText: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashText, plain);
  } catch {
    return false;
  }
}

/**
 * Opens an encrypted password blob: the decryption must succeed, its timestamp be fresh and its nonce unused.
 * Each nonce is stored, so a captured blob cannot be sent twice.
 */
export async function openPasswordBlob(
  db: Queryable,
  key: LoginKey,
  blob: string,
  field = 'password',
): Promise<string> {
  const opened = decryptPasswordBlob(key, blob);
  if (!opened)
    throw new AppError(
      'validation',
      'auth.passwordBlobInvalid',
      {},
      { issues: [{ path: field, key: 'auth.passwordBlobInvalid' }] },
    );
  if (Math.abs(Date.now() - opened.ts) > PASSWORD_BLOB_MAX_AGE_MS)
    throw new AppError('unauthorized', 'auth.passwordReplayed');
  if (!(await rememberNonce(db, opened.nonce, (2 * PASSWORD_BLOB_MAX_AGE_MS) / 1000)))
    throw new AppError('unauthorized', 'auth.passwordReplayed');
  return opened.password;
}

export interface AuthDeps {
  db: Db;
  config: Config;
  loginKey: LoginKey;
}

/** Checks captcha, throttling, blob and password; opens a session. Failures count per account-and-address and address. */
export async function login(deps: AuthDeps, body: LoginRequest, meta: { ip: string; userAgent: string }) {
  const { db, config, loginKey } = deps;
  const minutes = await lockedForMinutes(db, body.username, meta.ip);
  if (minutes > 0) throw new AppError('rate_limited', 'auth.accountLocked', { minutes });
  if (!(await consumeCaptcha(db, body.captchaId, body.captchaCode, config.captchaTestCode))) {
    await recordFailure(db, meta.ip);
    throw new AppError('unauthorized', 'auth.captchaWrong');
  }
  const password = await openPasswordBlob(db, loginKey, body.password);
  const user = await findUserByUsername(db, body.username);
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  // Counted before the (slow) check, so parallel guesses past the limit are refused unchecked; a right password
  // takes its attempt back.
  const attempt = await startLoginAttempt(db, body.username, meta.ip);
  if (attempt.lockedMinutes > 0)
    throw new AppError('rate_limited', 'auth.accountLocked', { minutes: attempt.lockedMinutes });
  const good = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
  if (!user || !good) throw new AppError('unauthorized', 'auth.badCredentials');
  if (!user.enabled) throw new AppError('unauthorized', 'auth.accountDisabled');
  // Said only after the right password, so it tells nothing to someone who does not hold the account.
  if (user.approval === 'refused') throw new AppError('unauthorized', 'auth.registrationRefused');
  await loginSucceeded(db, body.username, meta.ip, attempt.rows);
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + config.sessionMaxHours * 3_600_000),
    ...meta,
  });
  return { token, user };
}

export const logout = (db: Db, caller: Caller) => revokeSession(db, caller.tokenHash);

/** The caller's profile, role and permission tree in their language. */
export async function me(db: Db, caller: Caller, lang: Lang, uiLanguage?: Lang): Promise<Me> {
  const read = await findUserById(db, caller.id);
  if (!read) throw notFound();
  // The page asks in the UI's language: until the account chooses one, mail and SMS to it follow that. Decided on the
  // row just read, so a page load in the same language writes nothing (before, every call sent an UPDATE that
  // matched no row: one round trip of four; bench/README.md, api, tenth run).
  const remember = uiLanguage && !read.language_chosen && read.language !== uiLanguage;
  const row =
    remember && (await rememberLanguage(db, caller.id, uiLanguage)) ? { ...read, language: uiLanguage } : read;
  const views = await roleViews(db, row.role_id);
  const permissions = [...caller.permissions];
  const user = toUser(row, lang);
  return {
    user,
    role: { id: row.role_id, name: user.roleName, views },
    permissions,
    modules: buildPermissionTree(permissions, (code) => translateOr(permissionName(code), lang, code)).filter(
      (m) => m.show,
    ),
  };
}

/** Changes the caller's password after checking the old one; every other session of theirs ends. */
export async function changePassword(deps: AuthDeps, caller: Caller, oldBlob: string, newBlob: string): Promise<void> {
  const { db, loginKey } = deps;
  const oldPassword = await openPasswordBlob(db, loginKey, oldBlob, 'oldPassword');
  const newPassword = await openPasswordBlob(db, loginKey, newBlob, 'newPassword');
  const checked = passwordSchema.safeParse(newPassword);
  if (!checked.success)
    throw invalid(
      'newPassword',
      (checked.error.issues[0]?.message ?? 'validation.passwordLength') as 'validation.passwordLength',
    );
  if (newPassword === oldPassword) throw invalid('newPassword', 'validation.newPasswordSame');
  // Counted before the check (see countPasswordChangeAttempt): an attempt past the limit, which only a burst of
  // parallel requests can reach, is refused unchecked, so its answer says nothing about the password.
  const attempts = await countPasswordChangeAttempt(db, caller.tokenHash);
  const limit = LOGIN_LIMITS.perSessionPasswordChange;
  const row: UserRow | undefined = attempts > limit ? undefined : await findUserById(db, caller.id);
  if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
    // The limit-th wrong answer ends the session, so a stolen session cannot be used to guess the password.
    if (attempts >= limit) {
      await revokeSession(db, caller.tokenHash);
      throw new AppError('unauthorized', 'auth.passwordChangeLocked');
    }
    throw invalid('oldPassword', 'auth.oldPasswordWrong');
  }
  await clearPasswordChangeAttempts(db, caller.tokenHash);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updateUserFields(tx, caller.id, { password_hash: passwordHash });
    await revokeUserSessions(tx, caller.id, caller.tokenHash);
  });
}
