import { useTranslation } from 'react-i18next';
import { DEVICE_KIND_LABELS, type DeviceKind } from '@voltfleet/domain/devices';
import { message } from '@/lib/i18n';

/** Device kinds named in the UI language, from the domain's labels (the import sheet uses the same words). */
export function useKindLabel(): (kind: DeviceKind) => string {
  // re-renders on a language switch
  useTranslation();
  return (kind) => message(DEVICE_KIND_LABELS[kind]);
}
