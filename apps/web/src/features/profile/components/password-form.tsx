import { Button, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordChangeSchema } from '@voltfleet/domain/users';
import type { MessageKey } from '@voltfleet/domain/i18n';
import { passwordSchema } from '@voltfleet/domain/validation';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { message } from '@/lib/i18n';
import { notify } from '@/lib/notice';
import { useChangePassword } from '../api/change-password';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** A rule comparing this field with another one of the form. */
function compareWith(other: keyof Values, mustEqual: boolean, messageKey: MessageKey): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value || (getFieldValue(other) === value) === mustEqual) return;
      throw new Error(message(messageKey));
    },
  });
}

const rules = {
  // Only required: an old password set before today's rules must still be accepted here.
  oldPassword: [schemaRule(passwordChangeSchema.shape.oldPassword)],
  newPassword: [schemaRule(passwordSchema), compareWith('oldPassword', false, 'validation.newPasswordSame')],
  confirmPassword: [schemaRule(passwordSchema), compareWith('newPassword', true, 'validation.passwordMismatch')],
};

/** Old, new and repeated password; the user's other sessions end when it succeeds. */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const submit = async ({ oldPassword, newPassword }: Values) => {
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.resetFields();
      notify('success', t('profile.passwordChanged'));
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" data-testid="password-form" onFinish={(v) => void submit(v)}>
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={rules.oldPassword} required>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.newPassword')}
        rules={rules.newPassword}
        dependencies={['oldPassword']}
        required
      >
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('profile.confirmPassword')}
        rules={rules.confirmPassword}
        dependencies={['newPassword']}
        required
      >
        <Input.Password autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
