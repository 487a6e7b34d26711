// Firmware versions as people read them. A version reaches us in several forms: the dotted text the platform stores
// and the firmware catalogue uses ("6.0.3"), the integer an OSIM inverter reports in its system information
// (osimVersionText: 603 is 6.0.3, 259 is 2.5.9), that integer as text ("603", from a device that reports it
// unconverted), or with its component glued on ("PCU 603", "PCU6.0.3"). Every page shows one text for one version:
// the dotted one, with the component (PCU, DSP, BMS) as a separate label beside it. Here, not in packages/domain,
// because reading the integer is protocol decoding, owned by this package's osimVersionText.
import { osimVersionText } from './upgrade.js';

/** The parts of an inverter a firmware version belongs to: control board, signal processor, battery management. */
export const FIRMWARE_COMPONENTS = ['PCU', 'DSP', 'BMS'] as const;
export type FirmwareComponent = (typeof FIRMWARE_COMPONENTS)[number];

/** A version as shown: the component it belongs to when it says so, and its text. */
export interface FirmwareVersionShown {
  component: FirmwareComponent | null;
  text: string;
}

const GLUED = new RegExp(`^(${FIRMWARE_COMPONENTS.join('|')})(?:[\\s:_-]*[vV](?=\\d+\\.)|[\\s:_-]*)(.+)$`, 'i');

/**
 * A stored or reported version in the one form the UI shows: a number or a text of digits alone is OSIM's integer
 * (→ "6.0.3"); a component glued on the front is taken off into `component`; any other text (a DSP's V201A00D00, a
 * dotted PCU version) stays as it is, trimmed. Null for no version (null, empty text).
 */
export function firmwareVersion(version: string | number | null | undefined): FirmwareVersionShown | null {
  if (version === null || version === undefined) return null;
  if (typeof version === 'number') {
    const text = osimVersionText(version);
    return text === undefined ? { component: null, text: String(version) } : { component: null, text };
  }
  const trimmed = version.trim();
  if (trimmed === '') return null;
  const glued = GLUED.exec(trimmed);
  if (glued) {
    const rest = firmwareVersion(glued[2]!);
    const component = glued[1]!.toUpperCase() as FirmwareComponent;
    return rest ? { component, text: rest.text } : null;
  }
  if (/^\d{1,5}$/.test(trimmed)) return { component: null, text: osimVersionText(Number(trimmed)) ?? trimmed };
  return { component: null, text: trimmed };
}

/** The text of a version as every page shows it ("603" → "6.0.3", "PCU 259" → "2.5.9"); null for no version. */
export function firmwareVersionText(version: string | number | null | undefined): string | null {
  return firmwareVersion(version)?.text ?? null;
}
