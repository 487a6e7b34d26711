import { useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BIG_SCREEN_VIEWS,
  KIOSK_LINK_MAX_DAYS,
  KIOSK_LINK_MAX_PLANTS,
  kioskLinkCreateSchema,
  type KioskLinkCreated,
} from '@voltfleet/domain/big-screen';
import { useDayjsLocale } from '@/lib/dayjs-locale';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { useCreateKioskLink, useScopePlants } from '../api/kiosk-links';
import { kioskUrl } from './kiosk-link-url';

interface Values {
  name: string;
  scope: 'all' | 'chosen';
  plantIds?: number[];
  expiresOn: Dayjs;
}

/** A new link lives this long unless the user picks another day. */
const DEFAULT_DAYS = 90;

/** The new link's addresses, with its token: shown once, never again (the server keeps only the hash). */
function CreatedLink({ link }: { link: KioskLinkCreated }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="kiosk-created">
      <Alert type="warning" showIcon title={t('bigScreen.kiosk.onceWarning')} />
      {BIG_SCREEN_VIEWS.map((view) => {
        const url = kioskUrl(window.location.origin, view, link.token);
        return (
          <div key={view}>
            <Typography.Text strong>{t(`bigScreen.views.${view}`)}</Typography.Text>
            <Typography.Paragraph
              copyable={{ text: url, tooltips: [t('bigScreen.kiosk.copy'), t('bigScreen.kiosk.copied')] }}
              code
              style={{ wordBreak: 'break-all', marginBottom: 0 }}
              data-testid={`kiosk-url-${view}`}
            >
              {url}
            </Typography.Paragraph>
          </div>
        );
      })}
    </Space>
  );
}

/** Creates a kiosk link (name, all plants or chosen ones, last day), then shows its addresses once. */
export function KioskLinkModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useDayjsLocale();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  const plants = useScopePlants(open);
  const create = useCreateKioskLink();
  const [created, setCreated] = useState<KioskLinkCreated | null>(null);
  const shape = kioskLinkCreateSchema.shape;

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
          plantIds: values.scope === 'all' ? null : (values.plantIds ?? []),
          expiresOn: values.expiresOn.format('YYYY-MM-DD'),
        }),
      );
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={created ? t('bigScreen.kiosk.createdTitle') : t('bigScreen.kiosk.create')}
      onCancel={close}
      onOk={created ? close : () => form.submit()}
      okText={created ? t('bigScreen.kiosk.done') : t('bigScreen.kiosk.create')}
      cancelButtonProps={created ? { style: { display: 'none' } } : undefined}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': created ? 'kiosk-done' : 'kiosk-submit' }}
    >
      {created ? (
        <CreatedLink link={created} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ scope: 'all', expiresOn: dayjs().add(DEFAULT_DAYS, 'day') }}
        >
          <Form.Item name="name" label={t('bigScreen.kiosk.name')} rules={[schemaRule(shape.name)]}>
            <Input maxLength={64} data-testid="kiosk-name" />
          </Form.Item>
          <Form.Item name="scope" label={t('bigScreen.kiosk.plants')}>
            <Radio.Group
              options={[
                { value: 'all', label: t('bigScreen.kiosk.allPlants') },
                { value: 'chosen', label: t('bigScreen.kiosk.chosenPlants') },
              ]}
              data-testid="kiosk-scope"
            />
          </Form.Item>
          {scope === 'chosen' && (
            <Form.Item
              name="plantIds"
              extra={t('bigScreen.kiosk.plantsLimit', { n: KIOSK_LINK_MAX_PLANTS })}
              rules={[{ required: true, message: t('bigScreen.kiosk.plantsRequired') }]}
            >
              <Select
                mode="multiple"
                loading={plants.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                options={(plants.data?.plants ?? []).map((p) => ({ value: p.plantId, label: p.name }))}
                maxCount={KIOSK_LINK_MAX_PLANTS}
                aria-label={t('bigScreen.kiosk.plants')}
                data-testid="kiosk-plants"
              />
            </Form.Item>
          )}
          <Form.Item
            name="expiresOn"
            label={t('bigScreen.kiosk.expiresOn')}
            rules={[{ required: true, message: t('bigScreen.kiosk.expiryRequired') }]}
          >
            <DatePicker
              allowClear={false}
              disabledDate={(day) =>
                day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(KIOSK_LINK_MAX_DAYS, 'day'), 'day')
              }
              data-testid="kiosk-expires"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
