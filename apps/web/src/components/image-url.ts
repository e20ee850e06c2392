/**
 * URL of a stored image: '/api/image/{name}'. Absolute URLs, protocol-relative URLs, root paths and
 * data/blob URLs pass through. Empty names give null (show the placeholder).
 */
export function imageUrl(name: string | null | undefined): string | null {
  const value = name?.trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || /^(data|blob):/i.test(value) || value.startsWith('/')) return value;
  return `/api/image/${encodeURIComponent(value)}`;
}
