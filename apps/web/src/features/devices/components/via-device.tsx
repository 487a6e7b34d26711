import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import type { LinkedDevice } from '@voltfleet/domain/telemetry';

/** The detail page of a device. */
export const devicePath = (id: number) => `/deviceCenter/deviceList/${id}`;

/** "via inverter <SN>", the serial number linking to that device's page. */
export function ViaDevice({ device }: { device: LinkedDevice }) {
  return (
    <Trans
      i18nKey={`deviceDetail.link.via.${device.kind}`}
      values={{ sn: device.sn }}
      components={{ link: <Link to={devicePath(device.id)} data-testid={`linked-device-${device.sn}`} /> }}
    />
  );
}
