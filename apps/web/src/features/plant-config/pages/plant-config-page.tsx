import type { ReactNode } from 'react';
import { Alert, Empty, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { usePlantOptions } from '../api/get-plant-options';
import { EnergySavingPanel } from '../components/energy-saving-panel';
import { PlantPicker } from '../components/plant-picker';
import { TariffPanel } from '../components/tariff-panel';
import '../components/plant-config.css';

/**
 * /plantCenter/plantConfig (A/D): electricity price, energy-saving factors and script of one plant in scope. The
 * script tab comes from the scripts feature, handed in by the route (features do not import each other).
 */
export function PlantConfigPage({ scriptPanel }: { scriptPanel: (plantId: number) => ReactNode }) {
  const { t } = useTranslation();
  const title = usePageName('plantConfig');
  const plants = usePlantOptions();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('plantId'));
  const list = plants.data ?? [];
  // The plant in the address when the user may see it, else the first one.
  const plant = list.find((p) => p.plantId === asked) ?? list[0];

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <PlantPicker
            plants={list}
            value={plant?.plantId}
            loading={plants.isPending}
            onChange={(plantId) => setParams({ plantId: String(plantId) }, { replace: true })}
          />
        }
      />
      {plants.isError && <Alert type="error" showIcon title={plants.error.message} />}
      {plants.isSuccess && !plant && <Empty description={t('plantConfig.noPlants')} />}
      {plant && (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'price', label: t('plantConfig.tabs.price'), children: <TariffPanel plantId={plant.plantId} /> },
            {
              key: 'saving',
              label: t('plantConfig.tabs.saving'),
              children: <EnergySavingPanel plantId={plant.plantId} />,
            },
            { key: 'script', label: t('plantConfig.tabs.script'), children: scriptPanel(plant.plantId) },
          ]}
        />
      )}
    </>
  );
}
