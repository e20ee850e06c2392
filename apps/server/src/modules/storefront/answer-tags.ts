import type { Product, ProductListItem } from '@zevar/domain';
import { metalTag, productTag, stockTag, type CacheTag } from '../../lib/cache/invalidation';

type Shown = Pick<Product, 'id' | 'metal'> & { linkedVariants?: Array<{ id: number }> };

/**
 * What a single-product answer shows (decisions 0036, 0081): the product and its linked variants
 * (with their exact stock and price), the metal that prices it, and their exact stock and sales
 * count (`stock:<id>`, which every sale drops). Nothing else drops it but broader changes.
 */
export function* productAnswerTags(answer: Shown): Iterable<CacheTag> {
  yield* shownTags([answer]);
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
