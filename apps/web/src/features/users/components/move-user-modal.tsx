import { useMemo } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { userMoveSchema, type User, type UserMove } from '@voltfleet/domain/users';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { notifySuccess } from '@/lib/success';
import { useUserOptions, type UserOption } from '../api/get-user-options';
import { useMoveUser } from '../api/move-user';

const rules = { superiorId: [schemaRule(userMoveSchema.shape.superiorId)] };

/** The user and everyone below them (by the options' superior links): none of them can be the new superior. */
export function ownSubtree(options: readonly UserOption[], userId: number): Set<number> {
  const below = new Set([userId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const o of options)
      if (o.superiorId !== null && below.has(o.superiorId) && !below.has(o.id)) {
        below.add(o.id);
        grew = true;
      }
  }
  return below;
}

/**
 * Moves a subordinate, with their subtree, below another user of the caller's subtree (the options are exactly that;
 * the user's own subtree is left out, and the server refuses a cycle anyway). Mounted while open.
 */
export default function MoveUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserMove>();
  const options = useUserOptions();
  const move = useMoveUser();

  const choices = useMemo(() => {
    const all = options.data ?? [];
    const excluded = ownSubtree(all, user.id);
    return all
      .filter((o) => !excluded.has(o.id) && o.level <= user.level)
      .map((o) => ({ value: o.id, label: o.name ? `${o.name} (${o.username})` : o.username }));
  }, [options.data, user.id, user.level]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await move.mutateAsync({ id: user.id, input: values });
      notifySuccess('user.moved');
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('userAdmin.moveTitle', { name: user.username })}
      okText={t('userAdmin.move')}
      cancelText={t('common.cancel')}
      confirmLoading={move.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('userAdmin.moveHint', { name: user.username })}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ superiorId: user.superiorId ?? undefined }}>
        <Form.Item name="superiorId" label={t('userAdmin.newSuperior')} rules={rules.superiorId} required>
          <Select
            options={choices}
            loading={options.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="user-move-superior"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
