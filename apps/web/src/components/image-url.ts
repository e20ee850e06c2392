/**
 * URL of a stored image: '/api/image/{name}'. Absolute URLs, protocol-relative URLs, root paths and
 * data/blob URLs pass through. Empty names give null (show the placeholder).
 */
export { storedImageUrl as imageUrl } from '@zevar/domain';
