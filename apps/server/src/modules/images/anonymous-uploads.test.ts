import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { multipart } from '../../../test/catalogue-fixtures';
import { createCategory, createProduct, createVendor, uid } from '../../../test/factories';
import { initiate, orderBody } from '../../../test/payment-journey';
import { createLocalStorage, type BlobStorage } from '../../lib/blob-storage';
import { createImageStore } from '../../lib/image-store';
import {
  anonymousUploads,
  carouselItems,
  categories,
  emailTemplates,
  products,
  users,
} from '../../db/schema';
import { sweepAnonymousUploads, UNUSED_UPLOAD_MS } from './anonymous-uploads';
import { UPLOAD_STORAGE_FULL } from './store-uploaded-image';

const png = (r = 200) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 150, b: 20 } } })
    .png()
    .toBuffer();

describe('unused anonymous uploads', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const now = () => new Date(clock);
  const images = createImageStore(createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'zevar-sweep-'))));
  beforeAll(async () => {
    t = await createTestApp({ images, now });
  });
  afterAll(async () => t.close());

  let address = 0;
  async function reviewUpload(): Promise<string> {
    const body = multipart(await png(address % 250), 'photo.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/image/review-uploads',
      payload: body.payload,
      headers: body.headers,
      remoteAddress: `10.61.0.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.body;
  }
  const sweep = () => sweepAnonymousUploads({ db: t.db, images, now });
  const served = async (name: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/image/${name}` })).statusCode;

  it('deletes an upload nothing uses after a day, keeps every one a record refers to', async () => {
    const unused = await reviewUpload();
    const young = { name: '' };
    const refs = {
      product: await reviewUpload(),
      productDescription: await reviewUpload(),
      certificate: await reviewUpload(),
      category: await reviewUpload(),
      banner: await reviewUpload(),
      carousel: await reviewUpload(),
      review: await reviewUpload(),
      orderLine: await reviewUpload(),
      template: await reviewUpload(),
      vendor: await reviewUpload(),
    };
    // Width copies of the unused upload go with it.
    expect((await t.app.inject({ url: `/api/image/${unused}?w=320` })).statusCode).toBe(200);

    await createProduct(t.db, { images: [`/api/image/${refs.product}?w=640`] });
    await createProduct(t.db, {
      description: `See https://shop.example/api/image/${refs.productDescription}`,
    });
    const certified = await createProduct(t.db);
    await t.db
      .update(products)
      .set({
        certificate: {
          lab: 'IGI',
          labName: null,
          reportNumber: 'LG123456789',
          carat: 0.5,
          colour: null,
          clarity: null,
          cut: null,
          file: refs.certificate,
        },
      })
      .where(eq(products.id, certified.id));
    await createCategory(t.db, { image: refs.category, banner: `/api/image/${refs.banner}` });
    const [slide] = await t.db
      .insert(carouselItems)
      .values({ imageUrl: refs.carousel, linkType: 'CATEGORY', targetId: 1 })
      .returning();
    expect(slide).toBeDefined();
    const reviewed = await createProduct(t.db);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      remoteAddress: '10.62.0.1',
      payload: { productId: reviewed.id, name: 'Asha', rating: 5, comment: 'Lovely', photos: [refs.review] },
    });
    expect(review.statusCode, review.body).toBe(201);
    // An order line keeps the picture the product had when it was bought.
    const sold = await createProduct(t.db, { images: [refs.orderLine], stock: 5 });
    const vendor = await createVendor(t.app, t.db);
    const order = await initiate(t.app, orderBody(vendor.slug, [{ productSku: sold.sku, quantity: 1 }]));
    expect(order.statusCode, order.body).toBe(200);
    await t.db.update(products).set({ images: [] }).where(eq(products.id, sold.id));
    await t.db.insert(emailTemplates).values({
      name: `Template ${uid()}`,
      subject: 'Hello',
      body: `<p><img src="/api/image/${refs.template}"></p>`,
    });
    await t.db
      .update(users)
      .set({ description: `Our shop: /api/image/${refs.vendor}` })
      .where(eq(users.id, vendor.id));

    clock += UNUSED_UPLOAD_MS - 60_000;
    young.name = await reviewUpload();
    expect(await sweep()).toEqual({ deleted: 0, kept: 0 });

    clock += 2 * 60_000;
    expect(await sweep()).toEqual({ deleted: 1, kept: Object.keys(refs).length });
    expect(await served(unused)).toBe(404);
    expect(await images.exists(`w320-${unused}`)).toBe(false);
    for (const [what, name] of Object.entries(refs)) expect([what, await served(name)]).toEqual([what, 200]);
    expect(await served(young.name)).toBe(200);
    // Used ones are no longer tracked; the young one still is.
    const tracked = (await t.db.select().from(anonymousUploads)).map((r) => r.name);
    expect(tracked).toEqual([young.name]);

    clock += UNUSED_UPLOAD_MS;
    expect(await sweep()).toEqual({ deleted: 1, kept: 0 });
    expect(await served(young.name)).toBe(404);
    // Every referenced file is still there a day later too.
    for (const name of Object.values(refs)) expect(await served(name)).toBe(200);
    expect(await t.db.select().from(categories).where(eq(categories.image, refs.category))).toHaveLength(1);
  });
});

describe('a full image storage', () => {
  const failing = (err: unknown): BlobStorage => ({
    kind: 'local',
    put: async () => {
      throw err;
    },
    get: async () => null,
    exists: async () => false,
    remove: async () => false,
  });
  const diskFull = Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
  const s3Full = Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), {
    name: 'XMinioStorageFull',
    $metadata: { httpStatusCode: 507 },
  });

  it.each([
    ['a local disk (ENOSPC)', diskFull],
    ['S3-compatible storage (507)', s3Full],
  ])('answers 507 in the error shape on %s, and a non-image still 415', async (_where, err) => {
    const t = await createTestApp({ images: createImageStore(failing(err)) });
    try {
      const send = async (content: Buffer) => {
        const body = multipart(content, 'photo.png', 'image/png');
        return t.app.inject({
          method: 'POST',
          url: '/api/image/review-uploads',
          payload: body.payload,
          headers: body.headers,
        });
      };
      const full = await send(await png());
      expect(full.statusCode).toBe(507);
      expect(full.json()).toEqual({ code: 'INSUFFICIENT_STORAGE', message: UPLOAD_STORAGE_FULL });
      // A PNG signature with nothing readable behind it is the upload's fault, not the disk's.
      const broken = await send(Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(64)]));
      expect(broken.statusCode).toBe(415);
      expect(broken.json()).toMatchObject({ message: 'The file is not a valid image' });
    } finally {
      await t.close();
    }
  });
});
