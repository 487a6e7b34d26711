import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@voltfleet/domain/users';
import { useMe } from '@/lib/session';
import { notifySuccess } from '@/lib/success';
import { useDeleteUser } from '../api/delete-user';

/**
 * Deleting a subordinate says what happens before it happens: what was theirs (plants, devices, subordinates, roles,
 * work orders) becomes the deleting user's. Mounted while open.
 */
export default function DeleteUserModal({
  user,
  onClose,
  onDeleted,
}: {
  user: User;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const remove = useDeleteUser();
  const myName = me.user.name ? `${me.user.name} (${me.user.username})` : me.user.username;

  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: (handedOver) => {
        notifySuccess('user.deletedHandedOver', handedOver);
        onDeleted?.();
        onClose();
      },
    });

  return (
    <Modal
      open
      title={t('userAdmin.deleteTitle', { name: user.username })}
      okText={t('userAdmin.deleteOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'user-delete-confirm' }}
      confirmLoading={remove.isPending}
      onOk={confirm}
      onCancel={onClose}
    >
      <Typography.Paragraph data-testid="user-delete-text">
        {t('userAdmin.deleteBody', { name: user.username, me: myName })}
      </Typography.Paragraph>
    </Modal>
  );
}
