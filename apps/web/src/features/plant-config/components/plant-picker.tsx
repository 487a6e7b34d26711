import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantOption } from '../api/get-plant-options';

/** Chooses the plant to configure among those in the user's scope; searchable by name. */
export function PlantPicker(props: {
  plants: readonly PlantOption[];
  value: number | undefined;
  loading: boolean;
  onChange: (plantId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={props.loading}
      value={props.value}
      placeholder={t('plantConfig.selectPlant')}
      options={props.plants.map((p) => ({ value: p.plantId, label: p.name }))}
      onChange={props.onChange}
      style={{ minWidth: 280 }}
      data-testid="plant-config-plant"
    />
  );
}
