import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STALE_EDIT_MESSAGE, type Category, type CategoryInput, type CategoryUpdate } from '@zevar/domain';
import type { AppContext } from '../../context';
import { categories } from '../../db/schema';
import { countProductsInCategory } from '../products';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isForeignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { recordChangeIn } from '../audit';

export const CATEGORY_MESSAGES = {
  duplicate: 'A category with this name already exists',
  inUse:
    'This category still has products or sub-categories. Move or delete them before deleting the category.',
  parentMissing: 'The parent category does not exist',
  parentNotMain: 'The parent must be a main category',
  ownParent: 'A category cannot be its own parent',
  hasChildren: 'A category with sub-categories cannot become a sub-category',
} as const;

const parents = alias(categories, 'parent');
const children = alias(categories, 'child');

/** Category slug: the lowercased name (stored, unique). */
export const categorySlug = (name: string) => name.trim().toLowerCase();

export function createCategoriesService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** Categories with parent and child count in one query. */
  async function select(where?: SQL): Promise<Category[]> {
    const childCounts = db
      .select({ parentId: children.parentId, n: sql<number>`count(*)::int`.as('n') })
      .from(children)
      .groupBy(children.parentId)
      .as('child_counts');
    const rows = await db
      .select({ c: categories, parent: { id: parents.id, name: parents.name }, n: childCounts.n })
      .from(categories)
      .leftJoin(parents, eq(categories.parentId, parents.id))
      .leftJoin(childCounts, eq(childCounts.parentId, categories.id))
      .where(where)
      .orderBy(asc(categories.name));
    return rows.map(({ c, parent, n }) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      image: c.image,
      banner: c.banner,
      parentCategory: parent,
      vendorPlan: c.plan,
      hsnCode: c.hsnCode,
      subCategoryCount: n ?? 0,
      version: c.version,
    }));
  }

  async function get(id: number): Promise<Category> {
    const [row] = await select(eq(categories.id, id));
    if (!row) throw notFound('Category');
    return row;
  }

  async function nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        sql`lower(${categories.name}) = lower(${name.trim()}) or ${categories.slug} = ${categorySlug(name)}`,
      );
    return !!row && row.id !== exceptId;
  }

  async function resolveParent(input: CategoryInput, selfId?: number): Promise<number | null> {
    const parentId = input.parentCategory?.id ?? null;
    if (parentId === null) return null;
    if (parentId === selfId) throw badRequest(CATEGORY_MESSAGES.ownParent);
    const [parent] = await db.select().from(categories).where(eq(categories.id, parentId));
    if (!parent) throw badRequest(CATEGORY_MESSAGES.parentMissing);
    if (parent.parentId !== null) throw badRequest(CATEGORY_MESSAGES.parentNotMain);
    if (selfId !== undefined) {
      const [kids] = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, selfId));
      if ((kids?.n ?? 0) > 0) throw badRequest(CATEGORY_MESSAGES.hasChildren);
    }
    return parentId;
  }

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict(CATEGORY_MESSAGES.duplicate);
      throw err;
    }
  }

  const values = (input: CategoryInput, parentId: number | null) => ({
    name: input.name,
    slug: categorySlug(input.name),
    image: input.image,
    banner: input.banner,
    parentId,
    plan: input.vendorPlan,
    hsnCode: input.hsnCode || null,
  });

  return {
    list: () => select(),
    get,
    async subcategories(id: number): Promise<Category[]> {
      await get(id);
      return select(eq(categories.parentId, id));
    },
    exists: (name: string) => nameTaken(name),

    async create(input: CategoryInput): Promise<Category> {
      if (await nameTaken(input.name)) throw conflict(CATEGORY_MESSAGES.duplicate);
      const parentId = await resolveParent(input);
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [created] = await tx.insert(categories).values(values(input, parentId)).returning();
          await recordChangeIn(tx, {
            action: 'create',
            entityType: 'category',
            entityId: created!.id,
            after: created,
          });
          return created!;
        }),
      );
      return get(row.id);
    },

    /** Saves an edit made from `input.version`; over a newer version it answers 409 with `current`. */
    async update(id: number, input: CategoryUpdate): Promise<Category> {
      await get(id);
      if (await nameTaken(input.name, id)) throw conflict(CATEGORY_MESSAGES.duplicate);
      const parentId = await resolveParent(input, id);
      const saved = await write(() =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
          const rows = await tx
            .update(categories)
            .set({ ...values(input, parentId), version: sql`${categories.version} + 1` })
            .where(and(eq(categories.id, id), eq(categories.version, input.version)))
            .returning();
          if (rows[0])
            await recordChangeIn(tx, {
              action: 'update',
              entityType: 'category',
              entityId: id,
              before,
              after: rows[0],
            });
          return rows;
        }),
      );
      if (saved.length === 0) throw conflict(STALE_EDIT_MESSAGE, { current: await get(id) });
      return get(id);
    },

    async remove(id: number): Promise<void> {
      await get(id);
      const [used, [kids]] = await Promise.all([
        countProductsInCategory(db, id),
        db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
      ]);
      if (used > 0 || (kids?.n ?? 0) > 0) throw conflict(CATEGORY_MESSAGES.inUse);
      try {
        await db.transaction(async (tx) => {
          const [before] = await tx.delete(categories).where(eq(categories.id, id)).returning();
          if (before)
            await recordChangeIn(tx, { action: 'delete', entityType: 'category', entityId: id, before });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(CATEGORY_MESSAGES.inUse);
        throw err;
      }
    },
  };
}
