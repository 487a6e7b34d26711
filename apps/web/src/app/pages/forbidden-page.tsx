import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session';

/** R2.8: shown when the user has no permitted page, or opens one they may not. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  return (
    <div className="standalone-page">
      <Result
        status="403"
        title={<span data-testid="page-title">403</span>}
        subTitle={t('errors.forbidden')}
        extra={
          // Opening /login while signed in signs out, so a user without pages can switch accounts.
          <Button type="primary" onClick={() => navigate('/login')}>
            {signedIn ? t('errors.switchAccount') : t('errors.toLogin')}
          </Button>
        }
      />
    </div>
  );
}
