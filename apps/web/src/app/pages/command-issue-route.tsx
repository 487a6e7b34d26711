import CommandIssuePage from '@/features/commands/pages/command-issue-page';
import { FirmwareCatalogue } from '@/features/firmware/components/firmware-catalogue';
import { FirmwareUpgradePanel } from '@/features/firmware/components/firmware-upgrade-panel';
import { TariffPeriodRow } from '@/features/plant-config/components/tariff-period-row';
import '@/features/plant-config/components/plant-config.css';

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
