import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema, passwordSchema, type Me } from '@voltfleet/domain';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { passwordEncrypter } from '@/lib/password-crypto';
import { useCaptcha } from '../api/get-captcha';
import { getMe } from '../api/get-me';
import { login } from '../api/login';
import { CaptchaImage } from './captcha-image';

interface LoginValues {
  username: string;
  password: string;
  captchaCode: string;
}

const rules = {
  username: [schemaRule(loginRequestSchema.shape.username)],
  password: [schemaRule(passwordSchema)],
  captchaCode: [schemaRule(loginRequestSchema.shape.captchaCode)],
};

/** Username, password and captcha (SPEC §2); the password leaves the browser only RSA-encrypted. */
export function LoginForm({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginValues) => {
    if (!captcha.data) {
      void captcha.refetch();
      return;
    }
    setBusy(true);
    try {
      const encrypt = await passwordEncrypter();
      await login({
        username: values.username.trim(),
        password: await encrypt(values.password),
        captchaId: captcha.data.captchaId,
        captchaCode: values.captchaCode.trim(),
      });
      onSignedIn(await getMe());
    } catch (error) {
      // The server's message is already on screen (or on the fields); a captcha is good for one try only.
      showFormError(form, error);
      form.setFieldValue('captchaCode', '');
      void captcha.refetch();
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(v) => void submit(v)}>
      <Form.Item name="username" label={t('login.username')} rules={rules.username}>
        <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={rules.password}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Form.Item label={t('login.captcha')} required>
        <Flex gap={8}>
          <Form.Item name="captchaCode" rules={rules.captchaCode} noStyle>
            <Input prefix={<SafetyOutlined />} autoComplete="off" maxLength={16} data-testid="login-captcha-input" />
          </Form.Item>
          <CaptchaImage
            image={captcha.data?.image}
            loading={captcha.isFetching}
            onRefresh={() => {
              form.setFieldValue('captchaCode', '');
              void captcha.refetch();
            }}
          />
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
