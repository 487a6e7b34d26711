import type { ActivationStatus, DeviceKind } from '@voltfleet/domain/devices';
import type { Queryable } from '../../db/db.js';
import { plantInScope } from '../../platform/scope.js';

/**
 * SQL condition: device `d` is held by the caller or someone below them ($1 binds the subtree pattern). Storage
 * works on held devices only: a device merely installed in an affiliated plant belongs to another branch's stock.
 */
const heldInScope = (d: string) => `EXISTS (SELECT 1 FROM users so WHERE so.id = ${d}.owner_id AND so.path LIKE $1)`;

/** Who asks: the subtree pattern (platform/scope.ts) and the caller's id (affiliated plants). */
export interface StorageScope {
  pattern: string;
  callerId: number;
}

export interface StorageRow {
  id: number;
  sn: string;
  kind: DeviceKind;
  model: string;
  battery_model: string;
  installation_position: string;
  owner_id: number;
  owner_name: string;
  plant_id: number | null;
  plant_name: string | null;
  time_zone: string | null;
  imported_at: Date;
  activated_at: Date | null;
  has_credentials: boolean;
}

const SELECT_STORAGE = `
  SELECT d.id, d.sn, d.kind, d.model, d.battery_model, d.installation_position, d.owner_id, u.username AS owner_name,
         d.plant_id, p.name AS plant_name, p.time_zone, d.imported_at, d.activated_at,
         d.secret_hash IS NOT NULL AS has_credentials
    FROM devices d
    JOIN users u ON u.id = d.owner_id
    LEFT JOIN plants p ON p.id = d.plant_id`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the devices in scope, newest stock-in first, with the total. */
export async function listStorage(
  db: Queryable,
  scope: StorageScope,
  filter: { status?: ActivationStatus | undefined; keyword?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: StorageRow[]; total: number }> {
  const params: (string | number)[] = [scope.pattern];
  const where = [heldInScope('d')];
  if (filter.status === 'awaiting') where.push('d.activated_at IS NULL');
  if (filter.status === 'activated') where.push('d.activated_at IS NOT NULL');
  if (filter.keyword) {
    params.push(`%${escapeLike(filter.keyword)}%`);
    where.push(`(d.sn ILIKE $${params.length} OR d.model ILIKE $${params.length})`);
  }
  const condition = where.join(' AND ');
  const total =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices d WHERE ${condition}`, params)).rows[0]?.n ??
    0;
  const { rows } = await db.query<StorageRow>(
    `${SELECT_STORAGE} WHERE ${condition} ORDER BY d.imported_at DESC, d.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  return { rows, total };
}

/** A device in scope by id, or undefined: outside the scope looks exactly like missing. */
export async function findStorageDevice(db: Queryable, scope: StorageScope, id: number) {
  const { rows } = await db.query<StorageRow>(`${SELECT_STORAGE} WHERE ${heldInScope('d')} AND d.id = $2`, [
    scope.pattern,
    id,
  ]);
  return rows[0];
}

/** Which of these serial numbers exist, and whether each is in the caller's scope. */
export async function existingSerialNumbers(
  db: Queryable,
  scope: StorageScope,
  sns: readonly string[],
): Promise<Map<string, { inScope: boolean }>> {
  if (sns.length === 0) return new Map();
  const { rows } = await db.query<{ sn: string; in_scope: boolean }>(
    `SELECT d.sn, ${heldInScope('d')} AS in_scope FROM devices d WHERE d.sn = ANY($2::text[])`,
    [scope.pattern, [...sns]],
  );
  return new Map(rows.map((r) => [r.sn, { inScope: r.in_scope }]));
}

/** Whether `userId` is the caller or below them. */
export async function userInSubtree(db: Queryable, scope: StorageScope, userId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM users WHERE id = $1 AND path LIKE $2`, [userId, scope.pattern]);
  return rows.length > 0;
}

/** Whether the plant is in the caller's scope (owned in the subtree or affiliated). */
export async function plantVisible(db: Queryable, scope: StorageScope, plantId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM plants p WHERE p.id = $3 AND ${plantInScope('p', 1, 2)}`, [
    scope.pattern,
    scope.callerId,
    plantId,
  ]);
  return rows.length > 0;
}
