import type { DeviceLookup, LinkDevice } from './link.types.js';

const FOUND_TTL_MS = 60_000;
const MISSING_TTL_MS = 10_000;
const MAX_ENTRIES = 100_000;

/** Remembers serial number → device for a minute (unknown ones for 10 s), so ingest does not query per message. */
export class DeviceCache implements DeviceLookup {
  private readonly entries = new Map<string, { at: number; device: Promise<LinkDevice | null> }>();

  constructor(private readonly lookup: DeviceLookup) {}

  find(sn: string): Promise<LinkDevice | null> {
    const now = Date.now();
    const hit = this.entries.get(sn);
    if (hit && now - hit.at < FOUND_TTL_MS) return hit.device;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const device = this.lookup.find(sn);
    this.entries.set(sn, { at: now, device });
    const current = () => this.entries.get(sn)?.device === device;
    device.then(
      (found) => {
        // An unknown device may be stocked in any moment: forget it sooner.
        if (found === null && current()) this.entries.set(sn, { at: now - FOUND_TTL_MS + MISSING_TTL_MS, device });
      },
      () => current() && this.entries.delete(sn),
    );
    return device;
  }
}
