import { useState } from 'react';
import { Alert, Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandDevice } from '@voltfleet/domain/commands';
import type { TariffPeriod } from '@voltfleet/domain/tariffs';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { useLoadPlantTariff } from '../api/get-plant-tariff';
import { tariffSource } from '../utils/tariff-source';

interface Props {
  devices: readonly CommandDevice[];
  onLoad: (periods: readonly TariffPeriod[]) => void;
}

/**
 * "Use the plant's tariff": loads the tariff in effect today of the selected devices' plant (module A reads it).
 * Disabled, with the reason as its tooltip, without a selection, without the permission, for a device without a
 * plant or for devices of several plants. After loading it says which plant, version and currency it used.
 */
export function PlantTariffButton({ devices, onLoad }: Props) {
  const { t } = useTranslation();
  const load = useLoadPlantTariff();
  const source = tariffSource(devices, useCan('A'));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ type: 'info' | 'warning'; text: string } | null>(null);

  const click = async () => {
    if (!source.ok) return;
    setBusy(true);
    try {
      const tariffs = await load(source.plantId);
      const current = tariffs.versions.find((v) => v.state === 'current');
      if (!current) {
        setNote({ type: 'warning', text: t('tariffCommand.noCurrentTariff', { plant: source.plantName }) });
        return;
      }
      onLoad(current.periods);
      const params = { plant: source.plantName, date: current.effectiveFrom, currency: current.currency };
      setNote({ type: 'info', text: t('tariffCommand.loaded', params) });
    } catch (error) {
      // The request layer has shown its notice already.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  const why = source.ok
    ? undefined
    : source.reason === 'noPlant'
      ? t('tariffCommand.noPlant', { sn: source.sn })
      : source.reason === 'differentPlants'
        ? t('tariffCommand.differentPlants', { plants: source.plants })
        : source.reason === 'noPermission'
          ? t('tariffCommand.noPermission')
          : t('tariffCommand.selectDevice');
  return (
    <Flex vertical gap={8} className="plant-tariff">
      {/* The wrapper keeps the button its own width in the column. */}
      <div>
        <Tooltip title={why}>
          <Button disabled={!source.ok} loading={busy} onClick={() => void click()} data-testid="tariff-use-plant">
            {source.ok
              ? t('tariffCommand.usePlantTariffOf', { plant: source.plantName })
              : t('tariffCommand.usePlantTariff')}
          </Button>
        </Tooltip>
      </div>
      {note ? <Alert type={note.type} showIcon title={note.text} data-testid="tariff-source-note" /> : null}
    </Flex>
  );
}
