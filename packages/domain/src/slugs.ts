/** Product URL slug: lowercased, runs of other characters turned into hyphens. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Product lookup by name turns hyphens into spaces. */
export function nameFromSlug(slug: string): string {
  return slug.replace(/-/g, ' ');
}
