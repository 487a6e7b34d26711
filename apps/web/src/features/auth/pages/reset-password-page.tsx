import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { accountAddress, passwordResetSchema, type CodeSent } from '@voltfleet/domain/auth';
import { passwordSchema } from '@voltfleet/domain/validation';
import { LanguageSwitch } from '@/components/language-switch';
import { showFormError } from '@/lib/form-rules';
import { message } from '@/lib/i18n';
import { notifySuccess } from '@/lib/success';
import { schemaRule } from '@/lib/form-rules';
import { samePasswordRule } from '../components/same-password-rule';
import { requestCode } from '../api/request-code';
import { resetPassword } from '../api/reset-password';
import { CodeCaptchaField } from '../components/code-captcha-field';
import { CodeSendButton } from '../components/code-send-button';
import { useCodeCaptcha } from '../components/use-code-captcha';

interface Values {
  account: string;
  verificationCode: string;
  newPassword: string;
  confirm: string;
  /** The captcha "send code" carries; not part of the reset itself. */
  captchaCode?: string;
}

/**
 * /resetPassword: a new password with a code. The code comes from "send code" here (the account typed as an e-mail
 * address or mobile number), or from an administrator's reset (then the username will do as the account).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  // The page's words are a part of the language file of their own, fetched here (again after a language switch).
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCodeCaptcha(form);
  useEffect(() => {
    document.title = `${t('register.resetTitle')} · Voltfleet`;
  }, [t]);

  const sendCode = async (): Promise<CodeSent | undefined> => {
    const address = accountAddress(form.getFieldValue('account') ?? '');
    if (!address) {
      form.setFields([{ name: 'account', errors: [t('register.accountNotAddress')] }]);
      return undefined;
    }
    const solved = await captcha.solved();
    if (!solved) return undefined;
    try {
      const sent = await requestCode({ purpose: 'reset', ...address, ...solved });
      captcha.spent();
      notifySuccess('verification.codeSent');
      return sent;
    } catch (error) {
      // A captcha is good for one request: a new one before the refusal goes on its field.
      captcha.spent();
      // The server names e-mail or phone; the form has one field for both.
      showFormError(form, error);
      return undefined;
    }
  };

  const submit = async ({ confirm: _confirm, captchaCode: _captcha, ...values }: Values) => {
    setBusy(true);
    try {
      await resetPassword({ ...values, account: values.account.trim() });
      setDone(true);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <div className="login-card" style={{ maxWidth: 460 }}>
        <h1 className="login-brand" data-testid="page-title">
          {t('register.resetTitle')}
        </h1>
        {done ? (
          <Result
            status="success"
            title={<span data-testid="reset-success">{message('passwordReset.done')}</span>}
            extra={
              <Link to="/login" data-testid="reset-to-login">
                <Button type="primary">{t('register.toLogin')}</Button>
              </Link>
            }
          />
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{ account: params.get('account') ?? '' }}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item
              name="account"
              label={t('register.account')}
              extra={t('register.accountHint')}
              rules={[schemaRule(passwordResetSchema.shape.account)]}
              required
            >
              <Input autoComplete="username" data-testid="reset-account" />
            </Form.Item>
            <CodeCaptchaField captcha={captcha} testId="reset" />
            <Form.Item label={t('register.code')} required>
              <Space.Compact block>
                <Form.Item
                  name="verificationCode"
                  noStyle
                  rules={[schemaRule(passwordResetSchema.shape.verificationCode)]}
                >
                  <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="reset-code" />
                </Form.Item>
                <CodeSendButton send={sendCode} testId="reset-send-code" />
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t('register.newPassword')}
              rules={[schemaRule(passwordSchema)]}
              required
            >
              <Input.Password autoComplete="new-password" data-testid="reset-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('register.confirmPassword')}
              dependencies={['newPassword']}
              required
              rules={[samePasswordRule('newPassword', t('register.passwordMismatch'))]}
            >
              <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
            </Form.Item>
            <Flex justify="space-between" align="center">
              <Link to="/login" data-testid="reset-back-to-login">
                {t('register.backToLogin')}
              </Link>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="reset-submit">
                {t('register.resetSubmit')}
              </Button>
            </Flex>
          </Form>
        )}
      </div>
    </main>
  );
}
