import type { Product, ProductListItem } from '@zevar/domain';
import { metalTag, productTag, stockTag, type CacheTag } from '../../lib/cache/invalidation';

type Shown = Pick<Product, 'id' | 'metal'> & { linkedVariants?: Array<{ id: number }> };

/**
 * What a single-product answer shows besides its exact figures (decisions 0036, 0081, 0088): the
 * product and its linked variants, and the metal that prices it.
 */
export function productAnswerTags(answer: Shown): Iterable<CacheTag> {
  return shownTags([answer]);
}

/**
 * The exact stock and sales count a single-product answer shows (its own, and its linked variants'
 * stock): `stock:<id>`, which every sale drops. Kept apart from the rest of the answer (decision
 * 0088), so a sale makes the answer again from the kept rest and one small read.
 */
export function* productFigureTags(answer: Shown): Iterable<CacheTag> {
  yield stockTag(answer.id);
  for (const v of answer.linkedVariants ?? []) yield stockTag(v.id);
}

/**
 * What a list answer shows: each product on it and its metal. A list carries stock bands, not
 * counts, so it is not tagged with `stock:<id>`: a sale that leaves a product's band as it was
 * leaves the list cached.
 */
export function listAnswerTags(
  answer: ProductListItem[] | { content: ProductListItem[] },
): Iterable<CacheTag> {
  return shownTags(Array.isArray(answer) ? answer : answer.content);
}

function* shownTags(shown: Shown[]): Iterable<CacheTag> {
  for (const p of shown) {
    yield productTag(p.id);
    if (p.metal) yield metalTag(p.metal.id);
    for (const v of p.linkedVariants ?? []) yield productTag(v.id);
  }
}
