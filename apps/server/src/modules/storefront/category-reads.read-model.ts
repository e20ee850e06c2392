import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { plansVisibleTo, type CarouselItem, type Category, type Plan } from '@zevar/domain';
import type { Db } from '../../db/client';
import { carouselItems, categories, products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { categoryVisibleTo, productVisibleTo } from './visibility.read-model';

/*
 * Read model (docs/decisions/0015): the storefront's categories and carousel (joins on the categories,
 * products and carousel modules' tables), one query per call. Reads only.
 */

const parents = alias(categories, 'parent');
const children = alias(categories, 'ch');
const targetProducts = alias(products, 'target_product');
const targetCategories = alias(categories, 'target_category');
const targetProductCategories = alias(categories, 'target_product_category');

/** Public category and carousel reads for a shop's plan; one query per call. */
export function createCategoryReads(db: Db) {
  async function select(plan: Plan, where?: SQL): Promise<Category[]> {
    const childCount = sql<number>`(select count(*)::int from ${categories} as ${sql.identifier('ch')} where ${children.parentId} = ${categories.id} and ${categoryVisibleTo(plan, children)})`;
    const rows = await db
      .select({ c: categories, parent: { id: parents.id, name: parents.name }, childCount })
      .from(categories)
      .leftJoin(parents, eq(categories.parentId, parents.id))
      .where(and(categoryVisibleTo(plan), where))
      .orderBy(asc(categories.name));
    return rows.map(({ c, parent, childCount: n }) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      image: c.image,
      banner: c.banner,
      parentCategory: parent,
      vendorPlan: c.plan,
      subCategoryCount: Number(n),
    }));
  }

  async function one(plan: Plan, where: SQL): Promise<Category> {
    const [row] = await select(plan, where);
    if (!row) throw notFound('Category');
    return row;
  }

  /** Carousel slides for a plan, each with where it leads (product slug or lowercased category name). */
  async function carousel(plan: Plan): Promise<CarouselItem[]> {
    const rows = await db
      .select({
        item: carouselItems,
        productSlug: targetProducts.slug,
        productName: targetProducts.name,
        productCategoryId: targetProductCategories.id,
        categoryName: targetCategories.name,
      })
      .from(carouselItems)
      .leftJoin(
        targetProducts,
        and(eq(carouselItems.linkType, 'PRODUCT'), eq(targetProducts.id, carouselItems.targetId)),
      )
      .leftJoin(
        targetProductCategories,
        and(
          eq(targetProductCategories.id, targetProducts.categoryId),
          productVisibleTo(plan, targetProducts, targetProductCategories),
        ),
      )
      .leftJoin(
        targetCategories,
        and(
          eq(carouselItems.linkType, 'CATEGORY'),
          eq(targetCategories.id, carouselItems.targetId),
          categoryVisibleTo(plan, targetCategories),
        ),
      )
      .where(inArray(carouselItems.plan, plansVisibleTo(plan)))
      .orderBy(asc(carouselItems.position), asc(carouselItems.id));
    return rows.map(({ item, productSlug, productName, productCategoryId, categoryName }) => ({
      id: item.id,
      imageUrl: item.imageUrl,
      linkType: item.linkType,
      targetId: item.targetId,
      vendorPlan: item.plan,
      targetSlug:
        item.linkType === 'PRODUCT'
          ? productCategoryId
            ? productSlug
            : null
          : categoryName
            ? categoryName.toLowerCase()
            : null,
      targetName: item.linkType === 'PRODUCT' ? (productCategoryId ? productName : null) : categoryName,
    }));
  }

  return {
    all: (plan: Plan) => select(plan),
    byId: (plan: Plan, id: number) => one(plan, eq(categories.id, id)),
    byName: (plan: Plan, name: string) =>
      one(
        plan,
        sql`(lower(${categories.name}) = ${name.trim().toLowerCase()} or ${categories.slug} = ${name.trim().toLowerCase()})`,
      ),
    carousel,
  };
}
