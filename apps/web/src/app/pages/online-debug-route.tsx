import OnlineDebugPage from '@/features/online-debug/pages/online-debug-page';
import { QuickCommands } from '@/features/commands';

/** Online debug with the commands feature: the common commands tab issues through the commands API. */
export default function OnlineDebugRoute() {
  return <OnlineDebugPage renderCommands={(device) => <QuickCommands deviceId={device.id} sn={device.sn} />} />;
}
