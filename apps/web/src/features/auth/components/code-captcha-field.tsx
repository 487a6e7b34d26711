import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { captchaFields } from '@voltfleet/domain/auth';
import { schemaRule } from '@/lib/form-rules';
import { CaptchaImage } from './captcha-image';
import type { CodeCaptcha } from './use-code-captcha';

/** The captcha beside "send code" (the register and forgot-password pages): solved before a code is sent. */
export function CodeCaptchaField({ captcha, testId }: { captcha: CodeCaptcha; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.captcha')} required>
      <Flex gap={8} align="center">
        <Form.Item name="captchaCode" noStyle rules={[schemaRule(captchaFields.captchaCode)]}>
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
