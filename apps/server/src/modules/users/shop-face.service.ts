import { and, eq } from 'drizzle-orm';
import { noteChanged } from '../../lib/cache/changes';
import { shopTag } from '../../lib/cache/invalidation';
import {
  partsBeyondPlan,
  PLANS,
  SHOP_FACE_MESSAGES,
  SHOP_FACE_PARTS,
  type Plan,
  type ShopFace,
  type ShopFacePart,
  type ShopFaceSettings,
  userPolicy,
} from '@zevar/domain';
import type { z } from 'zod';
import type { shopFaceInputSchema } from '@zevar/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { users } from '../../db/schema';
import { recordChangeIn } from '../audit';
import type { AuthUser } from '../../plugins/auth';
import { storeUploadedImage } from '../images';

export const SHOP_FACE_OTHER_VENDOR = 'You may change only your own shop face';

type FaceBody = z.output<typeof shopFaceInputSchema>;

const faceColumns = {
  logo: users.faceLogo,
  banner: users.faceBanner,
  about: users.faceAbout,
  contactPhone: users.faceContactPhone,
  whatsapp: users.faceWhatsapp,
};

/**
 * A reseller's shop face (issue 26 item 5, decision 0062): read and saved by the reseller itself or
 * by an admin who manages vendors; the plan (SHOP_FACE_PARTS_BY_PLAN) decides which parts it may set.
 */
export function createShopFaceService(ctx: AppContext) {
  const allowedOn = (plan: Plan): ShopFacePart[] => [...ctx.config.SHOP_FACE_PARTS_BY_PLAN[plan]];

  /** The vendor behind `id`, if the viewer may change its face: itself, or an admin managing vendors. */
  async function vendorFor(viewer: AuthUser, id: number) {
    const denied =
      viewer.type === 'VENDOR'
        ? viewer.id !== id
        : userPolicy.denial(viewer, { id, type: 'VENDOR', roles: [] }) !== null;
    if (denied) throw forbidden(SHOP_FACE_OTHER_VENDOR);
    const [row] = await ctx.db
      .select({ id: users.id, plan: users.plan, slug: users.slug, ...faceColumns })
      .from(users)
      .where(and(eq(users.id, id), eq(users.type, 'VENDOR')));
    if (!row || !PLANS.includes(row.plan)) throw notFound('Vendor');
    return row;
  }

  const faceOf = (row: Record<keyof ShopFace, string | null>): ShopFace => ({
    logo: row.logo,
    banner: row.banner,
    about: row.about,
    contactPhone: row.contactPhone,
    whatsapp: row.whatsapp,
  });

  async function get(viewer: AuthUser, id: number): Promise<ShopFaceSettings> {
    const row = await vendorFor(viewer, id);
    return { face: faceOf(row), plan: row.plan, allowed: allowedOn(row.plan) };
  }

  /**
   * Saves the whole face. A part the plan does not allow may only be empty (a reseller that
   * downgraded can still clear it); an image must be one the upload pipeline stored.
   */
  async function save(viewer: AuthUser, id: number, body: FaceBody): Promise<ShopFaceSettings> {
    const row = await vendorFor(viewer, id);
    const allowed = allowedOn(row.plan);
    const before = faceOf(row);
    const beyond = partsBeyondPlan(body, allowed).filter((p) => body[p] !== before[p]);
    if (beyond.length > 0)
      throw new AppError(
        'FORBIDDEN',
        SHOP_FACE_MESSAGES.notOnPlan(beyond[0]!, row.plan),
        beyond.map((p) => ({ path: p, message: SHOP_FACE_MESSAGES.notOnPlan(p, row.plan) })),
      );
    for (const part of ['logo', 'banner'] as const) {
      const name = body[part];
      if (name && name !== before[part] && !(await ctx.images.exists(name)))
        throw badRequest(SHOP_FACE_MESSAGES.image, [{ path: part, message: SHOP_FACE_MESSAGES.image }]);
    }
    const after: ShopFace = faceOf(body);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          faceLogo: after.logo,
          faceBanner: after.banner,
          faceAbout: after.about,
          faceContactPhone: after.contactPhone,
          faceWhatsapp: after.whatsapp,
          updatedAt: ctx.now(),
        })
        .where(eq(users.id, id));
      const changed = SHOP_FACE_PARTS.filter((p) => before[p] !== after[p]);
      await recordChangeIn(tx, {
        action: 'update-shop-face',
        entityType: 'user',
        entityId: id,
        before: Object.fromEntries(changed.map((p) => [p, before[p]])),
        after: Object.fromEntries(changed.map((p) => [p, after[p]])),
      });
    });
    // Only this shop's answers show its face (decisions 0036, 0065): other shops stay cached.
    if (row.slug) noteChanged(shopTag(row.slug));
    return { face: after, plan: row.plan, allowed };
  }

  /** A logo or banner upload, through the shared pipeline (checked by content, re-encoded, stored). */
  async function upload(viewer: AuthUser, id: number, request: FastifyRequest): Promise<string> {
    const row = await vendorFor(viewer, id);
    const allowed = allowedOn(row.plan);
    if (!allowed.includes('logo') && !allowed.includes('banner'))
      throw forbidden(SHOP_FACE_MESSAGES.notOnPlan('logo', row.plan));
    return storeUploadedImage(request, ctx);
  }

  return { get, save, upload, allowedOn };
}
