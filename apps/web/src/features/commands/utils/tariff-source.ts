import type { CommandDevice } from '@voltfleet/domain/commands';

/** Where "Use the plant's tariff" loads from, or why it cannot (shown as the disabled button's tooltip). */
export type TariffSource =
  | { ok: true; plantId: number; plantName: string }
  | { ok: false; reason: 'noDevice' | 'noPermission' }
  | { ok: false; reason: 'noPlant'; sn: string }
  | { ok: false; reason: 'differentPlants'; plants: string };

/**
 * The one plant of the selected devices. Devices of several plants get no tariff at all: pushing one plant's prices
 * to another plant's inverter is a mistake the page should not make easy.
 */
export function tariffSource(devices: readonly CommandDevice[], canReadPlants: boolean): TariffSource {
  if (devices.length === 0) return { ok: false, reason: 'noDevice' };
  if (!canReadPlants) return { ok: false, reason: 'noPermission' };
  const homeless = devices.find((d) => d.plantId === null);
  if (homeless) return { ok: false, reason: 'noPlant', sn: homeless.sn };
  const plants = new Map(devices.map((d) => [d.plantId as number, d.plantName ?? String(d.plantId)]));
  if (plants.size > 1) return { ok: false, reason: 'differentPlants', plants: [...plants.values()].join(', ') };
  const [plantId, plantName] = [...plants][0]!;
  return { ok: true, plantId, plantName };
}
