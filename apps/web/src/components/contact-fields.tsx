import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHONE_PREFIXES } from '@voltfleet/domain/validation';
import { phoneRule, schemaRule, type ParsableSchema } from '@/lib/form-rules';

/** A domain object schema with the contact fields (profile update, user create/edit). */
export interface ContactSchema {
  shape: Record<'name' | 'email' | 'company' | 'remark', ParsableSchema>;
}

const prefixOptions = PHONE_PREFIXES.map((p) => ({ value: p, label: p }));

/**
 * Name, e-mail, calling code + mobile number, company and remark, checked with the domain schema the server uses.
 * Test ids are `<testIdPrefix>-name` and so on.
 */
export function ContactFields({ schema, testIdPrefix }: { schema: ContactSchema; testIdPrefix: string }) {
  const { t } = useTranslation();
  const id = (field: string) => `${testIdPrefix}-${field}`;
  return (
    <>
      <Form.Item name="name" label={t('users.name')} rules={[schemaRule(schema.shape.name)]} required>
        <Input data-testid={id('name')} />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')} rules={[schemaRule(schema.shape.email)]}>
        <Input type="email" data-testid={id('email')} />
      </Form.Item>
      <Form.Item label={t('users.phone')}>
        <Space.Compact block>
          <Form.Item name="prePhoneCode" noStyle>
            <Select style={{ width: 100 }} options={prefixOptions} data-testid={id('phone-prefix')} />
          </Form.Item>
          <Form.Item name="phone" noStyle rules={[phoneRule()]} dependencies={['prePhoneCode']}>
            <Input inputMode="numeric" data-testid={id('phone')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="company" label={t('users.company')} rules={[schemaRule(schema.shape.company)]}>
        <Input data-testid={id('company')} />
      </Form.Item>
      <Form.Item name="remark" label={t('users.remark')} rules={[schemaRule(schema.shape.remark)]}>
        <Input.TextArea rows={2} data-testid={id('remark')} />
      </Form.Item>
    </>
  );
}
