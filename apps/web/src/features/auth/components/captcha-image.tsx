import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The captcha picture; a click (or Enter / Space on the focused button) asks for a new one. */
export function CaptchaImage({
  image,
  loading,
  onRefresh,
  testId = 'login-captcha-image',
}: {
  image?: string;
  loading: boolean;
  onRefresh: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      data-testid={testId}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaNew')}
      onClick={onRefresh}
    >
      {loading ? (
        <Spin size="small" />
      ) : image ? (
        <img src={image} alt={t('login.captcha')} />
      ) : (
        t('login.captchaRefresh')
      )}
    </button>
  );
}
