import { z } from 'zod';
import { deviceListItemSchema, type DeviceListItem } from '@voltfleet/domain/device-list';
import { paged } from '@voltfleet/domain/envelope';
import {
  plantListItemSchema,
  plantOverviewSchema,
  plantSavingsSchema,
  type PlantListItem,
  type PlantOverview,
  type PlantSavings,
} from '@voltfleet/domain/plants';
import { deviceDetailSchema, type DeviceDetail } from '@voltfleet/domain/telemetry';

/**
 * The bridge's view of Voltfleet: the same read endpoints the portal's pages call, with the bridge's key as
 * `Authorization: Bearer`, so the server decides per call what the key may see. Answers are checked against the
 * domain's response schemas.
 */

/** A call that failed: `status` is the HTTP status, undefined when the server could not be reached or answered junk. */
export class BridgeApiError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeApiError';
  }
}

export interface BridgeApi {
  plants(): Promise<PlantListItem[]>;
  overview(plantId: number): Promise<PlantOverview>;
  savings(plantId: number): Promise<PlantSavings>;
  devices(plantId: number): Promise<DeviceListItem[]>;
  deviceDetail(deviceId: number): Promise<DeviceDetail>;
}

const PAGE_SIZE = 200;
const devicePage = paged(deviceListItemSchema);

export function bridgeApi(baseUrl: string, key: string, timeoutMs = 15_000): BridgeApi {
  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw new BridgeApiError(undefined, `GET ${path}: ${err instanceof Error ? err.message : String(err)}${cause}`);
    }
    const text = await res.text();
    if (!res.ok) {
      let msg = text.slice(0, 200);
      try {
        msg = z.object({ msg: z.string() }).parse(JSON.parse(text)).msg;
      } catch {
        // Not our envelope (a proxy's page): the start of the text says enough.
      }
      throw new BridgeApiError(res.status, `GET ${path}: ${res.status} ${msg}`);
    }
    const body = z.object({ code: z.literal('ok'), data: z.unknown() }).safeParse(safeJson(text));
    const parsed = schema.safeParse(body.success ? body.data.data : undefined);
    if (!parsed.success)
      throw new BridgeApiError(undefined, `GET ${path}: unexpected answer (${parsed.error.message})`);
    return parsed.data;
  }

  return {
    plants: () => get('/api/plants', z.array(plantListItemSchema)),
    overview: (plantId) => get(`/api/plants/${plantId}/overview`, plantOverviewSchema),
    savings: (plantId) => get(`/api/plants/${plantId}/savings`, plantSavingsSchema),
    async devices(plantId) {
      const items: DeviceListItem[] = [];
      for (let page = 1; ; page++) {
        const answer = await get(`/api/devices?plantId=${plantId}&page=${page}&pageSize=${PAGE_SIZE}`, devicePage);
        items.push(...answer.items);
        if (answer.items.length < PAGE_SIZE || items.length >= answer.total) return items;
      }
    },
    deviceDetail: (deviceId) => get(`/api/devices/${deviceId}/detail`, deviceDetailSchema),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
