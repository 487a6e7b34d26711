import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@voltfleet/domain/users';
import { useRegisterTexts } from '@/lib/register-texts';
import { notifySuccess } from '@/lib/success';
import { startPasswordReset } from '../api/start-password-reset';

/**
 * "Reset password" on a user row (user.edit): after a confirmation the user gets a code by e-mail, else by SMS, for
 * the reset page; the password itself is never seen by the administrator.
 */
export function ResetPasswordButton({ user }: { user: User }) {
  const { t } = useTranslation();
  // Its words live with the reset pages' (lib/register-texts.ts), not in the shell's download.
  const ready = useRegisterTexts();
  const reset = () =>
    startPasswordReset(user.id).then(
      () => notifySuccess('verification.codeSent'),
      () => undefined, // the server's message is already on screen
    );
  if (!ready) return null;
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
