import type { Product } from '@zevar/domain';
import { metalTag, productTag, type CacheTag } from '../../lib/cache/invalidation';

type Shown = Pick<Product, 'id' | 'metal'> & { linkedVariants?: Array<{ id: number }> };

/**
 * What a storefront product answer shows (decision 0036): each product on it (and the linked
 * variants on a product page, with their stock and price) and the metal that prices it. A sale of one
 * of them, or a change of that metal's rate, drops the answer; nothing else does but broader changes.
 */
export function* productAnswerTags(answer: unknown): Iterable<CacheTag> {
  const shown: Shown[] = Array.isArray(answer)
    ? (answer as Shown[])
    : answer && typeof answer === 'object' && 'content' in answer
      ? (answer as { content: Shown[] }).content
      : [answer as Shown];
  for (const p of shown) {
    yield productTag(p.id);
    if (p.metal) yield metalTag(p.metal.id);
    for (const v of p.linkedVariants ?? []) yield productTag(v.id);
  }
}
