import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESET_PASSWORD_PATH, type Me } from '@voltfleet/domain/auth';
import { LanguageSwitch } from '@/components/language-switch';
import { LoginForm } from '../components/login-form';

/** /login: product name, the login form and the language switch. */
export default function LoginPage({ onSignedIn }: { onSignedIn: (me: Me) => void | Promise<void> }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('login.title')} · Voltfleet`;
  }, [t]);
  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <div className="login-card">
        <h1 className="login-brand">Voltfleet</h1>
        <p className="login-subtitle" data-testid="page-title">
          {t('login.subtitle')}
        </p>
        <LoginForm onSignedIn={onSignedIn} />
        <div className="login-links">
          <Link to="/register" data-testid="login-register">
            {t('login.register')}
          </Link>
          <Link to={RESET_PASSWORD_PATH} data-testid="login-forgot-password">
            {t('login.forgotPassword')}
          </Link>
        </div>
      </div>
    </main>
  );
}
