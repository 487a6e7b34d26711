import { INVERTER_MODEL_NAMES, type InverterModel } from '@voltfleet/domain/devices';
import { PCU_MINIMUM } from '@voltfleet/domain/firmware';
import { DEMO_DSP_VERSIONS } from './demo-fleet.js';
import type { UpgradeOrder } from './firmware-upgrade.js';
import { simulatedImage } from './transport/osim-upgrade.js';

/** One file of the demo's firmware catalogue: what it is, its file name and its bytes. */
export interface DemoFirmwareImage extends UpgradeOrder {
  family: InverterModel;
  fileName: string;
  bytes: Buffer;
}

/**
 * The PCU release after 4.0.0: newer than the 6.0.3 the demo's OSIM inverters report (query 0x98 version 603), so
 * every demo inverter has a PCU step left, and one 0x98 can report (three digits, one digit each after the first).
 */
export const DEMO_PCU_RELEASE = '6.1.0';

/** Sizes of the simulated images: large enough to take many OSIM data frames, small enough for a quick demo. */
const PCU_BYTES = 40 * 1024;
const DSP_BYTES = 24 * 1024;

/** The next DSP of the same hardware series and upgradable form (V105A00D00 → V106A00D00). */
function nextDsp(version: string): string {
  return `V${String(Number(version.slice(1, 4)) + 1).padStart(3, '0')}A00D00`;
}

/**
 * The firmware catalogue the demo seeds, per inverter model: PCU 4.0.0 (the step R4.7 requires of a PCU below
 * it), the PCU release after it, and the next DSP of the model's series (offered once the PCU is up to date). The
 * bytes are simulated images (deterministic, tagged with what they are), which the simulated inverters accept over
 * MQTT and OSIM alike.
 */
export function demoFirmwareImages(): DemoFirmwareImage[] {
  return INVERTER_MODEL_NAMES.flatMap((family) => {
    const orders: UpgradeOrder[] = [
      { kind: 'PCU', family, version: PCU_MINIMUM },
      { kind: 'PCU', family, version: DEMO_PCU_RELEASE },
      { kind: 'DSP', family, version: nextDsp(DEMO_DSP_VERSIONS[family]) },
    ];
    return orders.map((order) => ({
      ...order,
      family,
      fileName: `${order.kind.toLowerCase()}-${family.toLowerCase()}-${order.version}.bin`,
      bytes: simulatedImage(order, order.kind === 'PCU' ? PCU_BYTES : DSP_BYTES),
    }));
  });
}
