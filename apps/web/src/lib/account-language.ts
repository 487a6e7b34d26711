import type { Lang } from '@voltfleet/domain/i18n';
import type { Me } from '@voltfleet/domain/auth';
import type { User } from '@voltfleet/domain/users';
import { http } from './http';
import { changeLang, currentLang } from './i18n';
import { getSession, updateSessionUser } from './session';

/**
 * The language is the account's (issue: "language per account"): a choice made while signed in is stored with the
 * user and applies on every browser at login; R1.4's rule (a stored choice on this browser, else zh for a zh-CN
 * browser, else en) decides only until the account's first choice.
 */

/** A choice made on the login page, before anyone is signed in: it becomes the account's at login. */
let choiceBeforeLogin: Lang | undefined;

/** Stores the caller's choice with their account. */
export function saveLanguageChoice(language: Lang): Promise<User> {
  return http.put<User>('/api/auth/me/language', { language });
}

/** Records a switch of the UI language: with the account when signed in, else for the next login. */
export async function recordLanguageChoice(lang: Lang): Promise<void> {
  if (!getSession()) {
    choiceBeforeLogin = lang;
    return;
  }
  updateSessionUser(await saveLanguageChoice(lang));
}

/**
 * At login: a choice made on the login page just before is the newest, so it becomes the account's; otherwise the
 * account's chosen language wins over this browser's. Answers `me` as it now stands.
 */
export async function settleAccountLanguage(me: Me): Promise<Me> {
  const pending = choiceBeforeLogin;
  choiceBeforeLogin = undefined;
  if (pending) {
    const user = await saveLanguageChoice(pending).catch(() => undefined);
    return user ? { ...me, user } : me;
  }
  if (me.user.languageChosen && me.user.language !== currentLang())
    await changeLang(me.user.language).catch(() => undefined);
  return me;
}
