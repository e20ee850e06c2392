import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { products, users } from '../src/db/schema';
import type { Config } from '../src/env';
import { createImageStore, createStorage, type ImageStore } from '../src/lib/image-store';

/** The first admin and the demo seed, as the start-up tests configure them. */
export const adminEnv = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Owner@Pass1', SEED_DEMO: 'true' };

/**
 * The configured image store, except that the demo seed's pictures are stored as the SVG they are
 * drawn from instead of being rendered to WebP by sharp: about 20 s of CPU a seed (273 pictures) that
 * the tests of the start-up's order of work do not look at. The pictures themselves (rendered,
 * stored, referenced) are seed-demo.test.ts's subject, with the real store.
 */
export function unrenderedDemoImages(config: Config): ImageStore {
  const storage = createStorage(config);
  return {
    ...createImageStore(storage),
    saveEncoded: async (input: Buffer) => {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await storage.put(name, input, 'image/svg+xml');
      return name;
    },
  };
}

/** How many first admins ('owner') and products the database holds. */
export async function tally(database: Database) {
  const [admins] = await database.db.select({ n: count() }).from(users).where(eq(users.username, 'owner'));
  const [catalogue] = await database.db.select({ n: count() }).from(products);
  return { admins: admins!.n, products: catalogue!.n };
}
