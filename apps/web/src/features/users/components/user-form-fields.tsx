import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_KEYS, levelName, userUpdateSchema } from '@voltfleet/domain/users';
import { passwordSchema, usernameSchema } from '@voltfleet/domain/validation';
import { ContactFields } from '@/components/contact-fields';
import { schemaRule } from '@/lib/form-rules';
import { labelOf } from '@/lib/labels';

const rules = {
  username: [schemaRule(usernameSchema)],
  password: [schemaRule(passwordSchema)],
  roleId: [schemaRule(userUpdateSchema.shape.roleId)],
  level: [schemaRule(userUpdateSchema.shape.level)],
};

type Option = { value: number; label: string };

interface Props {
  creating: boolean;
  roles: Option[];
  superiors: Option[];
  /** The caller's own level: they give it or a lower one (higher number). */
  minLevel: number;
  loadingOptions: boolean;
}

/** The fields of the user create/edit form; username, password and superior exist only when creating. */
export function UserFormFields({ creating, roles, superiors, minLevel, loadingOptions }: Props) {
  const { t } = useTranslation();
  const levels = LEVEL_KEYS.map((_, level) => ({
    value: level,
    label: labelOf(levelName(level)) ?? String(level),
  })).filter((option) => option.value >= minLevel);
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
      <ContactFields schema={userUpdateSchema} testIdPrefix="user-form" />
      <Form.Item name="roleId" label={t('users.role')} rules={rules.roleId} required>
        <Select options={roles} loading={loadingOptions} data-testid="user-form-role" />
      </Form.Item>
      <Form.Item name="level" label={t('users.level')} rules={rules.level} required>
        <Select options={levels} data-testid="user-form-level" />
      </Form.Item>
      {creating && (
        // An existing user changes superior through the list's Move action, which says what moves with them.
        <Form.Item name="superiorId" label={t('users.superior')}>
          <Select
            options={superiors}
            loading={loadingOptions}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            data-testid="user-form-superior"
          />
        </Form.Item>
      )}
      <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
        <Switch data-testid="user-form-enabled" />
      </Form.Item>
    </>
  );
}
