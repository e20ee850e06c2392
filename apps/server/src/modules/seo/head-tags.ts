export type HeadData = {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  /** og:site_name: the shop's name. */
  siteName?: string;
  /** og:logo: the shop's logo, when its plan shows one (decision 0062). */
  logo?: string | null;
  type: 'product' | 'website';
  /** Rupees, for product pages. */
  price?: number;
  jsonLd?: Record<string, unknown>;
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON inside <script>: '<', '>' and '&' become unicode escapes so no value can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD tags; every value escaped. */
export function renderHeadTags(d: HeadData): string {
  const tags = [
    `<title>${escapeHtml(d.title)}</title>`,
    meta('name', 'description', d.description),
    `<link rel="canonical" href="${escapeHtml(d.canonical)}">`,
    meta('property', 'og:title', d.title),
    meta('property', 'og:description', d.description),
    meta('property', 'og:type', d.type),
    meta('property', 'og:url', d.canonical),
  ];
  if (d.siteName) tags.push(meta('property', 'og:site_name', d.siteName));
  if (d.image) tags.push(meta('property', 'og:image', d.image));
  // X/Twitter (and some chat apps) read their own card tags; a photo gets the large card.
  tags.push(meta('name', 'twitter:card', d.image ? 'summary_large_image' : 'summary'));
  tags.push(meta('name', 'twitter:title', d.title));
  tags.push(meta('name', 'twitter:description', d.description));
  if (d.image) tags.push(meta('name', 'twitter:image', d.image));
  if (d.logo) tags.push(meta('property', 'og:logo', d.logo));
  if (d.price !== undefined) {
    tags.push(meta('property', 'product:price:amount', d.price.toFixed(2)));
    tags.push(meta('property', 'product:price:currency', 'INR'));
  }
  if (d.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(d.jsonLd)}</script>`);
  return tags.join('\n');
}
