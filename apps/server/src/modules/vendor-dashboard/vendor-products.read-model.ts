import { and, asc, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { toPaged, type PagedCatalogueProducts, type VendorProductsQuery } from '@zevar/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { categories, products } from '../../db/schema';
import { findVendorAccount } from '../users';
import { gstBasisPoints } from '../metals';
import { countProducts, selectProducts } from '../products';
import { toProductDto } from '../products';
import { productVisibleTo } from '../storefront';
import { textContains } from '../../lib/sql-search';

const SORTS: Record<NonNullable<VendorProductsQuery['sort']>, SQL[]> = {
  'price-asc': [asc(products.pricePaise), asc(products.id)],
  'price-desc': [desc(products.pricePaise), asc(products.id)],
  'commission-asc': [asc(products.vendorCommissionPaise), asc(products.id)],
  'commission-desc': [desc(products.vendorCommissionPaise), asc(products.id)],
};

/*
 * Read model (docs/decisions/0015): the catalogue (the products and categories modules' tables) as one
 * vendor may sell it, filtered and sorted in SQL for the dashboard. Reads only.
 */

/** The catalogue a vendor may sell under its plan, in stock, with the dashboard's filters. */
export function createVendorProductsService(ctx: AppContext) {
  return {
    async list(vendorId: number, q: VendorProductsQuery): Promise<PagedCatalogueProducts> {
      const vendor = await findVendorAccount(ctx.db, vendorId);
      if (!vendor) throw notFound('Vendor');
      const parts: SQL[] = [productVisibleTo(vendor.plan), gt(products.stock, 0)];
      if (q.search) {
        parts.push(
          or(
            textContains(products.name, q.search),
            textContains(sql`coalesce(${products.description}, '')`, q.search),
          )!,
        );
      }
      if (q.categoryId) {
        // The product's category or its parent (selectProducts joins `categories` as the product's own).
        parts.push(or(eq(categories.id, q.categoryId), eq(categories.parentId, q.categoryId))!);
      }
      if (q.priceBand === 'upto-1000') parts.push(lte(products.pricePaise, 100_000));
      if (q.priceBand === '1000-5000')
        parts.push(and(gt(products.pricePaise, 100_000), lte(products.pricePaise, 500_000))!);
      if (q.priceBand === 'above-5000') parts.push(gt(products.pricePaise, 500_000));
      const where = and(...parts);
      const [rows, total] = await Promise.all([
        selectProducts(
          ctx.db,
          where,
          q.sort ? SORTS[q.sort] : [desc(products.createdAt), asc(products.id)],
          q.size,
          q.page * q.size,
        ),
        countProducts(ctx.db, where),
      ]);
      return toPaged(
        rows.map((r) => toProductDto(r, gstBasisPoints(ctx.config))),
        total,
        q,
      );
    },
  };
}
