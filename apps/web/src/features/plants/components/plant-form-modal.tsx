import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Plant, PlantInputBody } from '@voltfleet/domain/plants';
import { browserTimeZone } from '@/lib/format';
import { showFormError } from '@/lib/form-rules';
import { useMe } from '@/lib/session';
import { notifySuccess } from '@/lib/success';
import { usePlantAccountOptions } from '../api/get-account-options';
import { useCreatePlant } from '../api/create-plant';
import { useUpdatePlant } from '../api/update-plant';
import { PlantFormFields } from './plant-form-fields';

type Values = Omit<PlantInputBody, 'longitude' | 'latitude'> & { longitude: string; latitude: string };

// A new plant starts with the database's column defaults (facing south, 30° tilt, full feed-in, CNY) in the
// user's own zone; every value is on the form and can be changed before saving.
function initialValues(plant: Plant | null, myId: number): Partial<Values> {
  if (!plant) {
    return {
      type: 1,
      azimuthDeg: 180,
      inclinationDeg: 30,
      onGridType: 1,
      currency: 'CNY',
      timeZone: browserTimeZone(),
      ownerId: myId,
      affiliatedUserIds: [],
    };
  }
  const {
    plantId: _id,
    status: _s,
    activeAlarms: _a,
    deviceCount: _d,
    createdAt: _c,
    refreshedAt: _r,
    ownerName: _o,
    ...fields
  } = plant;
  return {
    ...fields,
    longitude: String(plant.longitude),
    latitude: String(plant.latitude),
    constructionDate: plant.constructionDate ?? undefined,
    ownerId: plant.ownerId ?? undefined,
  };
}

/** Create (plant === null) or edit a plant; mounted while open (and loaded only then). */
export default function PlantFormModal({ plant, onClose }: { plant: Plant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<Values>();
  const accounts = usePlantAccountOptions();
  const create = useCreatePlant();
  const update = useUpdatePlant();
  const creating = plant === null;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the field errors are on the form
    try {
      if (creating) {
        await create.mutateAsync(values);
        notifySuccess('success.added');
      } else {
        await update.mutateAsync({ plantId: plant.plantId, input: values });
        notifySuccess('success.edited');
      }
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={creating ? t('plantList.add') : t('plantList.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues(plant, me.user.id)}
        data-testid="plant-form"
      >
        <PlantFormFields
          accounts={accounts.data ?? []}
          loadingAccounts={accounts.isLoading}
          currentTimeZone={plant?.timeZone ?? browserTimeZone()}
        />
      </Form>
    </Modal>
  );
}
