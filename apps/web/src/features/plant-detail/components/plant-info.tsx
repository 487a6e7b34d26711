import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ON_GRID_TYPES, PLANT_TYPES, type Plant } from '@voltfleet/domain/plants';
import { type Lang } from '@voltfleet/domain/i18n';
import { formatNumber } from '@/lib/number-format';
import { formatPlantTime } from '@/lib/format';
import { optionLabel } from '@/lib/labels';

/** Every field of the plant record (R3.2), as text. */
export function PlantInfo({ plant, utcOffset }: { plant: Plant; utcOffset: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const num = (v: number, unit: string) => `${formatNumber(v, lang, 6)} ${unit}`;
  const fields: [string, ReactNode][] = [
    ['name', plant.name],
    ['type', optionLabel(PLANT_TYPES.find((o) => o.value === plant.type)) ?? plant.type],
    ['status', t(`plantStats.status.${plant.status}`)],
    ['power', num(plant.powerKw, 'kW')],
    ['capacity', num(plant.capacityKwh, 'kWh')],
    ['longitude', formatNumber(plant.longitude, lang, 6)],
    ['latitude', formatNumber(plant.latitude, lang, 6)],
    ['address', plant.address || '—'],
    ['azimuth', num(plant.azimuthDeg, '°')],
    ['inclination', num(plant.inclinationDeg, '°')],
    ['currency', plant.currency],
    ['onGridType', optionLabel(ON_GRID_TYPES.find((o) => o.value === plant.onGridType)) ?? plant.onGridType],
    ['timeZone', `${plant.timeZone} (${utcOffset})`],
    ['owner', plant.ownerName ?? '—'],
    ['constructionDate', plant.constructionDate],
    ['createdAt', formatPlantTime(plant.createdAt, plant.timeZone)],
    ['refreshedAt', formatPlantTime(plant.refreshedAt, plant.timeZone)],
  ];
  return (
    <dl className="detail-fields" data-testid="detail-plant-info">
      {fields.map(([key, value]) => (
        <div key={key} className="detail-field">
          <dt>{t(`plantStats.fields.${key}`)}</dt>
          <dd data-testid={`detail-field-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
