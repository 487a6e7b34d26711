import { translate } from '@voltfleet/domain';
import { currentLang } from './i18n';
import { notify } from './notice';

type SuccessKey = 'success.saved' | 'success.added' | 'success.edited' | 'success.deleted';

/** SPEC §8 success messages, in the domain's wording for all four languages. */
export function notifySuccess(key: SuccessKey): void {
  notify('success', translate(key, currentLang()));
}
