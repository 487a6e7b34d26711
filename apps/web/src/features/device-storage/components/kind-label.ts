import { useTranslation } from 'react-i18next';
import { DEVICE_KIND_LABELS, type DeviceKind } from '@voltfleet/domain/devices';
import { type Lang } from '@voltfleet/domain/i18n';

/** Device kinds named in the UI language, from the domain's labels (the import sheet uses the same words). */
export function useKindLabel(): (kind: DeviceKind) => string {
  const { i18n } = useTranslation();
  return (kind) => DEVICE_KIND_LABELS[kind][i18n.language as Lang] ?? DEVICE_KIND_LABELS[kind].en;
}
