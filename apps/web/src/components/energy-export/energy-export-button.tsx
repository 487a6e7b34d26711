import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENERGY_EXPORT_WORDS } from '@voltfleet/domain/reports';
import type { ExportDevice } from './energy-export-dialog';
import { message } from '@/lib/i18n';

export type { ExportDevice } from './energy-export-dialog';

// The dialog (its form, the device kinds' names) arrives when first opened: the pages' first download carries only
// this button.
const EnergyExportDialog = lazy(() => import('./energy-export-dialog'));

interface Props {
  /** The devices to choose from (a plant's, or the one device of its page); undefined while they load. */
  devices: readonly ExportDevice[] | undefined;
  /** The plant's zone: "last month" and "this year" are the plant's. */
  timeZone: string;
  /** Called when the dialog opens, e.g. to start loading the devices. */
  onOpen?: () => void;
}

/**
 * "Export energy" on the plant and device pages (issue 36 point 9): a month's daily or a year's monthly energies of
 * the chosen devices as a file, in two clicks with the defaults (every inverter, last month, XLSX).
 */
export function EnergyExportButton({ devices, timeZone, onOpen }: Props) {
  useTranslation(); // re-renders on a language switch
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        data-testid="energy-export"
        onClick={() => {
          setOpen(true);
          onOpen?.();
        }}
      >
        {message(ENERGY_EXPORT_WORDS.action)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EnergyExportDialog devices={devices} timeZone={timeZone} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
