import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@voltfleet/domain/users';
import { notifySuccess } from '@/lib/success';
import { startPasswordReset } from '../api/start-password-reset';

/**
 * "Reset password" on a user row (user.edit): after a confirmation the user gets a code by e-mail, else by SMS, for
 * the reset page; the password itself is never seen by the administrator.
 */
export function ResetPasswordButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const reset = () =>
    startPasswordReset(user.id).then(
      () => notifySuccess('verification.codeSent'),
      () => undefined, // the server's message is already on screen
    );
  return (
    <Popconfirm
      title={t('register.resetPasswordConfirm', { name: user.username })}
      okText={t('register.resetPasswordAction')}
      cancelText={t('common.cancel')}
      onConfirm={reset}
    >
      <Button type="link" data-testid={`user-reset-password-${user.username}`}>
        {t('register.resetPasswordAction')}
      </Button>
    </Popconfirm>
  );
}
