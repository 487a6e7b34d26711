import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';

// Sign-in is a plain link to /login: the login page returns only to pages of the shell, and a big screen is
// outside it, so the user opens the screen again (from the personal centre) once signed in.

/**
 * A big screen opened with neither a session nor a kiosk link: it stays public (R2.1) and shows no data, only
 * how to get a link.
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <div className="bs-message" data-testid="bigscreen-no-access">
      <div className="bs-message-lang">
        <LanguageSwitch />
      </div>
      <h1>{t('bigScreen.noAccess.title')}</h1>
      <p>{t('bigScreen.noAccess.intro')}</p>
      <ol>
        <li>{t('bigScreen.noAccess.step1')}</li>
        <li>{t('bigScreen.noAccess.step2')}</li>
        <li>{t('bigScreen.noAccess.step3')}</li>
      </ol>
      <p>
        {t('bigScreen.noAccess.signInIntro')}{' '}
        <a href="/login" data-testid="bigscreen-sign-in">
          {t('bigScreen.noAccess.signIn')}
        </a>
      </p>
    </div>
  );
}

/** The server refused the link (revoked or expired) or the session: the screen says so and asks nothing more. */
export function AccessEndedPage({ kind }: { kind: 'session' | 'kiosk' }) {
  const { t } = useTranslation();
  return (
    <div className="bs-message" data-testid="bigscreen-ended" data-kind={kind}>
      <div className="bs-message-lang">
        <LanguageSwitch />
      </div>
      <h1>{t(`bigScreen.ended.${kind}Title`)}</h1>
      <p>{t(`bigScreen.ended.${kind}Text`)}</p>
      {kind === 'session' && (
        <a href="/login" data-testid="bigscreen-sign-in">
          {t('bigScreen.noAccess.signIn')}
        </a>
      )}
    </div>
  );
}
