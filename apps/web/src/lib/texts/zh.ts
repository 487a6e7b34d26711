// The texts of one language (decision 0032), a module per language because a glob takes only a literal: the core
// namespaces, which come with this module (the first download needs them), and a loader per file of the web and of
// the domain's catalogue, each other file a chunk of its own (a core file's loader resolves to this module).
import auth from '../../locales/zh/auth.json';
import common from '../../locales/zh/common.json';
import errors from '../../locales/zh/errors.json';
import http from '../../locales/zh/http.json';
import login from '../../locales/zh/login.json';
import type { LanguageTexts } from './language-texts';

const texts: LanguageTexts = {
  core: { auth, common, errors, http, login },
  web: import.meta.glob<Record<string, unknown>>('../../locales/zh/*.json', { import: 'default' }),
  messages: import.meta.glob<Record<string, unknown>>('../../../../../packages/domain/src/i18n/locales/zh/*.json', {
    import: 'default',
  }),
};
export default texts;
