import { WORK_ORDER_LIMITS, type WorkOrderImage, type WorkOrderImageType } from '@voltfleet/domain/workorders';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid } from '../../platform/errors.js';
import { cleanImage } from '../../platform/image.js';
import { countImages, deleteImage, findImage, insertImage } from './work-order-images.repository.js';
import { insertEvents, touchWorkOrder } from './work-orders.repository.js';
import { visibleRow } from './work-orders.service.js';

const imageNotFound = () => new AppError('not_found', 'workOrder.imageNotFound');

/**
 * Adds an image to a work order the caller can see. The image is checked and re-encoded first, outside the
 * transaction (the CPU work holds no lock); the count is checked under the work order's lock, so two uploads at
 * once cannot make a sixth.
 */
export async function addWorkOrderImage(db: Db, caller: Caller, id: number, upload: Buffer): Promise<WorkOrderImage> {
  await visibleRow(db, caller, id);
  const image = await cleanImage(upload);
  const imageId = await db.transaction(async (tx) => {
    await visibleRow(tx, caller, id, true);
    if ((await countImages(tx, id)) >= WORK_ORDER_LIMITS.images)
      throw invalid('file', 'workOrder.imageCount', { max: WORK_ORDER_LIMITS.images });
    const newId = await insertImage(tx, { workOrderId: id, ...image, uploadedBy: caller.id });
    await insertEvents(tx, id, [{ kind: 'imageAdded', actorId: caller.id, imageId: newId }]);
    await touchWorkOrder(tx, id);
    return newId;
  });
  return {
    id: imageId,
    contentType: image.contentType,
    bytes: image.data.length,
    width: image.width,
    height: image.height,
    createdAt: new Date().toISOString(),
  };
}

/** An image's stored (re-encoded) bytes, only to a caller who can see its work order. */
export async function workOrderImage(
  db: Db,
  caller: Caller,
  id: number,
  imageId: number,
): Promise<{ contentType: WorkOrderImageType; data: Buffer }> {
  await visibleRow(db, caller, id);
  const image = await findImage(db, id, imageId);
  if (!image) throw imageNotFound();
  return { contentType: image.content_type, data: image.data };
}

export async function removeWorkOrderImage(db: Db, caller: Caller, id: number, imageId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleRow(tx, caller, id, true);
    if (!(await deleteImage(tx, id, imageId))) throw imageNotFound();
    await insertEvents(tx, id, [{ kind: 'imageRemoved', actorId: caller.id, imageId }]);
    await touchWorkOrder(tx, id);
  });
}
