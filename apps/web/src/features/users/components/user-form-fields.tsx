import { Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_KEYS, PHONE_PREFIXES, passwordSchema, userUpdateSchema, usernameSchema } from '@voltfleet/domain';
import { objectRule, schemaRule } from '@/lib/form-rules';

const shape = userUpdateSchema.shape;
const rules = {
  username: [schemaRule(usernameSchema)],
  password: [schemaRule(passwordSchema)],
  name: [schemaRule(shape.name)],
  email: [schemaRule(shape.email)],
  phone: [objectRule(userUpdateSchema, 'phone')],
  company: [schemaRule(shape.company)],
  remark: [schemaRule(shape.remark)],
  roleId: [schemaRule(shape.roleId)],
  level: [schemaRule(shape.level)],
};

interface Props {
  creating: boolean;
  roles: { value: number; label: string }[];
  superiors: { value: number; label: string }[];
  /** Levels the caller may give (their own and those below it). */
  minLevel: number;
  loadingOptions: boolean;
}

/** The fields of the user create/edit form; username and password exist only when creating. */
export function UserFormFields({ creating, roles, superiors, minLevel, loadingOptions }: Props) {
  const { t } = useTranslation();
  const levels = LEVEL_KEYS.map((key, level) => ({ value: level, label: t(`users.levels.${key}`) })).filter(
    (option) => option.value >= minLevel,
  );
  return (
    <>
      {creating && (
        <>
          <Form.Item name="username" label={t('users.username')} rules={rules.username} required>
            <Input autoComplete="off" data-testid="user-form-username" />
          </Form.Item>
          <Form.Item name="password" label={t('users.initialPassword')} rules={rules.password} required>
            <Input.Password autoComplete="new-password" data-testid="user-form-password" />
          </Form.Item>
        </>
      )}
      <Form.Item name="name" label={t('users.name')} rules={rules.name} required>
        <Input data-testid="user-form-name" />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')} rules={rules.email}>
        <Input type="email" data-testid="user-form-email" />
      </Form.Item>
      <Form.Item label={t('users.phone')}>
        <Space.Compact block>
          <Form.Item name="prePhoneCode" noStyle>
            <Select style={{ width: 100 }} options={PHONE_PREFIXES.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
          <Form.Item name="phone" noStyle rules={rules.phone} dependencies={['prePhoneCode']}>
            <Input inputMode="numeric" data-testid="user-form-phone" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="company" label={t('users.company')} rules={rules.company}>
        <Input data-testid="user-form-company" />
      </Form.Item>
      <Form.Item name="roleId" label={t('users.role')} rules={rules.roleId} required>
        <Select options={roles} loading={loadingOptions} data-testid="user-form-role" />
      </Form.Item>
      <Form.Item name="level" label={t('users.level')} rules={rules.level} required>
        <Select options={levels} data-testid="user-form-level" />
      </Form.Item>
      <Form.Item name="superiorId" label={t('users.superior')}>
        <Select
          options={superiors}
          loading={loadingOptions}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          data-testid="user-form-superior"
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
        <Switch data-testid="user-form-enabled" />
      </Form.Item>
      <Form.Item name="remark" label={t('users.remark')} rules={rules.remark}>
        <Input.TextArea rows={2} data-testid="user-form-remark" />
      </Form.Item>
    </>
  );
}
