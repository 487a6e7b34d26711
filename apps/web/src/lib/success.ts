import { currentLang } from './i18n';
import { notify } from './notice';

type SuccessKey =
  | 'success.saved'
  | 'success.added'
  | 'success.edited'
  | 'success.deleted'
  | 'success.stockedIn'
  | 'success.activated'
  | 'success.issued'
  | 'success.uploaded'
  | 'user.enabledNow'
  | 'user.disabledNow'
  | 'user.moved'
  | 'user.savedRelogin'
  | 'user.deletedHandedOver'
  | 'verification.codeSent';

/**
 * R8.6 success messages, in the domain's wording for all four languages. The domain's message catalogue (every
 * message in every language) arrives with the first success, not with every page.
 */
export function notifySuccess(key: SuccessKey, params: Record<string, string | number> = {}): void {
  void import('./domain-messages').then(({ translate }) => notify('success', translate(key, currentLang(), params)));
}
