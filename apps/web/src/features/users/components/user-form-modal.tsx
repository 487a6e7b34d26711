import { useMemo } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHONE_PREFIX } from '@voltfleet/domain/validation';
import { type User, type UserCreate, type UserUpdate } from '@voltfleet/domain/users';
import { showFormError } from '@/lib/form-rules';
import { useMe } from '@/lib/session';
import { notifySuccess } from '@/lib/success';
import { useAssignableRoles } from '../api/get-assignable-roles';
import { useUserOptions } from '../api/get-user-options';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { UserFormFields } from './user-form-fields';

type Values = UserUpdate & { username?: string; password?: string };

function initialValues(user: User | null, myId: number): Partial<Values> {
  if (!user) return { prePhoneCode: DEFAULT_PHONE_PREFIX, enabled: true, superiorId: myId };
  return {
    name: user.name,
    email: user.email,
    prePhoneCode: (user.prePhoneCode || DEFAULT_PHONE_PREFIX) as Values['prePhoneCode'],
    phone: user.phone,
    company: user.company,
    remark: user.remark,
    roleId: user.roleId,
    level: user.level as Values['level'],
    enabled: user.enabled,
  };
}

/** Create (user === null) or edit a user; mounted while open (and loaded only then). */
export default function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<Values>();
  const roles = useAssignableRoles();
  const options = useUserOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const creating = user === null;

  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })), [roles.data]);
  const superiorOptions = useMemo(
    () =>
      (options.data ?? [])
        .filter((o) => o.id !== user?.id)
        .map((o) => ({ value: o.id, label: o.name ? `${o.name} (${o.username})` : o.username })),
    [options.data, user?.id],
  );

  const submit = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return; // the field errors are on the form
    const { username, password, ...values } = checked;
    const input: UserUpdate = { ...values, email: values.email ?? '', phone: values.phone ?? '' };
    try {
      if (creating) {
        await create.mutateAsync({ ...input, username: username ?? '', password: password ?? '' } satisfies UserCreate);
        notifySuccess('success.added');
      } else {
        const saved = await update.mutateAsync({ id: user.id, input });
        // A new role or level signs the user out (the server ends their sessions), and the editor is told so.
        const relogin = saved.enabled && (saved.roleId !== user.roleId || saved.level !== user.level);
        if (relogin) notifySuccess('user.savedRelogin', { name: saved.username });
        else notifySuccess('success.edited');
      }
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      title={creating ? t('users.add') : t('users.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues(user, me.user.id)}
        data-testid="user-form"
      >
        <UserFormFields
          creating={creating}
          roles={roleOptions}
          superiors={superiorOptions}
          minLevel={me.user.level}
          loadingOptions={roles.isLoading || options.isLoading}
        />
      </Form>
    </Modal>
  );
}
