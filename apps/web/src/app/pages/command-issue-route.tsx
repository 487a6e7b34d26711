import CommandIssuePage from '@/features/commands/pages/command-issue-page';
import { FirmwareCatalogue } from '@/features/firmware/components/firmware-catalogue';
import { FirmwareUpgradePanel } from '@/features/firmware/components/firmware-upgrade-panel';

/** Command issue with the firmware feature: one device's upgrade and the catalogue tab. */
export default function CommandIssueRoute() {
  return (
    <CommandIssuePage
      renderUpgrade={(deviceId) => <FirmwareUpgradePanel deviceId={deviceId} />}
      catalogue={<FirmwareCatalogue />}
    />
  );
}
