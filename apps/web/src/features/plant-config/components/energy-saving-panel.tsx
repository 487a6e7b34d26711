import { Alert, Button, Card, Descriptions, Flex, Form, InputNumber, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { savingFactorsInputSchema, type EnergySavingConfig, type SavingFactorsInput } from '@voltfleet/domain/plants';
import { PageSpin } from '@/components/page-spin';
import { formatDateTime } from '@/lib/format';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { useCan } from '@/lib/permissions';
import { notifySuccess } from '@/lib/success';
import { useAddEnergySaving } from '../api/add-energy-saving';
import { useDeleteEnergySaving } from '../api/delete-energy-saving';
import { useEnergySaving } from '../api/get-energy-saving';
import { useUpdateEnergySaving } from '../api/update-energy-saving';

const FIELDS = ['coalKgPerKwh', 'co2KgPerKwh', 'treesPerKwh'] as const;

/** The "Energy saving" tab: the factors in effect, and (with the permission) add, edit or delete the plant's own. */
export function EnergySavingPanel({ plantId }: { plantId: number }) {
  const saving = useEnergySaving(plantId);
  if (saving.isPending) return <PageSpin />;
  if (saving.isError) return <Alert type="error" showIcon title={saving.error.message} />;
  return <EnergySavingForm key={plantId} plantId={plantId} config={saving.data} />;
}

function EnergySavingForm({ plantId, config }: { plantId: number; config: EnergySavingConfig }) {
  const { t } = useTranslation();
  const canEdit = useCan('A/D:saving.edit');
  const [form] = Form.useForm<SavingFactorsInput>();
  const add = useAddEnergySaving(plantId);
  const update = useUpdateEnergySaving(plantId);
  const remove = useDeleteEnergySaving(plantId);
  const configured = config.configured;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      if (configured) {
        await update.mutateAsync(values);
        notifySuccess('success.edited');
      } else {
        await add.mutateAsync(values);
        notifySuccess('success.added');
      }
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Card size="small" data-testid="energy-saving">
      <Flex gap={8} align="center" className="saving-status">
        <Tag color={configured ? 'green' : 'default'} data-testid="energy-saving-state">
          {configured ? t('plantConfig.savingConfigured') : t('plantConfig.savingDefaults')}
        </Tag>
        {configured && (
          <span>
            {t('plantConfig.updatedBy', {
              user: configured.updatedBy ?? '—',
              time: formatDateTime(configured.updatedAt),
            })}
          </span>
        )}
      </Flex>
      <Descriptions size="small" column={1} title={t('plantConfig.defaults')} className="saving-defaults">
        {FIELDS.map((f) => (
          <Descriptions.Item key={f} label={t(`plantConfig.factors.${f}`)}>
            {config.defaults[f]}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Form form={form} layout="vertical" initialValues={config.effective} disabled={!canEdit} autoComplete="off">
        {FIELDS.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={t(`plantConfig.factors.${f}`)}
            rules={[schemaRule(savingFactorsInputSchema.shape[f])]}
          >
            <InputNumber step={0.001} style={{ width: 200 }} data-testid={`saving-${f}`} />
          </Form.Item>
        ))}
      </Form>
      {canEdit && (
        <Flex gap={8}>
          <Button
            type="primary"
            loading={add.isPending || update.isPending}
            onClick={() => void submit()}
            data-testid="saving-save"
          >
            {configured ? t('common.save') : t('plantConfig.addSaving')}
          </Button>
          {configured && (
            <Popconfirm
              title={t('plantConfig.deleteSaving')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync()
                  .then((next) => {
                    form.setFieldsValue(next.effective);
                    notifySuccess('success.deleted');
                  })
                  // A refusal was already shown by the request's own notice.
                  .catch(() => undefined)
              }
            >
              <Button danger data-testid="saving-delete">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
    </Card>
  );
}
