import type { ImageStore } from '../../lib/image-store';
import { DEMO_CATEGORIES } from './demo-catalogue';
import { DEMO_SLIDES } from './demo-extras';
import { mapLimit, productSvg, tileSvg, wideSvg } from './demo-images';
import type { PlannedProduct } from './demo-products';

export type DemoPictures = {
  products: string[][];
  categories: Map<string, { image: string; banner: string }>;
  slides: string[];
  all: string[];
};

type Job = { svg: () => string; put: (name: string) => void };

/** Renders and stores every demo picture, a few at a time so two cores are not swamped. */
export async function renderDemoPictures(
  store: ImageStore,
  planned: PlannedProduct[],
): Promise<DemoPictures> {
  const result: DemoPictures = {
    products: planned.map(() => []),
    categories: new Map(),
    slides: [],
    all: [],
  };
  const jobs: Job[] = [];

  planned.forEach((p, i) =>
    p.pictures.forEach((pic, view) =>
      jobs.push({ svg: () => productSvg(pic), put: (n) => (result.products[i]![view] = n) }),
    ),
  );
  let seed = 0;
  for (const parent of DEMO_CATEGORIES) {
    for (const cat of [{ name: parent.name, plan: parent.plan }, ...parent.children]) {
      const entry = { image: '', banner: '' };
      result.categories.set(cat.name, entry);
      const s = seed++;
      const finish = cat.name.includes('Silver') ? 'silver' : parent.finish;
      jobs.push({ svg: () => tileSvg(cat.name, parent.shape, finish, s), put: (n) => (entry.image = n) });
      jobs.push({
        svg: () =>
          wideSvg({
            title: cat.name,
            subtitle: `Discover ${cat.name.toLowerCase()} handcrafted across India`,
            shape: parent.shape,
            finish,
            seed: s,
            width: 1600,
            height: 500,
          }),
        put: (n) => (entry.banner = n),
      });
    }
  }
  DEMO_SLIDES.forEach((slide, i) =>
    jobs.push({
      svg: () => wideSvg({ ...slide, seed: i, width: 1600, height: 600 }),
      put: (n) => (result.slides[i] = n),
    }),
  );

  const rendered = new Map<string, Promise<string>>();
  await mapLimit(jobs, 3, async (job) => {
    const svg = job.svg();
    const first = rendered.get(svg);
    let name: string;
    if (first) {
      // Identical pictures are encoded once and copied, so every row still owns its own file.
      name = await store.copy(await first);
    } else {
      const saving = store.saveEncoded(Buffer.from(svg));
      rendered.set(svg, saving);
      name = await saving;
    }
    result.all.push(name);
    job.put(name);
  });
  return result;
}

/** Best-effort clean-up of pictures whose database rows were never written. */
export async function removeDemoPictures(store: ImageStore, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => store.remove(n)));
}
