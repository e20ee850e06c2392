import { and, eq } from 'drizzle-orm';
import { PLANS, visibleFace, type Plan, type PublicVendor } from '@zevar/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { users } from '../../db/schema';
import { builtOnce, type Placeholders } from '../../db/built-once';

export type Shop = { id: number; slug: string; plan: Plan; name: string };

/** A shop's row by slug, built once (decision 0102). */
const shopBySlug = builtOnce((db, p: Placeholders<'slug'>) =>
  db
    .select({
      id: users.id,
      slug: users.slug,
      plan: users.plan,
      name: users.name,
      businessName: users.businessName,
      description: users.description,
      phone: users.phone,
      city: users.city,
      state: users.state,
      website: users.website,
      facebook: users.facebook,
      instagram: users.instagram,
      twitter: users.twitter,
      logo: users.faceLogo,
      banner: users.faceBanner,
      about: users.faceAbout,
      contactPhone: users.faceContactPhone,
      whatsapp: users.faceWhatsapp,
    })
    .from(users)
    .where(and(eq(users.slug, p.slug), eq(users.type, 'VENDOR'), eq(users.active, true))),
);

/** Vendor storefronts by slug: what every public storefront call resolves first. */
export function createShopsService(ctx: AppContext) {
  async function findRow(slug: string) {
    // Only what a shop shows: never the password hash or other account fields.
    const [row] = await shopBySlug(ctx.db, { slug: slug.trim().toLowerCase() });
    return row && row.slug && PLANS.includes(row.plan) ? row : undefined;
  }

  /** The active shop behind a slug, or undefined. */
  async function findShop(slug: string): Promise<Shop | undefined> {
    const row = await findRow(slug);
    return row
      ? { id: row.id, slug: row.slug!, plan: row.plan, name: row.businessName || row.name }
      : undefined;
  }

  async function requireShop(slug: string): Promise<Shop> {
    const shop = await findShop(slug);
    if (!shop) throw notFound('Vendor');
    return shop;
  }

  async function getPublicVendor(slug: string): Promise<PublicVendor> {
    const row = await findRow(slug);
    if (!row) throw notFound('Vendor');
    return {
      slug: row.slug!,
      name: row.businessName || row.slug!,
      bussinessName: row.businessName,
      description: row.description,
      plan: row.plan,
      contact: { city: row.city, state: row.state },
      website: row.website,
      socialLinks: { facebook: row.facebook, instagram: row.instagram, twitter: row.twitter },
      face: visibleFace(
        {
          logo: row.logo,
          banner: row.banner,
          about: row.about,
          contactPhone: row.contactPhone,
          whatsapp: row.whatsapp,
        },
        ctx.config.SHOP_FACE_PARTS_BY_PLAN[row.plan],
      ),
    };
  }

  return { findShop, requireShop, getPublicVendor };
}
