import { useTranslation } from 'react-i18next';
import type { PlantStatus } from '@voltfleet/domain/plants';
import { StatusTag } from '@/components/status-tag';

const TONE = { normal: 'success', alarm: 'error', offline: 'default' } as const;

/** Plant status as a coloured tag: normal green, alarm red, offline grey. */
export function PlantStatusTag({ status }: { status: PlantStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONE[status]}>{t(`plantList.status.${status}`)}</StatusTag>;
}
