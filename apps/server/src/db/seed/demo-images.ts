/**
 * Demo pictures drawn as SVG (`demo-art.ts`) and rasterised by the image store (sharp), so the seed
 * needs no downloads: product photos on a soft studio backdrop with no words in them; category
 * banners and carousel slides carry their title, as a shop's banners do.
 */
import { kindOf, pieceSvg, stoneOf, wideSceneSvg, type Finish, type PieceSpec, type Shape } from './demo-art';

export type { Finish, Shape } from './demo-art';

/** One product picture: what it shows and which view of it. */
export type ProductPicture = PieceSpec;

/** The picture of a product: the piece its name describes, in its finish, with its stones. */
export function productPicture(
  name: string,
  stones: string | undefined,
  shape: Shape,
  finish: Finish,
  view: number,
  seed: number,
): ProductPicture {
  const fromStones = stones ? stoneOf(stones) : 'none';
  return {
    kind: kindOf(name, shape),
    stone: fromStones === 'none' ? stoneOf(name) : fromStones,
    finish,
    view,
    seed,
  };
}

/** An 800x800 product photo. */
export const productSvg = (p: ProductPicture): string => pieceSvg(p);

export type WidePicture = {
  title: string;
  subtitle: string;
  shape: Shape;
  finish: Finish;
  seed: number;
  width: number;
  height: number;
};

/** A wide picture for category banners (1600x500) and carousel slides (1600x600). */
export function wideSvg(p: WidePicture): string {
  const pic = productPicture(p.title, undefined, p.shape, p.finish, 0, p.seed);
  return wideSceneSvg({ ...pic, width: p.width, height: p.height, title: p.title, subtitle: p.subtitle });
}

/** A square category tile (600x600): the category's piece, no words (the page names it). */
export function tileSvg(name: string, shape: Shape, finish: Finish, seed: number): string {
  return productSvg(productPicture(name, undefined, shape, finish, 0, seed)).replace(
    'width="800" height="800" viewBox',
    'width="600" height="600" viewBox',
  );
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
