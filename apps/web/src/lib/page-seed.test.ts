// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pickRandom } from '../features/storefront/home/CategorySections';
import { PAGE_SEED_META_NAME, pageSeed, resetPageSeed, seededRandom } from './page-seed';

describe("a page's random choices", () => {
  afterEach(() => {
    document.head.querySelector(`meta[name="${PAGE_SEED_META_NAME}"]`)?.remove();
    resetPageSeed();
  });

  it('are the same in the browser as on the server that named the seed', () => {
    const meta = document.createElement('meta');
    meta.name = PAGE_SEED_META_NAME;
    meta.content = '7';
    document.head.append(meta);
    expect(pageSeed()).toBe(7);
    const parents = ['Rings', 'Necklaces', 'Bangles', 'Earrings', 'Anklets'];
    const onServer = pickRandom(parents, 2, seededRandom(7));
    expect(pickRandom(parents, 2, seededRandom(pageSeed()))).toEqual(onServer);
    expect(onServer).toHaveLength(2);
  });

  it('differ from seed to seed, and each pick is two distinct items', () => {
    const parents = ['Rings', 'Necklaces', 'Bangles', 'Earrings', 'Anklets'];
    const picks = new Set<string>();
    for (let seed = 0; seed < 16; seed++) {
      const pick = pickRandom(parents, 2, seededRandom(seed));
      expect(new Set(pick).size).toBe(2);
      picks.add(pick.join('+'));
    }
    expect(picks.size).toBeGreaterThan(4);
  });

  it('come from a seed of their own when the page names none', () => {
    expect(Number.isInteger(pageSeed())).toBe(true);
    expect(pageSeed()).toBe(pageSeed());
  });
});
