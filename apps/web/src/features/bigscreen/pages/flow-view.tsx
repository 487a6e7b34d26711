import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EnergyFlow } from '@/components/energy-flow';
import { formatDateTime } from '@/lib/format';
import { useBigScreenFlow, useBigScreenPlants } from '../api/big-screen-queries';

/** The address's `plant` parameter: the flow of one plant instead of the whole scope (kept by a wall's bookmark). */
export const PLANT_PARAM = 'plant';

/** /bigScreen/flowGraph: the energy flow (PV → battery / load / grid) of the whole scope or of one chosen plant. */
export default function FlowView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get(PLANT_PARAM));
  const plantId = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  const plants = useBigScreenPlants();
  const flow = useBigScreenFlow(plantId);
  const choose = (value: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value > 0) next.set(PLANT_PARAM, String(value));
        else next.delete(PLANT_PARAM);
        return next;
      },
      { replace: true },
    );
  const options = [
    { value: 0, label: t('bigScreen.flow.wholeScope') },
    ...(plants.data?.plants ?? []).map((p) => ({ value: p.plantId, label: p.name })),
  ];
  const data = flow.data;
  return (
    <div className="bs-flow-view">
      <div className="bs-flow-head">
        <Select
          className="bs-flow-chooser"
          size="large"
          showSearch={{ optionFilterProp: 'label' }}
          value={plantId ?? 0}
          options={options}
          onChange={choose}
          aria-label={t('bigScreen.flow.chooser')}
          data-testid="bigscreen-flow-chooser"
        />
        <span className="bs-muted" data-testid="bigscreen-flow-reading">
          {data &&
            (data.power.readingAt
              ? t('bigScreen.flow.readingAt', { time: formatDateTime(data.power.readingAt) })
              : t('bigScreen.flow.noLive'))}
        </span>
      </div>
      <div className="bs-flow-body" data-testid="bigscreen-flow">
        {data ? (
          <>
            <h2 className="bs-flow-name" data-testid="bigscreen-flow-name">
              {data.plantId === null ? t('bigScreen.flow.wholeScope') : data.name}
            </h2>
            <EnergyFlow power={data.power} energyToday={data.energyToday} theme="dark" />
          </>
        ) : (
          <div className="bs-center bs-muted">{flow.isError ? t('bigScreen.failed') : t('bigScreen.loading')}</div>
        )}
      </div>
    </div>
  );
}
