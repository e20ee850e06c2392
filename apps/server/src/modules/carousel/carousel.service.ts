import { eq, sql } from 'drizzle-orm';
import type { CarouselImageInput, CarouselItem, HomeCarousel } from '@zevar/domain';
import type { AppContext } from '../../context';
import { carouselItems } from '../../db/schema';
import { slidesWithTargets, targetExists } from './carousel-targets.read-model';
import { badRequest, notFound } from '../../lib/errors';

/** There is one carousel (the home carousel); its id is fixed. */
export const HOME_CAROUSEL_ID = 1;

type ItemUpdate = Omit<CarouselImageInput, 'imageUrl'> & { id: number; imageUrl?: string };

export function createCarouselService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  async function home(): Promise<HomeCarousel> {
    const rows = await slidesWithTargets(db);
    const images: CarouselItem[] = rows.map(({ item, productSlug, productName, categoryName }) => ({
      id: item.id,
      imageUrl: item.imageUrl,
      linkType: item.linkType,
      targetId: item.targetId,
      vendorPlan: item.plan,
      targetSlug: item.linkType === 'PRODUCT' ? productSlug : (categoryName?.toLowerCase() ?? null),
      targetName: item.linkType === 'PRODUCT' ? productName : categoryName,
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

    async update(input: ItemUpdate): Promise<HomeCarousel> {
      await assertTarget(input);
      const updated = await db
        .update(carouselItems)
        .set({
          linkType: input.linkType,
          targetId: input.targetId,
          plan: input.vendorPlan,
          ...(input.imageUrl ? { imageUrl: input.imageUrl } : {}),
        })
        .where(eq(carouselItems.id, input.id))
        .returning({ id: carouselItems.id });
      if (updated.length === 0) throw notFound('Carousel image');
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
