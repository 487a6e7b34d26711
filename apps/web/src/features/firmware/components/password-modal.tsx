import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks for the user's password again before an upgrade is issued (like a shutdown). */
export function PasswordModal(props: { busy: boolean; onSubmit: (password: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  return (
    <Modal
      open
      title={t('firmware.passwordTitle')}
      okText={t('firmware.issue')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: password === '', 'data-testid': 'firmware-password-ok' }}
      confirmLoading={props.busy}
      onOk={() => props.onSubmit(password)}
      onCancel={props.onCancel}
      maskClosable={false}
    >
      <Typography.Paragraph type="secondary">{t('firmware.passwordHelp')}</Typography.Paragraph>
      <Input.Password
        autoFocus
        value={password}
        autoComplete="current-password"
        data-testid="firmware-password"
        onChange={(e) => setPassword(e.target.value)}
        onPressEnter={() => password && props.onSubmit(password)}
      />
    </Modal>
  );
}
