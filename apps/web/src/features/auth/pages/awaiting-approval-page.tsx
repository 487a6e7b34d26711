import { useEffect, useState } from 'react';
import { Button, Flex, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getMe } from '@/lib/get-me';
import { currentLang } from '@/lib/i18n';
import { notify } from '@/lib/notice';
import { clearSession, saveSession, useMe } from '@/lib/session';
import { LanguageSwitch } from '@/components/language-switch';
import { logout } from '../api/logout';

/** How often the page asks by itself whether the account was approved. */
const CHECK_EVERY_MS = 60_000;

/**
 * What a self-registered account sees until its superior approves it (issue 38 point 1): whose decision it awaits,
 * the role it asked for, a way to check again (and a check each minute), and sign-out. The server answers this
 * account nothing else; once approved, the stored session takes the server's `Me` and the app shows the pages its
 * confirmed role grants.
 */
export default function AwaitingApprovalPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    document.title = `${t('register.awaitingTitle')} · Voltfleet`;
  }, [t]);

  const check = async (quietly: boolean) => {
    setChecking(true);
    try {
      const fresh = await getMe();
      if (fresh.user.approval === 'pending') {
        if (!quietly) notify('info', t('register.awaitingStill'));
      } else saveSession(fresh, currentLang());
    } catch {
      // A failure speaks for itself (the http layer's notice, or the way to /login for an ended session).
    } finally {
      setChecking(false);
    }
  };

  useEffect(() => {
    const timer = window.setInterval(() => void check(true), CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer for the page's life; `check` reads no state
  }, []);

  const signOut = () =>
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        window.location.assign('/login');
      });

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <div className="login-card" style={{ maxWidth: 600 }} data-testid="awaiting-approval">
        <Result
          icon={<ClockCircleOutlined />}
          // The page's heading in the result's own size (a bare h1 doubled it, four lines on a phone).
          title={
            <h1 data-testid="page-title" style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>
              {t('register.awaitingTitle')}
            </h1>
          }
          subTitle={
            <>
              <p>
                {t('register.awaitingBody', {
                  username: me.user.username,
                  superior: me.user.superiorName ?? me.user.parentCustomerCode ?? '—',
                })}
              </p>
              <p data-testid="awaiting-role">{t('register.awaitingRole', { role: me.user.roleName })}</p>
            </>
          }
          extra={
            <Flex gap={8} justify="center" wrap>
              <Button type="primary" loading={checking} data-testid="awaiting-check" onClick={() => void check(false)}>
                {t('register.awaitingCheck')}
              </Button>
              <Button data-testid="awaiting-sign-out" onClick={signOut}>
                {t('register.signOut')}
              </Button>
            </Flex>
          }
        />
      </div>
    </main>
  );
}
