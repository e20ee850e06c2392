import {
  CATEGORY_MAX_PAGE_SIZE,
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  toPaged,
  type CategoryProductsQuery,
  type pagedProductListSchema,
  type Plan,
} from '@zevar/domain';
import type { CacheTag } from '../../lib/cache/invalidation';
import type { BuiltAnswer, Part, PublicCache } from '../../lib/cache/public-cache';
import { notFound } from '../../lib/errors';
import { listAnswerTags } from './answer-tags';
import type { CategoryListingQuery, ProductReads } from './product-reads.read-model';

/** A category listing as kept: its ids in order (up to the window and a page beyond) and its total. */
type Listing = { ids: Int32Array; total: number; shown: boolean };

/**
 * Category pages made from kept parts (decision 0094). A miss of a page used to read and map its
 * rows, parse them through the response schema and serialise them; now:
 * - the listing (shop plan, category, sort, sub-category, search text) is kept whole, as its sorted
 *   ids and total, so every page, page size and letter case of one listing shares one read;
 * - each product's card (its list form, through the route's item schema, as JSON bytes) is kept by
 *   product id, and the cards a page lacks are read in one statement by id;
 * - the page's answer is the cards' bytes between the page's own fields, which went through the
 *   route's response schema (an empty `content`, and the totals).
 * Every part is kept under the tags of what it shows, as the answers are (decisions 0036, 0080,
 * 0081): the listing under `lists` (membership: a product added, edited, hidden, moved, a plan
 * changed) and, sorted by price, `price-order` (a rate change); a card under its product (an edit,
 * a review, a stock band crossed) and its metal (a rate change). The page's answer carries the tags
 * of every part it was made from, so a change drops the parts and the answers made from them, in
 * every process, and a build overtaken by a change is not kept.
 */
export function createCategoryPages(
  cache: PublicCache,
  reads: Pick<ProductReads, 'categoryListing' | 'listItems'>,
  /** The route's response schema: the page's own fields and each card go through it. */
  schema: typeof pagedProductListSchema,
) {
  const cardSchema = schema.shape.content.element;
  const cardKey = (id: number) => `card:${id}`;

  function listing(plan: Plan, categoryId: number, q: CategoryListingQuery): Promise<Part<Listing>> {
    const search = q.search ? `:${searchKey(q.search)}` : '';
    const key = `listing:${plan}:${categoryId}:${q.sort}:${q.subCategoryId ?? ''}${search}`;
    return cache.part(key, async () => {
      const read = await reads.categoryListing(plan, categoryId, q);
      const ids = Int32Array.from(read.ids);
      return {
        value: { ids, total: read.total, shown: read.shown },
        tags: q.sort === 'default' ? LISTING_TAGS : PRICE_LISTING_TAGS,
        bytes: ids.byteLength,
      };
    });
  }

  /**
   * The cards of these products, kept or read together (one statement for those not kept), and
   * with them, when a statement is needed anyway, those of `around` not kept (decision 0100).
   */
  function cards(ids: number[], around: number[]): Promise<Map<string, Part<Buffer>>> {
    return cache.partsFor(
      ids.map(cardKey),
      async (missing) => {
        const items = await reads.listItems(missing.map((k) => Number(k.slice(5))));
        const made = new Map<string, Part<Buffer>>();
        for (const item of items) {
          const value = Buffer.from(JSON.stringify(cardSchema.parse(item)), 'utf8');
          made.set(cardKey(item.id), {
            value,
            tags: ['catalogue', ...listAnswerTags([item])],
            bytes: value.length,
          });
        }
        return made;
      },
      around.map(cardKey),
    );
  }

  /** The answer for one page of a category listing: its JSON bytes and the tags of all it shows. */
  async function page(plan: Plan, categoryId: number, q: CategoryProductsQuery): Promise<BuiltAnswer> {
    const kept = await listing(plan, categoryId, q);
    if (!kept.value.shown) throw notFound('Category');
    const from = q.page * q.size;
    const ids = Array.from(kept.value.ids.subarray(from, from + q.size));
    // The listing's blocks of CARD_BLOCK ids that the page falls in: their cards not kept are read
    // with the page's, so the next pages and sizes of a listing read nothing (decision 0100).
    const start = Math.floor(from / CARD_BLOCK) * CARD_BLOCK;
    const end = Math.ceil((from + ids.length) / CARD_BLOCK) * CARD_BLOCK;
    const around = [
      ...kept.value.ids.subarray(start, from),
      ...kept.value.ids.subarray(from + ids.length, end),
    ];
    const found = await cards(ids, around);
    const tags = new Set<CacheTag>(kept.tags);
    const parts: Buffer[] = [];
    for (const id of ids) {
      // A card whose product was deleted since the listing was read (its change not yet heard).
      const card = found.get(cardKey(id));
      if (!card) continue;
      if (parts.length > 0) parts.push(COMMA);
      parts.push(card.value);
      for (const tag of card.tags) tags.add(tag);
    }
    const window = q.search ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
    // `{"content":[],"totalPages":…}` through the schema (its fields in the schema's order); the
    // cards go between the brackets.
    const fields = JSON.stringify(schema.parse(toPaged([], kept.value.total, q, window)));
    if (!fields.startsWith(EMPTY_CONTENT)) throw new Error('a page answer begins with its content');
    const body = Buffer.concat([
      Buffer.from(fields.slice(0, EMPTY_CONTENT.length - 1), 'utf8'),
      ...parts,
      Buffer.from(fields.slice(EMPTY_CONTENT.length - 1), 'utf8'),
    ]);
    return { body, tags: [...tags] };
  }

  return { page };
}

/**
 * A listing's cards are read in aligned blocks of this many ids (decision 0100): the largest page,
 * so a page reads at most two blocks' cards not yet kept, in the one statement it needs anyway.
 */
const CARD_BLOCK = CATEGORY_MAX_PAGE_SIZE;
const LISTING_TAGS: CacheTag[] = ['catalogue', 'lists'];
/** A listing sorted by price changes order when a rate moves any price. */
const PRICE_LISTING_TAGS: CacheTag[] = ['catalogue', 'lists', 'price-order'];
const EMPTY_CONTENT = '{"content":[]';
const COMMA = Buffer.from(',');

/**
 * The search text as a listing's key: spellings that differ only in the case of ASCII letters find
 * the same products (`ilike` folds them alike under any collation but a Turkic one), so they share
 * one listing. Other text is kept as given: PostgreSQL and JavaScript do not fold every letter alike
 * (and a C collation folds none beyond ASCII), so two spellings of it may not match the same rows.
 */
export function searchKey(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text;
}
