import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Category } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { pageSeed, seededRandom } from '../../../lib/page-seed';
import { categoryPath } from '../paths';

/** `n` of the items, chosen by `random` (the page's seeded generator: the server and browser agree). */
export function pickRandom<T>(items: T[], n: number, random: () => number = Math.random): T[] {
  if (items.length <= n) return items;
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Strip of child categories under the header. */
export function CategoryStrip({ categories, shop }: { categories: Category[]; shop: string }) {
  const children = categories.filter((c) => c.parentCategory);
  if (children.length === 0) return null;
  return (
    <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-4 pb-2">
        {children.map((c) => (
          <li key={c.id} className="shrink-0">
            <Link
              to={categoryPath(shop, c.name)}
              className="flex w-20 flex-col items-center gap-1 text-center text-xs"
            >
              <ImageWithFallback
                src={c.image}
                alt={c.name}
                sizes="64px"
                width={64}
                height={64}
                className="size-16 rounded-full border border-sand object-cover"
              />
              <span className="line-clamp-2">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Parent categories with their sub-category counts; two random ones when there are more than two. */
export function ShopByCategory({ categories, shop }: { categories: Category[]; shop: string }) {
  const parents = useMemo(
    () =>
      pickRandom(
        categories.filter((c) => !c.parentCategory),
        2,
        seededRandom(pageSeed()),
      ),
    [categories],
  );
  if (parents.length === 0) return null;
  return (
    <section aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="mb-4 text-2xl">
        Shop by Category
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {parents.map((c) => (
          <Link key={c.id} to={categoryPath(shop, c.name)} className="card group block overflow-hidden">
            <ImageWithFallback
              src={c.banner ?? c.image}
              alt={c.name}
              sizes="(min-width: 768px) 50vw, 100vw"
              className="aspect-[16/5] w-full object-cover"
            />
            <div className="flex items-baseline justify-between gap-2 p-4">
              <h3 className="text-xl group-hover:text-gold-800">{c.name}</h3>
              <p className="text-sm text-taupe">
                {c.subCategoryCount} {c.subCategoryCount === 1 ? 'sub-category' : 'sub-categories'}
              </p>
            </div>
          </Link>
        ))}
      </div>
    </section>
  );
}

/** Up to five sub-category banners: the first two on the top row, the rest (up to the fifth) on the second. */
export function BannerCollage({ categories, shop }: { categories: Category[]; shop: string }) {
  const banners = categories.filter((c) => c.parentCategory && (c.banner || c.image)).slice(0, 5);
  if (banners.length === 0) return null;
  const tile = (c: Category) => (
    <Link
      key={c.id}
      to={categoryPath(shop, c.name)}
      className="group relative block overflow-hidden rounded-xl"
    >
      <ImageWithFallback
        src={c.banner ?? c.image}
        alt={c.name}
        className="aspect-[16/5] w-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
      <span className="absolute bottom-2 left-2 rounded bg-ivory/90 px-2 py-1 text-sm font-medium">
        {c.name}
      </span>
    </Link>
  );
  return (
    <section aria-label="Featured sub-categories" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">{banners.slice(0, 2).map(tile)}</div>
      {banners.length > 2 && <div className="grid gap-4 sm:grid-cols-3">{banners.slice(2, 5).map(tile)}</div>}
    </section>
  );
}
