import { useMemo, useState } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_MAX_DAYS,
  API_KEY_MAX_PLANTS,
  apiKeyCreateSchema,
  type ApiKeyAccess,
  type ApiKeyCreated,
} from '@voltfleet/domain/api-keys';
import { endOfLastDay } from '@voltfleet/domain/time';
import { PermissionTree } from '@/components/permission-tree';
import { useDayjsLocale } from '@/lib/dayjs-locale';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { useMe } from '@/lib/session';
import { useCreateApiKey } from '../api/create-api-key';
import { usePlantChoices } from '@/lib/plant-choices';
import { ApiKeyCreatedView } from './api-key-created';
import { defaultCodes, heldTree, isFunctionCode, keyCodes } from './key-permissions';

interface Values {
  name: string;
  expiresOn: Dayjs;
  access: ApiKeyAccess;
  permissions: string[];
  scope: 'all' | 'chosen';
  plantIds?: number[];
}

/** A new key lives this long unless the user picks another day. */
const DEFAULT_DAYS = 90;

/**
 * Whether a key may end on this day, by the server's own rule (domain time): a UTC calendar day from today to
 * API_KEY_MAX_DAYS ahead, compared as 'YYYY-MM-DD' text, so the browser's zone cannot shift a bound.
 */
const allowedLastDay = (day: Dayjs): boolean =>
  typeof endOfLastDay(day.format('YYYY-MM-DD'), Date.now(), API_KEY_MAX_DAYS) !== 'string';

/** Creates an API key (name, last day, access, permissions, plants), then shows the key once. */
export function ApiKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useDayjsLocale();
  const { permissions: held } = useMe();
  const [form] = Form.useForm<Values>();
  const access = Form.useWatch('access', form) ?? 'read';
  const scope = Form.useWatch('scope', form);
  // Only a user who may open the plant list can list plants to choose from (GET /api/plants needs module A).
  const canListPlants = held.includes('A');
  const plants = usePlantChoices(open && canListPlants && scope === 'chosen');
  const create = useCreateApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const tree = useMemo(() => heldTree(held, access), [held, access]);
  const shape = apiKeyCreateSchema.shape;

  const close = () => {
    setCreated(null);
    form.resetFields();
    onClose();
  };
  const submit = async (values: Values) => {
    try {
      setCreated(
        await create.mutateAsync({
          name: values.name,
          expiresOn: values.expiresOn.format('YYYY-MM-DD'),
          access: values.access,
          permissions: keyCodes(held, values.permissions, values.access),
          plantIds: values.scope === 'all' ? null : (values.plantIds ?? []),
        }),
      );
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={created ? t('apiKeys.createdTitle') : t('apiKeys.create')}
      onCancel={close}
      onOk={created ? close : () => form.submit()}
      okText={created ? t('apiKeys.done') : t('apiKeys.create')}
      cancelButtonProps={created ? { style: { display: 'none' } } : undefined}
      confirmLoading={create.isPending}
      // A key once shown is not shown again: a click beside the dialog must not lose it.
      maskClosable={!created}
      destroyOnHidden
      width={680}
      okButtonProps={{ 'data-testid': created ? 'api-key-done' : 'api-key-submit' }}
    >
      {created ? (
        <ApiKeyCreatedView created={created} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            access: 'read',
            scope: 'all',
            permissions: defaultCodes(held),
            expiresOn: dayjs().add(DEFAULT_DAYS, 'day'),
          }}
          // A read-only key reads only: the functions chosen for a read-write one go when access turns to read.
          onValuesChange={(changed: Partial<Values>) => {
            if (changed.access === 'read')
              form.setFieldValue(
                'permissions',
                (form.getFieldValue('permissions') as string[]).filter((c) => !isFunctionCode(c)),
              );
          }}
        >
          <Form.Item name="name" label={t('apiKeys.name')} rules={[schemaRule(shape.name)]}>
            <Input maxLength={64} data-testid="api-key-name" />
          </Form.Item>
          <Form.Item
            name="expiresOn"
            label={t('apiKeys.expiresOn')}
            extra={t('apiKeys.expiresOnHint')}
            rules={[{ required: true, message: t('apiKeys.expiryRequired') }]}
          >
            <DatePicker allowClear={false} disabledDate={(day) => !allowedLastDay(day)} data-testid="api-key-expires" />
          </Form.Item>
          <Form.Item name="access" label={t('apiKeys.access')} extra={t('apiKeys.accessHint')}>
            <Radio.Group
              options={[
                { value: 'read', label: t('apiKeys.accessRead') },
                { value: 'readWrite', label: t('apiKeys.accessReadWrite') },
              ]}
              data-testid="api-key-access"
            />
          </Form.Item>
          <Form.Item
            name="permissions"
            label={t('apiKeys.permissions')}
            extra={t('apiKeys.permissionsHint')}
            rules={[{ required: true, type: 'array', min: 1, message: t('apiKeys.permissionsRequired') }]}
          >
            <PermissionTree
              // A new tree when access changes: the functions a read-write key adds open expanded like the rest.
              key={access}
              tree={tree}
              loading={false}
              emptyText={t('apiKeys.noPermissions')}
              data-testid="api-key-permissions"
            />
          </Form.Item>
          <Form.Item
            name="scope"
            label={t('apiKeys.plants')}
            extra={canListPlants ? undefined : t('apiKeys.plantsNeedList')}
          >
            <Radio.Group
              options={[
                { value: 'all', label: t('apiKeys.allPlants') },
                { value: 'chosen', label: t('apiKeys.chosenPlants'), disabled: !canListPlants },
              ]}
              data-testid="api-key-scope"
            />
          </Form.Item>
          {scope === 'chosen' && (
            <Form.Item
              name="plantIds"
              extra={t('apiKeys.plantsLimit', { n: API_KEY_MAX_PLANTS })}
              rules={[{ required: true, message: t('apiKeys.plantsRequired') }]}
            >
              <Select
                mode="multiple"
                loading={plants.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                options={(plants.data ?? []).map((p) => ({ value: p.plantId, label: p.name }))}
                maxCount={API_KEY_MAX_PLANTS}
                aria-label={t('apiKeys.plants')}
                data-testid="api-key-plants"
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
