import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@voltfleet/domain/users';
import { useCan } from '@/lib/permissions';
import { notifySuccess } from '@/lib/success';
import { useSetUserEnabled } from '../api/set-user-enabled';
import { useRefuseUser } from '../api/decide-approval';
import { ResetPasswordButton } from './reset-password-button';

export interface UserRowHandlers {
  onEdit: (user: User) => void;
  onMove: (user: User) => void;
  onDelete: (user: User) => void;
  onApprove: (user: User) => void;
}

/** Whether the caller holds any of the row's actions (the table shows the column only then). */
export function useRowActionsShown(): boolean {
  const canEdit = useCan('D/A:user.edit');
  const canDelete = useCan('D/A:user.delete');
  return canEdit || canDelete;
}

/** A self-registered account awaiting approval: approve (confirming the role) or refuse; deleting stays possible. */
function DecisionActions({ user, onApprove }: { user: User; onApprove: (user: User) => void }) {
  const { t } = useTranslation();
  const refuse = useRefuseUser();
  return (
    <>
      <Button type="link" data-testid={`user-approve-${user.username}`} onClick={() => onApprove(user)}>
        {t('userAdmin.approve')}
      </Button>
      <Popconfirm
        title={t('userAdmin.refuseConfirm', { name: user.username })}
        okText={t('userAdmin.refuse')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'user-refuse-confirm' }}
        onConfirm={() =>
          refuse.mutate(user.id, { onSuccess: () => notifySuccess('user.refusedNow', { name: user.username }) })
        }
      >
        <Button type="link" danger data-testid={`user-refuse-${user.username}`} loading={refuse.isPending}>
          {t('userAdmin.refuse')}
        </Button>
      </Popconfirm>
    </>
  );
}

/**
 * A user row's actions, one button each in a row (a new action is one more button here): edit, enable or disable,
 * reset password, move, delete — each by its function permission. An account awaiting approval has approve and
 * refuse instead of enable, reset and move (it has no work to move and nothing to reset yet).
 */
export function UserRowActions({ user, onEdit, onMove, onDelete, onApprove }: { user: User } & UserRowHandlers) {
  const { t } = useTranslation();
  const canEdit = useCan('D/A:user.edit');
  const canDelete = useCan('D/A:user.delete');
  const setEnabled = useSetUserEnabled();
  const toggle = (enabled: boolean) =>
    setEnabled.mutate(
      { id: user.id, enabled },
      { onSuccess: () => notifySuccess(enabled ? 'user.enabledNow' : 'user.disabledNow') },
    );

  return (
    <Space size={0}>
      {canEdit && (
        <Button type="link" data-testid={`user-edit-${user.username}`} onClick={() => onEdit(user)}>
          {t('common.edit')}
        </Button>
      )}
      {canEdit && user.approval === 'pending' && <DecisionActions user={user} onApprove={onApprove} />}
      {canEdit &&
        user.approval === 'approved' &&
        (user.enabled ? (
          <Popconfirm
            title={t('userAdmin.disableConfirm', { name: user.username })}
            okText={t('userAdmin.disable')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'user-disable-confirm' }}
            onConfirm={() => toggle(false)}
          >
            <Button type="link" data-testid={`user-disable-${user.username}`} loading={setEnabled.isPending}>
              {t('userAdmin.disable')}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            type="link"
            data-testid={`user-enable-${user.username}`}
            loading={setEnabled.isPending}
            onClick={() => toggle(true)}
          >
            {t('userAdmin.enable')}
          </Button>
        ))}
      {canEdit && user.approval === 'approved' && <ResetPasswordButton user={user} />}
      {canEdit && user.approval === 'approved' && (
        <Button type="link" data-testid={`user-move-${user.username}`} onClick={() => onMove(user)}>
          {t('userAdmin.move')}
        </Button>
      )}
      {canDelete && (
        <Button type="link" danger data-testid={`user-delete-${user.username}`} onClick={() => onDelete(user)}>
          {t('common.delete')}
        </Button>
      )}
    </Space>
  );
}
