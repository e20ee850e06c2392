/** Navigation targets of the storefront spec: product by slug, category by lowercased name. */
export const productPath = (shop: string, productSlug: string) =>
  `/${encodeURIComponent(shop)}/product/${encodeURIComponent(productSlug)}`;
export const categoryPath = (shop: string, categoryName: string) =>
  `/${encodeURIComponent(shop)}/category/${encodeURIComponent(categoryName.toLowerCase())}`;
export const cartPath = (shop: string) => `/${encodeURIComponent(shop)}/cart`;
