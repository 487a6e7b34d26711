import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerSchema } from '@voltfleet/domain/auth';
import { schemaRule } from '@/lib/form-rules';

/** Step 3, affiliated account: the optional client code of the superior the account goes under. */
export function RegisterLinkedFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="superiorCode"
        label={t('register.superiorCode')}
        rules={[schemaRule(registerSchema.shape.superiorCode)]}
      >
        <Input placeholder="U000123" data-testid="register-superior-code" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('register.superiorHint')}</Typography.Paragraph>
    </>
  );
}
