import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHONE_PREFIXES } from '@voltfleet/domain/validation';
import { registerSchema, type CodeChannel, type CodeSent } from '@voltfleet/domain/auth';
import { phoneRule, schemaRule } from '@/lib/form-rules';
import { CodeCaptchaField } from './code-captcha-field';
import { CodeSendButton } from './code-send-button';
import type { CodeCaptcha } from './use-code-captcha';

const prefixOptions = PHONE_PREFIXES.map((p) => ({ value: p, label: p }));
const { shape } = registerSchema;

/**
 * Step 2, contact: name and mobile number (both required, R5.10), the e-mail address (required when registering by
 * e-mail), company, and the code sent to the e-mail address or the mobile number once the captcha is solved.
 */
export function RegisterContactFields({
  channel,
  sendCode,
  captcha,
}: {
  channel: CodeChannel;
  sendCode: () => Promise<CodeSent | undefined>;
  captcha: CodeCaptcha;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const email = Form.useWatch('email', form) as string | undefined;
  const prefix = Form.useWatch('prePhoneCode', form) as string | undefined;
  const phone = Form.useWatch('phone', form) as string | undefined;
  const address = channel === 'email' ? (email ?? '').trim().toLowerCase() : `${prefix ?? ''}${phone ?? ''}`;
  return (
    <>
      <Form.Item name="name" label={t('register.name')} rules={[schemaRule(shape.name)]} required>
        <Input data-testid="register-name" />
      </Form.Item>
      <Form.Item label={t('register.phone')} required>
        <Space.Compact block>
          <Form.Item name="prePhoneCode" noStyle>
            <Select style={{ width: 100 }} options={prefixOptions} data-testid="register-phone-prefix" />
          </Form.Item>
          <Form.Item
            name="phone"
            noStyle
            rules={[schemaRule(shape.phone), phoneRule()]}
            dependencies={['prePhoneCode']}
          >
            <Input inputMode="numeric" autoComplete="tel-national" data-testid="register-phone" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="email"
        label={t('register.email')}
        required={channel === 'email'}
        rules={[schemaRule(shape.email), { required: channel === 'email', message: t('register.emailRequired') }]}
      >
        <Input type="email" autoComplete="email" data-testid="register-email" />
      </Form.Item>
      <Form.Item name="company" label={t('register.company')} rules={[schemaRule(shape.company)]}>
        <Input data-testid="register-company" />
      </Form.Item>
      <CodeCaptchaField captcha={captcha} testId="register" />
      <Form.Item label={channel === 'email' ? t('register.emailCode') : t('register.smsCode')} required>
        <Space.Compact block>
          <Form.Item name="verificationCode" noStyle rules={[schemaRule(shape.verificationCode)]}>
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="register-code" />
          </Form.Item>
          <CodeSendButton send={sendCode} testId="register-send-code" address={address} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
