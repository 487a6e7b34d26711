import { useState } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StorageItem } from '@voltfleet/domain/devices';
import { notifySuccess } from '@/lib/success';
import { useActivateDevice } from '../api/activate-device';
import { usePlantChoices } from '../api/get-plant-choices';

/** Activates an awaiting device into one of the plants the user may manage. */
export function ActivateModal({ device, onClose }: { device: StorageItem; onClose: () => void }) {
  const { t } = useTranslation();
  const plants = usePlantChoices(true);
  const activate = useActivateDevice();
  const [plantId, setPlantId] = useState<number>();

  const submit = () => {
    if (plantId === undefined) return;
    activate.mutate(
      { id: device.id, plantId },
      {
        onSuccess: () => {
          notifySuccess('success.activated');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('deviceStorage.activateTitle')}
      okText={t('deviceStorage.activate')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: plantId === undefined, 'data-testid': 'activate-confirm' }}
      confirmLoading={activate.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('deviceStorage.activateFor')} <Typography.Text strong>{device.sn}</Typography.Text>
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('deviceStorage.plant')} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={plants.isLoading}
            value={plantId}
            onChange={setPlantId}
            placeholder={t('deviceStorage.choosePlant')}
            notFoundContent={t('deviceStorage.noPlants')}
            data-testid="activate-plant"
            options={(plants.data ?? []).map((p) => ({ value: p.plantId, label: p.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
