import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  carouselItems,
  categories,
  checkouts,
  emailTemplates,
  orderItems,
  products,
  returnRequests,
  reviews,
  users,
} from '../../db/schema';

/** Our stored names inside any text: a bare name, `/api/image/{name}`, a full URL with `?w=`. */
const NAME_IN_TEXT = '[a-f0-9]{32}\\.webp';

/**
 * Every column that can point at an uploaded image, as text: products (variants are products) and
 * their photos and certificate scans, categories' image and banner, carousel slides, review photos, order lines' snapshot
 * image, open checkouts' lines, email templates' HTML, a vendor's free-text profile and return requests' photos. A column
 * added that holds an image reference belongs here too (images.routes.test.ts covers each).
 */
const REFERENCING: SQL[] = [
  sql`select ${products.images}::text as t from ${products}`,
  sql`select coalesce(${products.description}, '') as t from ${products}`,
  sql`select ${products.certificate}::text as t from ${products} where ${products.certificate} is not null`,
  sql`select concat_ws(' ', ${categories.image}, ${categories.banner}) as t from ${categories}`,
  sql`select ${carouselItems.imageUrl} as t from ${carouselItems}`,
  sql`select ${reviews.photos}::text as t from ${reviews}`,
  sql`select ${orderItems.productImage} as t from ${orderItems} where ${orderItems.productImage} is not null`,
  sql`select ${checkouts.items}::text as t from ${checkouts} where ${checkouts.status} = 'PENDING'`,
  sql`select ${emailTemplates.body} as t from ${emailTemplates}`,
  sql`select concat_ws(' ', ${users.description}, ${users.website}) as t from ${users}`,
  sql`select ${returnRequests.photos}::text as t from ${returnRequests}`,
];

/**
 * Which of `names` some record refers to. One pass over each referencing column (each row's text is
 * scanned once for stored names), so the cost grows with the tables, not with the names asked.
 */
export async function referencedImages(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const wanted = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const found = new Set<string>();
  for (const source of REFERENCING) {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select distinct m[1] as name
            from (${source}) as s, regexp_matches(s.t, ${`(${NAME_IN_TEXT})`}, 'g') as m
           where m[1] in (${wanted})`,
    );
    for (const r of rows) found.add(r.name);
  }
  return found;
}
