import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@voltfleet/domain';
import { LANG_LABELS } from '@/lib/lang';
import { useSwitchLang } from '@/lib/use-switch-lang';

const options = LANGUAGES.map((code) => ({
  value: code,
  label: <span data-testid={`lang-option-${code}`}>{LANG_LABELS[code]}</span>,
}));

/** The zh / en / cs / de switch of the login page and the shell header. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const switchLang = useSwitchLang();
  return (
    <Select<Lang>
      data-testid="lang-switch"
      aria-label={t('common.language')}
      value={i18n.language as Lang}
      options={options}
      onChange={(lang) => void switchLang(lang)}
      style={{ width: 120 }}
      popupMatchSelectWidth={false}
    />
  );
}
