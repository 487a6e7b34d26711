import {
  accountAddress,
  codeAddress,
  registrationLevel,
  type CodeRequest,
  type CodeSent,
  type PasswordResetRequest,
  type RegisterRequest,
} from '@voltfleet/domain/auth';
import { joinPhone, passwordSchema } from '@voltfleet/domain/validation';
import { type Lang } from '@voltfleet/domain/i18n';
import { AWAITING_APPROVAL_LINK, USER_APPROVAL_PERMISSION } from '@voltfleet/domain/users';
import type { Queryable } from '../../db/db.js';
import { AppError, conflict, invalid } from '../../platform/errors.js';
import { postMessages } from '../messages/index.js';
import { builtinRoleId } from '../roles/index.js';
import {
  approverFor,
  insertUserRecord,
  updateUserFields,
  userByCode,
  userByUsername,
  usersByAddress,
  markContactVerified,
  verifiedOwners,
  type UserRow,
} from '../users/index.js';
import {
  hashPassword,
  issueCode,
  openPasswordBlob,
  refusedWithCodeSpent,
  requireCaptcha,
  revokeUserSessions,
  useCode,
  type CodeDeps,
  type LoginKey,
} from '../auth/index.js';

export interface RegistrationDeps extends CodeDeps {
  loginKey: LoginKey;
  /** VOLTFLEET_CAPTCHA_TEST_CODE: the answer tests give every captcha (never set in production). */
  captchaTestCode: string | undefined;
  /** The client code of the account that self-registered accounts go under when none is given. */
  defaultSuperiorCode: string;
}

/**
 * Sends a code to an address (the register and forgot-password pages). To register: the code, or to an address that
 * already has an account a note saying so; to reset: the code when the address has an account, else nothing. The
 * answer is the same in every case, so it tells nobody whether an address is registered. A solved captcha comes
 * first (issue 38: every request may cost an SMS).
 */
export async function requestCode(
  deps: RegistrationDeps,
  body: CodeRequest,
  ip: string,
  lang: Lang,
): Promise<CodeSent> {
  await requireCaptcha(deps.db, body, deps.captchaTestCode);
  const address = codeAddress(body);
  const to = { purpose: body.purpose, channel: body.channel, address, ip, lang };
  if (body.purpose === 'register') {
    // Only an account whose contact a code proved holds an address: a number given unverified beside an e-mail
    // address (or the reverse) never keeps its owner from registering.
    const owners = await verifiedOwners(deps.db, address);
    return issueCode(deps, to, (code) =>
      owners.length > 0 ? { kind: 'alreadyRegistered' } : { kind: 'register', code },
    );
  }
  // A reset code goes to any contact of an account: holding the address is what the code proves.
  const holders = await usersByAddress(deps.db, address);
  return issueCode(deps, to, (code) => (holders.length > 0 ? { kind: 'reset', code } : null));
}

/** An administrator's reset for a subordinate: a code to their e-mail, else to their mobile, in their language. */
export async function sendResetCode(deps: CodeDeps, user: UserRow, ip: string): Promise<CodeSent> {
  const channel = user.email ? 'email' : user.phone ? 'sms' : null;
  if (!channel) throw new AppError('conflict', 'verification.noChannel');
  const address = channel === 'email' ? user.email.toLowerCase() : user.phone;
  return issueCode(deps, { purpose: 'reset', channel, address, ip, lang: user.language }, (code) => ({
    kind: 'reset',
    code,
  }));
}

async function openNewPassword(deps: RegistrationDeps, blob: string, field: string): Promise<string> {
  const password = await openPasswordBlob(deps.db, deps.loginKey, blob, field);
  const checked = passwordSchema.safeParse(password);
  if (!checked.success)
    throw invalid(
      field,
      (checked.error.issues[0]?.message ?? 'validation.passwordLength') as 'validation.passwordLength',
    );
  return password;
}

/** The superior a new account goes under: the one with the client code given, else the configured default. */
async function superiorOf(db: Queryable, deps: RegistrationDeps, body: RegisterRequest): Promise<UserRow> {
  const given = body.superiorCode?.trim();
  const superior = await userByCode(db, given || deps.defaultSuperiorCode);
  if (superior?.enabled) return superior;
  if (given) throw refusedWithCodeSpent('superiorCode', 'register.superiorUnknown');
  throw new Error(`REGISTER_DEFAULT_SUPERIOR: no enabled account has the client code "${deps.defaultSuperiorCode}"`);
}

/**
 * Creates a self-registered account once its code is right, awaiting approval; returns its id, username and path.
 * Until the account it names (or the nearest account above that may edit users) approves it, it holds no permission;
 * that account hears of the request in its messages, in the same transaction. The code is checked
 * first: without a right one every request gets the code's answer, so nothing tells a client code that exists from
 * one that does not; past the check the code is spent whatever the answer (useCode), so one code cannot probe any
 * number of client codes or usernames.
 */
export async function register(
  deps: RegistrationDeps,
  body: RegisterRequest,
): Promise<{ id: number; username: string; path: string }> {
  const level = registrationLevel(body.role);
  const password = await openNewPassword(deps, body.password, 'password');
  const passwordHash = await hashPassword(password);
  const phone = joinPhone(body.prePhoneCode, body.phone);
  return useCode(deps, 'register', [codeAddress(body)], body.verificationCode, async (tx, address) => {
    const superior = await superiorOf(tx, deps, body);
    // Nobody registers above the account they go under (the rule of user creation).
    if (level < superior.level) throw refusedWithCodeSpent('superiorCode', 'register.superiorLevel');
    if (await userByUsername(tx, body.username)) throw refusedWithCodeSpent('username', 'user.usernameTaken');
    if ((await verifiedOwners(tx, address)).length > 0) throw conflict('register.addressTaken');
    const id = await insertUserRecord(tx, {
      username: body.username,
      passwordHash,
      name: body.name,
      email: body.channel === 'email' ? address : (body.email ?? ''),
      phone,
      company: body.company ?? '',
      remark: '',
      level,
      enabled: true,
      // The role asked for; it grants nothing until an approval confirms it (or another).
      approval: 'pending',
      roleId: await builtinRoleId(tx, body.role),
      superiorId: superior.id,
      superiorPath: superior.path,
      parentCustomerCode: superior.code,
    });
    // The channel's address is proved by the code; the other contact given stays unverified.
    await markContactVerified(tx, id, address);
    const approver = await approverFor(tx, superior.path, USER_APPROVAL_PERMISSION);
    if (approver) {
      await postMessages(tx, [
        {
          userId: approver.id,
          kind: 'account',
          event: 'registered',
          params: { username: body.username, name: body.name, role: body.role, superior: superior.username },
          link: AWAITING_APPROVAL_LINK,
        },
      ]);
    }
    return { id, username: body.username, path: `${superior.path}${id}/` };
  });
}

/** The accounts and code addresses a reset form's "account" (username, e-mail or mobile number) names. */
async function accountsNamed(
  deps: RegistrationDeps,
  account: string,
): Promise<{ users: UserRow[]; addresses: string[] }> {
  const byName = await userByUsername(deps.db, account);
  if (byName) return { users: [byName], addresses: [byName.email.toLowerCase(), byName.phone].filter(Boolean) };
  const address = accountAddress(account);
  const addresses = address ? [codeAddress(address)] : [];
  const users = (await Promise.all(addresses.map((a) => usersByAddress(deps.db, a)))).flat();
  return { users, addresses };
}

/** Sets a new password with a reset code and ends every session of the account; returns the account. */
export async function resetPassword(deps: RegistrationDeps, body: PasswordResetRequest): Promise<UserRow> {
  const password = await openNewPassword(deps, body.newPassword, 'newPassword');
  const { users, addresses } = await accountsNamed(deps, body.account.trim());
  const passwordHash = await hashPassword(password);
  return useCode(deps, 'reset', addresses, body.verificationCode, async (tx, address) => {
    // The account the code was sent for: the one named, or the one whose contact a code proved to be the address,
    // else the oldest one holding it (usersByAddress's order).
    const user = users.find((u) => u.email.toLowerCase() === address || u.phone === address);
    if (!user) throw invalid('verificationCode', 'verification.codeExpired');
    await updateUserFields(tx, user.id, { password_hash: passwordHash });
    await markContactVerified(tx, user.id, address);
    await revokeUserSessions(tx, user.id);
    return user;
  });
}
