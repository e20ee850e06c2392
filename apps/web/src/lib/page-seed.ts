/**
 * The seed of a page's random choices (the home page's two "Shop by Category" parents). A page the
 * server rendered names the seed it used (`<meta name="zevar-page-seed">`), so the browser makes the
 * same choice when it takes over the markup; otherwise each page load picks its own.
 */
export const PAGE_SEED_META_NAME = 'zevar-page-seed';

let seed: number | null = null;

function fromShell(): number | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector(`meta[name="${PAGE_SEED_META_NAME}"]`)?.getAttribute('content');
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function pageSeed(): number {
  seed ??= fromShell() ?? Math.floor(Math.random() * 2 ** 31);
  return seed;
}

/**
 * Server rendering (entry-server.tsx): the seed the server chose for this page, until the returned
 * function puts the previous one back.
 */
export function enterPageSeed(value: number): () => void {
  const saved = seed;
  seed = value;
  return () => {
    seed = saved;
  };
}

/** Tests: read the shell again. */
export function resetPageSeed(): void {
  seed = null;
}

/** A small deterministic generator (mulberry32) of numbers in [0, 1) from a seed. */
export function seededRandom(from: number): () => number {
  let state = from >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
