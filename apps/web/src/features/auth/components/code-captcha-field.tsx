import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './captcha-image';
import type { CodeCaptcha } from './use-code-captcha';

/** The captcha beside "send code" (the register and forgot-password pages): solved before a code is sent (its check: useCodeCaptcha). */
export function CodeCaptchaField({ captcha, testId }: { captcha: CodeCaptcha; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.captcha')} required>
      <Flex gap={8} align="center">
        <Form.Item name="captchaCode" noStyle>
          <Input autoComplete="off" maxLength={16} data-testid={`${testId}-captcha-input`} />
        </Form.Item>
        <CaptchaImage
          image={captcha.captcha?.image}
          loading={captcha.loading}
          onRefresh={captcha.spent}
          testId={`${testId}-captcha-image`}
        />
      </Flex>
    </Form.Item>
  );
}
