/** Widths of the narrower copies the server makes of a stored image (`/api/image/{name}?w=`). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** URL of a stored image: '/api/image/{name}'; absolute, root and data/blob URLs pass through. */
export function storedImageUrl(name: string | null | undefined): string | null {
  const value = name?.trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || /^(data|blob):/i.test(value) || value.startsWith('/')) return value;
  return `/api/image/${encodeURIComponent(value)}`;
}

/**
 * `srcset` for a stored image (its width copies), or undefined for other URLs. The server's
 * preload link and the page's <img> use this same text, so the browser fetches the image once.
 */
export function storedImageSrcSet(name: string | null | undefined): string | undefined {
  const url = storedImageUrl(name);
  if (!url || !url.startsWith('/api/image/')) return undefined;
  return IMAGE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** `sizes` of the images that are the largest thing on a storefront page (hero, product photo). */
export const HERO_IMAGE_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 32px)';
/** The category page's banner: the content width (max-w-7xl less padding). */
export const CATEGORY_BANNER_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 32px)';
export const PRODUCT_IMAGE_SIZES = '(min-width: 1024px) 50vw, calc(100vw - 32px)';

/** The largest image an upload may be (catalogue and review photos alike), checked by the server and the browser. */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The 413 answer's message, also shown by the browser before it sends a larger file. */
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is too large (at most 5 MB)';
export const CERTIFICATE_TOO_LARGE_MESSAGE = 'The certificate file is too large (at most 5 MB)';
