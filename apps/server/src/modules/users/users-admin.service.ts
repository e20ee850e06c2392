import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  adminUpdateSchema,
  hasPermission,
  toPaged,
  vendorAdminUpdateSchema,
  vendorProfileSchema,
  type Paged,
  type PageQuery,
  type Plan,
  type User,
  type VendorProfileInput,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { parseOrThrow } from '../../lib/validation';
import { users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { toUserDto } from './user-mapper';
import { loadSubscriptions, loadVendorStats } from './vendor-stats';
import { cannotDeleteMessage, vendorBusiness } from './vendor-business';
import { uniqueViolation } from '../../lib/db-errors';
import { textContains } from '../../lib/sql-search';

export type UserFilter = {
  type?: 'vendor' | 'admin';
  name?: string;
  active?: boolean;
  /** Created on or after (inclusive) and before (exclusive). */
  from?: Date;
  to?: Date;
};

function canManage(viewer: AuthUser, targetType: 'VENDOR' | 'ADMIN'): boolean {
  if (viewer.type !== 'ADMIN') return false;
  return targetType === 'ADMIN'
    ? hasPermission(viewer.roles, 'MANAGE_USERS')
    : hasPermission(viewer.roles, 'MANAGE_USERS') || hasPermission(viewer.roles, 'MANAGE_VENDORS');
}

export function createUsersAdminService(ctx: AppContext) {
  const { db } = ctx;

  function whereOf(f: UserFilter): SQL | undefined {
    const parts: SQL[] = [];
    if (f.type) parts.push(eq(users.type, f.type === 'vendor' ? 'VENDOR' : 'ADMIN'));
    if (f.name) {
      const text = f.name;
      parts.push(
        or(
          textContains(users.name, text),
          textContains(users.username, text),
          textContains(sql`coalesce(${users.businessName}, '')`, text),
        )!,
      );
    }
    if (f.active !== undefined) parts.push(eq(users.active, f.active));
    if (f.from) parts.push(gte(users.createdAt, f.from));
    if (f.to) parts.push(lt(users.createdAt, f.to));
    return parts.length ? and(...parts) : undefined;
  }

  async function list(filter: UserFilter, q: PageQuery): Promise<Paged<User>> {
    const where = whereOf(filter);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), asc(users.id))
        .limit(q.size)
        .offset(q.page * q.size),
      db.select({ n: count() }).from(users).where(where),
    ]);
    const vendors = rows.filter((r) => r.type === 'VENDOR');
    const [subs, stats] = await Promise.all([
      loadSubscriptions(
        db,
        vendors.map((v) => v.id),
      ),
      loadVendorStats(db, vendors),
    ]);
    return toPaged(
      rows.map((r) => toUserDto(r, subs.get(r.id) ?? [], stats.get(r.id) ?? null)),
      total?.n ?? 0,
      q,
    );
  }

  /** Every user of a type, oldest first, for exports. */
  async function all(type: 'vendor' | 'admin'): Promise<User[]> {
    const rows = await db.select().from(users).where(whereOf({ type })).orderBy(asc(users.id));
    return rows.map((r) => toUserDto(r));
  }

  async function load(id: number) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound('User');
    return row;
  }

  async function saveProfile(id: number, p: VendorProfileInput, extra: Partial<typeof users.$inferInsert>) {
    const bank = p.bankDetails;
    try {
      const [row] = await db
        .update(users)
        .set({
          ...(p.slug !== undefined ? { slug: p.slug } : {}),
          ...(p.name ? { name: p.name } : {}),
          email: p.email.toLowerCase(),
          businessName: p.bussinessName,
          description: p.description,
          phone: p.contact.phone,
          secondaryPhone: p.contact.secondaryPhone || null,
          addressLine1: p.contact.addressLine1,
          addressLine2: p.contact.addressLine2 || null,
          city: p.contact.city,
          state: p.contact.state,
          pincode: p.contact.pincode,
          country: 'India',
          ...(bank
            ? {
                bankName: bank.bankName ?? null,
                accountHolderName: bank.accountHolderName ?? null,
                accountNumber: bank.accountNumber ?? null,
                ifscCode: bank.ifscCode ?? null,
              }
            : {}),
          website: p.website ?? null,
          ...(p.socialLinks
            ? {
                facebook: p.socialLinks.facebook,
                instagram: p.socialLinks.instagram,
                twitter: p.socialLinks.twitter,
              }
            : {}),
          ...extra,
          updatedAt: ctx.now(),
        })
        .where(eq(users.id, id))
        .returning();
      return toUserDto(row!);
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict('Slug already exists');
      throw err;
    }
  }

  /** PUT /user/{id}: a vendor edits its own profile; admins edit users their permissions cover. */
  async function update(id: number, body: unknown, viewer: AuthUser): Promise<User> {
    const target = await load(id);
    if (viewer.type === 'VENDOR') {
      if (viewer.id !== id) throw forbidden();
      return saveProfile(id, parseOrThrow(vendorProfileSchema, body), {});
    }
    if (!canManage(viewer, target.type)) throw forbidden();
    if (target.type === 'VENDOR') {
      const input = parseOrThrow(vendorAdminUpdateSchema, body);
      return saveProfile(id, input as unknown as VendorProfileInput, {
        name: input.name,
        ...(input.active !== undefined ? { active: input.active } : {}),
      });
    }
    const input = parseOrThrow(adminUpdateSchema, body);
    const grantsSuper = input.roles.includes('SUPER_ADMIN') !== target.roles.includes('SUPER_ADMIN');
    if (grantsSuper && !viewer.roles.includes('SUPER_ADMIN')) {
      throw forbidden('Only a super admin can change the SUPER_ADMIN role');
    }
    if (viewer.id === id) {
      // Locking yourself out is never a one-click mistake: roles and status are changed by another admin.
      const sameRoles = [...input.roles].sort().join() === [...target.roles].sort().join();
      if (input.active === false || !sameRoles)
        throw conflict('You cannot change your own roles or deactivate yourself');
    }
    const [row] = await db
      .update(users)
      .set({
        name: input.name,
        email: input.email.toLowerCase(),
        roles: input.roles,
        ...(input.active !== undefined ? { active: input.active } : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(users.id, id))
      .returning();
    return toUserDto(row!);
  }

  async function assertAnotherSuperAdmin(exceptId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.type, 'ADMIN'),
          eq(users.active, true),
          sql`${users.roles} @> '["SUPER_ADMIN"]'::jsonb`,
          sql`${users.id} <> ${exceptId}`,
        ),
      );
    if (!row?.n) throw conflict('The last active super admin cannot be removed or deactivated');
  }

  async function setActive(id: number, active: boolean, viewer: AuthUser): Promise<User> {
    const target = await load(id);
    if (!canManage(viewer, target.type)) throw forbidden();
    if (!active && viewer.id === id) throw conflict('You cannot deactivate your own account');
    if (!active && target.type === 'ADMIN' && target.roles.includes('SUPER_ADMIN'))
      await assertAnotherSuperAdmin(id);
    const [row] = await db
      .update(users)
      .set({ active, updatedAt: ctx.now() })
      .where(eq(users.id, id))
      .returning();
    return toUserDto(row!);
  }

  async function remove(id: number, viewer: AuthUser): Promise<void> {
    const target = await load(id);
    if (!canManage(viewer, target.type)) throw forbidden();
    if (viewer.id === id) throw new AppError('CONFLICT', 'You cannot delete your own account');
    if (target.type === 'ADMIN' && target.roles.includes('SUPER_ADMIN')) await assertAnotherSuperAdmin(id);
    if (target.type === 'VENDOR') {
      const reasons = await vendorBusiness(db, id, ctx.now());
      if (reasons.length > 0) throw conflict(cannotDeleteMessage(reasons));
    }
    await db.delete(users).where(eq(users.id, id));
  }

  async function setPlan(vendorId: number, plan: Plan): Promise<User> {
    const target = await load(vendorId);
    if (target.type !== 'VENDOR') throw notFound('Vendor');
    const [row] = await db
      .update(users)
      .set({ plan, updatedAt: ctx.now() })
      .where(eq(users.id, vendorId))
      .returning();
    return toUserDto(row!);
  }

  return { list, all, update, setActive, remove, setPlan };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
