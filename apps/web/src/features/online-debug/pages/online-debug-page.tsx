import { useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DebugDevice } from '@voltfleet/domain/commands';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { DebugDevicePicker } from '../components/debug-device-picker';
import { ParameterDescription } from '../components/parameter-description';
import { ReadingData } from '../components/reading-data';
import { ResultAnalysis } from '../components/result-analysis';

interface Props {
  /** The common commands (power on/off, clock sync, restart) for one device, composed in app/ from commands. */
  renderCommands?: (device: DebugDevice) => ReactNode;
}

/**
 * /deviceCenter/onlineDebug (B/E): result analysis and parameter description work in the browser without a device;
 * reading data and common commands act on the inverter picked above them.
 */
export default function OnlineDebugPage({ renderCommands }: Props) {
  const { t } = useTranslation();
  const title = usePageName('onlineDebug');
  const [device, setDevice] = useState<DebugDevice | null>(null);
  // The page's and the picker's words load with the page (they are not part of the shell's).
  const withDevice = (content: (d: DebugDevice) => ReactNode) => (
    <>
      <DebugDevicePicker selected={device} onSelect={setDevice} />
      {device ? <div key={device.id}>{content(device)}</div> : <p>{t('onlineDebug.pickDevice')}</p>}
    </>
  );
  const items = [
    { key: 'read', label: t('onlineDebug.tabs.read'), children: withDevice((d) => <ReadingData device={d} />) },
    ...(renderCommands
      ? [{ key: 'commands', label: t('onlineDebug.tabs.commands'), children: withDevice(renderCommands) }]
      : []),
    { key: 'catalogue', label: t('onlineDebug.tabs.catalogue'), children: <ParameterDescription /> },
    { key: 'analysis', label: t('onlineDebug.tabs.analysis'), children: <ResultAnalysis /> },
  ];
  return (
    <>
      <PageHeader title={title} />
      <Tabs data-testid="online-debug-tabs" items={items} destroyOnHidden />
    </>
  );
}
