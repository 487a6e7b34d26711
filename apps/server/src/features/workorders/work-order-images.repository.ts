import type { WorkOrderImageType } from '@voltfleet/domain/workorders';
import type { Queryable } from '../../db/db.js';

export interface ImageInfoRow {
  id: number;
  content_type: WorkOrderImageType;
  bytes: number;
  width: number;
  height: number;
  created_at: Date;
}

/** The images of a work order (without their bytes), oldest first. */
export async function listImages(db: Queryable, workOrderId: number): Promise<ImageInfoRow[]> {
  const { rows } = await db.query<ImageInfoRow>(
    `SELECT id, content_type, octet_length(data) AS bytes, width, height, created_at
       FROM work_order_images WHERE work_order_id = $1 ORDER BY id`,
    [workOrderId],
  );
  return rows;
}

export async function countImages(db: Queryable, workOrderId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM work_order_images WHERE work_order_id = $1`,
    [workOrderId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertImage(
  db: Queryable,
  image: {
    workOrderId: number;
    contentType: WorkOrderImageType;
    width: number;
    height: number;
    data: Buffer;
    uploadedBy: number;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO work_order_images (work_order_id, content_type, width, height, data, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [image.workOrderId, image.contentType, image.width, image.height, image.data, image.uploadedBy],
  );
  return rows[0]!.id;
}

/** One image's bytes, only when it belongs to the work order. */
export async function findImage(
  db: Queryable,
  workOrderId: number,
  imageId: number,
): Promise<{ content_type: WorkOrderImageType; data: Buffer } | undefined> {
  const { rows } = await db.query<{ content_type: WorkOrderImageType; data: Uint8Array }>(
    `SELECT content_type, data FROM work_order_images WHERE id = $2 AND work_order_id = $1`,
    [workOrderId, imageId],
  );
  const row = rows[0];
  return row && { content_type: row.content_type, data: Buffer.from(row.data) };
}

export async function deleteImage(db: Queryable, workOrderId: number, imageId: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `DELETE FROM work_order_images WHERE id = $2 AND work_order_id = $1 RETURNING id`,
    [workOrderId, imageId],
  );
  return rows.length > 0;
}
