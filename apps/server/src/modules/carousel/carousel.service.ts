import { and, eq, sql } from 'drizzle-orm';
import {
  STALE_EDIT_MESSAGE,
  type AdminCarouselItem,
  type CarouselImageInput,
  type HomeCarousel,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { carouselItems } from '../../db/schema';
import { slidesWithTargets, targetExists } from './carousel-targets.read-model';
import { badRequest, conflict, notFound } from '../../lib/errors';

/** There is one carousel (the home carousel); its id is fixed. */
export const HOME_CAROUSEL_ID = 1;

type ItemUpdate = Omit<CarouselImageInput, 'imageUrl'> & { id: number; imageUrl?: string; version: number };

export function createCarouselService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  async function home(): Promise<HomeCarousel> {
    const rows = await slidesWithTargets(db);
    const images: AdminCarouselItem[] = rows.map(({ item, productSlug, productName, categoryName }) => ({
      id: item.id,
      imageUrl: item.imageUrl,
      linkType: item.linkType,
      targetId: item.targetId,
      vendorPlan: item.plan,
      targetSlug: item.linkType === 'PRODUCT' ? productSlug : (categoryName?.toLowerCase() ?? null),
      targetName: item.linkType === 'PRODUCT' ? productName : categoryName,
      version: item.version,
    }));
    return { id: HOME_CAROUSEL_ID, images };
  }

  /** A slide must lead somewhere real. */
  async function assertTarget(input: Pick<CarouselImageInput, 'linkType' | 'targetId'>) {
    if (!(await targetExists(db, input.linkType, input.targetId))) {
      const what = input.linkType === 'PRODUCT' ? 'product' : 'category';
      throw badRequest(`No ${what} has ID ${input.targetId}`, [
        { path: 'targetId', message: `No ${what} has ID ${input.targetId}` },
      ]);
    }
  }

  return {
    home,

    async add(input: CarouselImageInput): Promise<HomeCarousel> {
      await assertTarget(input);
      await db.insert(carouselItems).values({
        imageUrl: input.imageUrl,
        linkType: input.linkType,
        targetId: input.targetId,
        plan: input.vendorPlan,
        position: sql`coalesce((select max(${carouselItems.position}) from ${carouselItems}), 0) + 1`,
      });
      return home();
    },

    /** Saves a slide edited from `input.version`; over a newer version: 409 with the slide as `current`. */
    async update(input: ItemUpdate): Promise<HomeCarousel> {
      await assertTarget(input);
      const updated = await db
        .update(carouselItems)
        .set({
          linkType: input.linkType,
          targetId: input.targetId,
          plan: input.vendorPlan,
          ...(input.imageUrl ? { imageUrl: input.imageUrl } : {}),
          version: sql`${carouselItems.version} + 1`,
        })
        .where(and(eq(carouselItems.id, input.id), eq(carouselItems.version, input.version)))
        .returning({ id: carouselItems.id });
      if (updated.length === 0) {
        const current = (await home()).images.find((i) => i.id === input.id);
        if (!current) throw notFound('Carousel image');
        throw conflict(STALE_EDIT_MESSAGE, { current });
      }
      return home();
    },

    async remove(id: number): Promise<HomeCarousel> {
      const deleted = await db
        .delete(carouselItems)
        .where(eq(carouselItems.id, id))
        .returning({ id: carouselItems.id });
      if (deleted.length === 0) throw notFound('Carousel image');
      return home();
    },
  };
}
