import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}

/** Shutdown asks for the user's password again. */
export function PasswordDialog({ open, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  return (
    <Modal
      open={open}
      title={t('commands.confirmShutdown')}
      okButtonProps={{ disabled: password === '' }}
      onCancel={() => {
        setPassword('');
        onCancel();
      }}
      onOk={() => {
        onConfirm(password);
        setPassword('');
      }}
      destroyOnHidden
    >
      <label className="filter-field">
        {t('commands.password')}
        <Input.Password
          data-testid="command-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
    </Modal>
  );
}
