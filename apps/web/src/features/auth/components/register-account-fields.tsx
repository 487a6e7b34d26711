import { Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUILTIN_ROLE_TEXTS } from '@voltfleet/domain/permissions';
import { REGISTRATION_ROLE_CHOICES, registerSchema } from '@voltfleet/domain/auth';
import { passwordSchema } from '@voltfleet/domain/validation';
import { schemaRule } from '@/lib/form-rules';
import { samePasswordRule } from './same-password-rule';
import { message } from '@/lib/i18n';

/** Step 1, account info: username, password twice and the role (a dealer account is not self-registered, R1.6). */
export function RegisterAccountFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[schemaRule(registerSchema.shape.username)]}
        required
      >
        <Input autoComplete="username" data-testid="register-username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[schemaRule(passwordSchema)]} required>
        <Input.Password autoComplete="new-password" data-testid="register-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('register.confirmPassword')}
        dependencies={['password']}
        required
        rules={[samePasswordRule('password', t('register.passwordMismatch'))]}
      >
        <Input.Password autoComplete="new-password" data-testid="register-confirm" />
      </Form.Item>
      <Form.Item name="role" label={t('register.role')} rules={[schemaRule(registerSchema.shape.role)]} required>
        <Radio.Group data-testid="register-role">
          {REGISTRATION_ROLE_CHOICES.map((role) => (
            <Radio key={role} value={role} disabled={role === 'dealer'} data-testid={`register-role-${role}`}>
              {message(BUILTIN_ROLE_TEXTS[role].name)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Typography.Paragraph type="secondary" data-testid="register-dealer-hint">
        {message('register.dealerContactProvider')}
      </Typography.Paragraph>
    </>
  );
}
