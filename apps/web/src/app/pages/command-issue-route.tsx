import CommandIssuePage from '@/features/commands/pages/command-issue-page';
import { FirmwareCatalogue, FirmwareUpgradePanel } from '@/features/firmware';
import { TariffPeriodRow } from '@/features/plant-config';

/**
 * Command issue with the firmware feature (one device's upgrade, the catalogue tab) and the plant tariff editor's
 * period row (tariff periods pushed to inverters).
 */
export default function CommandIssueRoute() {
  return (
    <CommandIssuePage
      PeriodRow={TariffPeriodRow}
      renderUpgrade={(deviceId) => <FirmwareUpgradePanel deviceId={deviceId} />}
      catalogue={<FirmwareCatalogue />}
    />
  );
}
