import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderImage } from '@voltfleet/domain/workorders';
import { api } from '../../test/harness.js';
import { multipartUpload, photo, pngClaiming } from '../../test/images.js';
import { WORK_ORDERS, createOrder, workOrderWorld, type WorkOrderWorld } from './work-orders.test-support.js';

let w: WorkOrderWorld;
let order: WorkOrderDetail;
beforeAll(async () => {
  w = await workOrderWorld('woi');
  order = await createOrder(w, w.tokens.tech, { plantId: w.plant });
});
afterAll(() => w.s.close());

/** Uploads bytes as a multipart file, the way the browser does. */
const upload = (id: number, bytes: Buffer, name: string, type: string, token = w.tokens.tech, lang = 'en') =>
  multipartUpload<WorkOrderImage>(
    w.s.app,
    'POST',
    `${WORK_ORDERS}/${id}/images`,
    { bytes, name, type },
    { token, lang },
  );

const imagesOf = async (id: number) =>
  (await api<WorkOrderDetail>(w.s.app, 'GET', `${WORK_ORDERS}/${id}`, { token: w.tokens.tech })).body.data;

describe('refused uploads', () => {
  it.each([
    [
      'a text file renamed to .png',
      () => Buffer.from('just some notes, not a picture\n'),
      'notes.png',
      'image/png',
      'Only JPEG, PNG or WebP images can be uploaded',
    ],
    [
      'an SVG (script-capable)',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.jpg',
      'image/jpeg',
      'Only JPEG, PNG or WebP images can be uploaded',
    ],
    [
      'a JPEG start with garbage after it',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      'broken.jpg',
      'image/jpeg',
      'This image cannot be read',
    ],
    [
      'a file over 1 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1024 * 1024, 1)]),
      'big.jpg',
      'image/jpeg',
      'An image may be at most 1 MB',
    ],
    [
      'a decompression bomb (100000 × 100000 pixels in a few bytes)',
      () => pngClaiming(100_000, 100_000),
      'bomb.png',
      'image/png',
      'An image may have at most 24 megapixels',
    ],
  ])('refuses %s with a localised 400, and stores nothing', async (_what, bytes, name, type, message) => {
    // No time limit here (a loaded machine would make it flaky): that the bomb is refused from its header, without
    // decoding, is the next test's memory check.
    const res = await upload(order.id, bytes(), name, type);
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]).toMatchObject({ path: 'file', message });
    expect((await imagesOf(order.id)).images).toEqual([]);
  });

  it('refuses the bomb from its header without decoding it', async () => {
    const before = process.memoryUsage().rss;
    const res = await upload(order.id, pngClaiming(60_000, 60_000), 'bomb2.png', 'image/png', w.tokens.tech, 'de');
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]?.message).toBe('Ein Bild darf höchstens 24 Megapixel haben');
    // 3.6 gigapixels decoded would take gigabytes; refusing from the header takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a request without a file', async () => {
    const res = await api(w.s.app, 'POST', `${WORK_ORDERS}/${order.id}/images`, { token: w.tokens.tech, body: {} });
    expect(res.status).toBe(400);
  });
});

describe('accepted images', () => {
  it('re-encodes a JPEG and strips its EXIF (camera, GPS), keeping the pixels', async () => {
    const withExif = await photo(640, 480)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Home address' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(order.id, withExif, 'photo.png', 'image/png');
    expect(res.status, res.body.msg).toBe(200);
    // The content decides the type, not the name or the client's claim.
    expect(res.body.data).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 480 });
    const served = await w.s.app.inject({
      url: `${WORK_ORDERS}/${order.id}/images/${res.body.data.id}`,
      headers: { token: w.tokens.tech },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="work-order-${order.id}-${res.body.data.id}.jpg"`,
    );
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);
  });

  it('keeps PNG and WebP in their own format', async () => {
    for (const [make, type] of [
      [() => photo(32, 24).png().toBuffer(), 'image/png'],
      [() => photo(32, 24).webp().toBuffer(), 'image/webp'],
    ] as const) {
      const res = await upload(order.id, await make(), 'x.bin', 'application/octet-stream');
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data.contentType).toBe(type);
    }
  });

  it('serves images only to those who see the work order', async () => {
    const { images } = await imagesOf(order.id);
    const url = `${WORK_ORDERS}/${order.id}/images/${images[0]!.id}`;
    expect((await w.s.app.inject({ url, headers: { token: w.tokens.stranger } })).statusCode).toBe(404);
    const other = await createOrder(w, w.tokens.tech);
    const wrongOrder = `${WORK_ORDERS}/${other.id}/images/${images[0]!.id}`;
    expect((await w.s.app.inject({ url: wrongOrder, headers: { token: w.tokens.tech } })).statusCode).toBe(404);
    expect(
      (await upload(order.id, await photo(8, 8).png().toBuffer(), 'a.png', 'image/png', w.tokens.stranger)).status,
    ).toBe(404);
  });

  it('takes at most five, refuses the sixth, and removing one makes room', async () => {
    const png = await photo(16, 16).png().toBuffer();
    while ((await imagesOf(order.id)).images.length < 5)
      expect((await upload(order.id, png, 'a.png', 'image/png')).status).toBe(200);
    const sixth = await upload(order.id, png, 'six.png', 'image/png', w.tokens.tech, 'cs');
    expect(sixth.status).toBe(400);
    expect(sixth.body.data.issues[0]?.message).toBe('Pracovní příkaz může mít nejvýše 5 obrázků');
    const first = (await imagesOf(order.id)).images[0]!;
    const removed = await api(w.s.app, 'DELETE', `${WORK_ORDERS}/${order.id}/images/${first.id}`, {
      token: w.tokens.tech,
    });
    expect(removed.status).toBe(200);
    expect((await upload(order.id, png, 'again.png', 'image/png')).status).toBe(200);
    const kinds = (await imagesOf(order.id)).events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'imageAdded')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'imageRemoved')).toHaveLength(1);
  });
});

describe('upload rate', () => {
  it('limits uploads per user, not per address', async () => {
    const png = await photo(8, 8).png().toBuffer();
    const statuses: number[] = [];
    // The owner cannot see this work order (404), but every attempt counts: the limit comes before the handler.
    for (let i = 0; i < 31; i++)
      statuses.push((await upload(order.id, png, 'a.png', 'image/png', w.tokens.owner)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user from the same address still gets through.
    expect((await upload(order.id, png, 'b.png', 'image/png', w.tokens.dealer)).status).not.toBe(429);
  });
});
