import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@voltfleet/domain/i18n';
import { LANG_LABELS } from '@/lib/lang';
import { useSwitchLang } from '@/lib/use-switch-lang';

/**
 * The zh / en / cs / de switch of the login page and the shell header. A small list of its own rather than
 * antd Select, which would add about 30 KB gzip to the login page.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const switchLang = useSwitchLang();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const current = i18n.language as Lang;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (lang: Lang) => {
    setOpen(false);
    if (lang !== current) void switchLang(lang);
  };

  return (
    <div className="lang-switch" ref={root}>
      <Button
        data-testid="lang-switch"
        aria-label={t('common.language')}
        aria-haspopup="listbox"
        aria-expanded={open}
        icon={<TranslationOutlined />}
        onClick={() => setOpen((o) => !o)}
      >
        {LANG_LABELS[current]}
      </Button>
      {open && (
        <ul className="lang-menu" role="listbox" aria-label={t('common.language')}>
          {LANGUAGES.map((code) => (
            <li
              key={code}
              role="option"
              tabIndex={0}
              aria-selected={code === current}
              data-testid={`lang-option-${code}`}
              lang={code}
              onClick={() => choose(code)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(code);
                }
              }}
            >
              {LANG_LABELS[code]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
