import { useState } from 'react';
import { Alert, Checkbox, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@voltfleet/domain/plants';
import { ApiError } from '@/lib/http';
import { notifySuccess } from '@/lib/success';
import { useDeletePlant } from '../api/delete-plant';
import { usePlantDeleteImpact } from '../api/get-delete-impact';

/**
 * Asks before a plant is deleted and says what happens: its devices go back to awaiting activation (keeping their
 * readings and stock-in data); its figures, tariffs, savings, script and forecast go with it. With devices installed
 * the user ticks that they understand, and the server checks the count they saw is still the current one.
 */
export default function PlantDeleteModal({ plant, onClose }: { plant: Plant; onClose: (deleted: boolean) => void }) {
  const { t } = useTranslation();
  const impact = usePlantDeleteImpact(plant.plantId);
  const remove = useDeletePlant();
  const [understood, setUnderstood] = useState(false);
  const count = impact.data?.deviceCount;
  const needsTick = count !== undefined && count > 0;

  const confirm = () => {
    if (count === undefined) return;
    remove.mutate(
      { plantId: plant.plantId, confirmDevices: count },
      {
        onSuccess: () => {
          notifySuccess('success.deleted');
          onClose(true);
        },
        // Devices were installed meanwhile (409): show the new count and ask again.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'conflict') {
            setUnderstood(false);
            void impact.refetch();
          }
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('plantList.deleteTitle', { name: plant.name })}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: count === undefined || (needsTick && !understood) }}
      confirmLoading={remove.isPending}
      onOk={confirm}
      onCancel={() => onClose(false)}
    >
      <Spin spinning={impact.isFetching}>
        <div data-testid="plant-delete-impact">
          {count === 0 && <Typography.Paragraph>{t('plantList.deleteNoDevices')}</Typography.Paragraph>}
          {needsTick && (
            <>
              <Alert type="warning" showIcon title={t('plantList.deleteWithDevices', { count })} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                {impact.data?.devices.map((d) => d.sn).join(', ')}
              </Typography.Paragraph>
              <Checkbox
                checked={understood}
                data-testid="plant-delete-understood"
                onChange={(event) => setUnderstood(event.target.checked)}
              >
                {t('plantList.deleteUnderstood', { count })}
              </Checkbox>
            </>
          )}
        </div>
      </Spin>
    </Modal>
  );
}
