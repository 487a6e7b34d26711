import { useMemo } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LEVEL_KEYS,
  levelName,
  userApprovalSchema,
  type User,
  type UserApprovalDecision,
} from '@voltfleet/domain/users';
import { formatDateTime } from '@/lib/format';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { labelOf } from '@/lib/labels';
import { useMe } from '@/lib/session';
import { notifySuccess } from '@/lib/success';
import { useAssignableRoles } from '../api/get-assignable-roles';
import { useApproveUser } from '../api/decide-approval';

const rules = {
  roleId: [schemaRule(userApprovalSchema.shape.roleId)],
  level: [schemaRule(userApprovalSchema.shape.level)],
};

/**
 * Approves a self-registered account: the approver confirms the role and level it works with, the ones it asked for
 * unless changed here (the server checks them as at creation). Mounted while open.
 */
export default function ApproveUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserApprovalDecision>();
  const me = useMe();
  const roles = useAssignableRoles();
  const approve = useApproveUser();
  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })), [roles.data]);
  const levels = LEVEL_KEYS.map((_, level) => ({
    value: level,
    label: labelOf(levelName(level)) ?? String(level),
  })).filter((option) => option.value >= me.user.level);

  const submit = async () => {
    const decision = await form.validateFields().catch(() => null);
    if (!decision) return;
    try {
      await approve.mutateAsync({ id: user.id, decision });
      notifySuccess('user.approvedNow', { name: user.username });
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('userAdmin.approveTitle', { name: user.username })}
      okText={t('userAdmin.approve')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'user-approve-confirm' }}
      confirmLoading={approve.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('userAdmin.approveHint', {
          name: user.name || user.username,
          role: user.roleName,
          at: formatDateTime(user.createdAt),
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ roleId: user.roleId, level: user.level }}>
        <Form.Item name="roleId" label={t('users.role')} rules={rules.roleId} required>
          <Select options={roleOptions} loading={roles.isLoading} data-testid="user-approve-role" />
        </Form.Item>
        <Form.Item name="level" label={t('users.level')} rules={rules.level} required>
          <Select options={levels} data-testid="user-approve-level" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
