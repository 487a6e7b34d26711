import { Link } from 'react-router';
import { useCan } from '@/lib/permissions';

/** The device's detail page when the user may open the device list (B, B/A), else its serial number as text. */
export function DeviceLink({ deviceId, sn }: { deviceId: number; sn: string }) {
  const module = useCan('B');
  const page = useCan('B/A');
  if (!module || !page) return <span>{sn}</span>;
  return (
    <Link to={`/deviceCenter/deviceList/${deviceId}`} data-testid={`alarm-device-link-${deviceId}`}>
      {sn}
    </Link>
  );
}

/** The plant's detail page when the user may open the plant list (A), else its name as text; a dash without one. */
export function PlantLink({ plantId, name }: { plantId: number | null; name: string | null }) {
  const can = useCan('A');
  if (plantId === null || name === null) return <span className="alarm-muted">—</span>;
  if (!can) return <span>{name}</span>;
  return (
    <Link to={`/plantCenter/plantList/${plantId}`} data-testid={`alarm-plant-link-${plantId}`}>
      {name}
    </Link>
  );
}
