import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleInputSchema, type Role, type RoleInput } from '@voltfleet/domain/users';
import { VIEW_NAMES, VIEWS } from '@voltfleet/domain/permissions';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { notifySuccess } from '@/lib/success';
import { useCreateRole } from '../api/create-role';
import { usePermissionTree } from '../api/get-permission-tree';
import { useUpdateRole } from '../api/update-role';
import { PermissionTree } from '@/components/permission-tree';
import { grantableCodes, toTreeItems } from '@/components/permission-tree-model';
import { labelOf } from '@/lib/labels';

interface Values {
  name: string;
  description?: string;
  permissions: string[];
  views: RoleInput['views'];
}

const rules = {
  name: [schemaRule(roleInputSchema.shape.name)],
  description: [schemaRule(roleInputSchema.shape.description)],
};

/**
 * Create (role === null) or edit a role: name, description, permission tree and visible big-screen views. Mounted
 * while open (and loaded only then).
 */
export default function RoleFormModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tree = usePermissionTree();
  const create = useCreateRole();
  const update = useUpdateRole();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the field errors are on the form
    // Only what the editor holds can be granted; the tree offers nothing else.
    const input: RoleInput = {
      ...values,
      permissions: grantableCodes(toTreeItems(tree.data ?? []), values.permissions),
    };
    try {
      if (role) {
        await update.mutateAsync({ id: role.id, input });
        notifySuccess('success.edited');
      } else {
        await create.mutateAsync(input);
        notifySuccess('success.added');
      }
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  const viewOptions = VIEWS.map((view) => ({ value: view, label: labelOf(VIEW_NAMES[view]) ?? view }));

  return (
    <Modal
      open
      title={role ? t('roles.edit') : t('roles.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      // Saving before the tree arrived would send an empty grant.
      okButtonProps={{ disabled: !tree.data }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        data-testid="role-form"
        initialValues={{
          name: role?.name ?? '',
          description: role?.description ?? '',
          permissions: role?.permissions ?? [],
          views: (role?.views ?? []) as Values['views'],
        }}
      >
        <Form.Item name="name" label={t('roles.name')} rules={rules.name} required>
          <Input data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')} rules={rules.description}>
          <Input.TextArea rows={2} data-testid="role-form-description" />
        </Form.Item>
        <Form.Item name="permissions" label={t('roles.permissions')}>
          <PermissionTree
            tree={tree.data}
            loading={tree.isLoading}
            emptyText={t('roles.noPermissions')}
            data-testid="role-permission-tree"
          />
        </Form.Item>
        <Form.Item name="views" label={t('roles.views')}>
          <Checkbox.Group options={viewOptions} data-testid="role-form-views" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
