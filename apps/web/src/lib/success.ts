import { loadMessage } from './i18n';
import { notify } from './notice';

type SuccessKey =
  | 'success.saved'
  | 'success.added'
  | 'success.edited'
  | 'success.deleted'
  | 'success.cleared'
  | 'success.stockedIn'
  | 'success.activated'
  | 'success.issued'
  | 'success.uploaded'
  | 'user.enabledNow'
  | 'user.disabledNow'
  | 'user.moved'
  | 'user.approvedNow'
  | 'user.refusedNow'
  | 'user.savedRelogin'
  | 'user.deletedHandedOver'
  | 'verification.codeSent';

/**
 * R8.6 success messages, in the domain's wording for all four languages. The domain's message catalogue (in the UI's
 * language) arrives with the first success if the page has not loaded it.
 */
export function notifySuccess(key: SuccessKey, params: Record<string, string | number> = {}): void {
  void loadMessage(key, params).then((text) => notify('success', text));
}
