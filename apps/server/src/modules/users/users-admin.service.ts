import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  STALE_EDIT_MESSAGE,
  adminAccountUpdateSchema,
  userPolicy,
  toPaged,
  vendorSelfUpdateSchema,
  vendorUpdateByAdminSchema,
  type Paged,
  type PageQuery,
  type Plan,
  type User,
  type VendorProfileInput,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { parseOrThrow } from '../../lib/validation';
import { users, vendorBankChanges } from '../../db/schema';
import { confirmVendorBankIn, maskAccount } from './vendor-accounts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { assertRecentAuth, type AuthUser } from '../../plugins/auth';
import type { Db, Tx } from '../../db/client';
import { EMAIL_TAKEN } from './users.service';
import { toUserDto } from './user-mapper';
import { loadSubscriptions, loadVendorStats } from './vendor-stats.read-model';
import { cannotDeleteMessage, vendorBusiness } from './vendor-business.read-model';
import { uniqueViolation } from '../../lib/db-errors';
import { textContains } from '../../lib/sql-search';
import { recordChangeIn } from '../audit';

export type UserFilter = {
  type?: 'vendor' | 'admin';
  name?: string;
  active?: boolean;
  /** Created on or after (inclusive) and before (exclusive). */
  from?: Date;
  to?: Date;
};

/** SQL that ends every token the user holds (see plugins/auth.ts). */
const revoked = sql`${users.tokenVersion} + 1`;

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

  /** Admins without MANAGE_USERS see vendors only; asking for admins is refused. */
  function visibleTo(viewer: AuthUser, filter: UserFilter): UserFilter {
    if (userPolicy.readsAdmins(viewer)) return filter;
    if (filter.type === 'admin') throw forbidden();
    return { ...filter, type: 'vendor' };
  }

  async function list(filter: UserFilter, q: PageQuery, viewer: AuthUser): Promise<Paged<User>> {
    const where = whereOf(visibleTo(viewer, filter));
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
        ctx.now(),
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
  async function all(type: 'vendor' | 'admin', viewer: AuthUser): Promise<User[]> {
    const rows = await db
      .select()
      .from(users)
      .where(whereOf(visibleTo(viewer, { type })))
      .orderBy(asc(users.id));
    return rows.map((r) => toUserDto(r));
  }

  async function load(id: number) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound('User');
    return row;
  }

  /** 409 'changed by someone else' with the account as it is now (read in the caller's transaction). */
  async function stale(tx: Tx | Db, id: number): Promise<never> {
    const [now] = await tx.select().from(users).where(eq(users.id, id));
    if (!now) throw notFound('User');
    throw conflict(STALE_EDIT_MESSAGE, { current: toUserDto(now) });
  }

  /** Saves a vendor profile edited from `version`; over a newer version nothing is saved (409). */
  async function saveProfile(
    target: typeof users.$inferSelect,
    actorId: number,
    p: VendorProfileInput & { version: number },
    extra: PgUpdateSetSource<typeof users>,
  ) {
    const id = target.id;
    const bank = p.bankDetails;
    const now = ctx.now();
    const newAccount = bank ? (bank.accountNumber ?? null) : target.accountNumber;
    // A changed account or IFSC is a new destination for money: recorded, and payouts wait for an admin.
    const bankChanged =
      bank !== undefined &&
      ((bank.accountNumber ?? null) !== target.accountNumber || (bank.ifscCode ?? null) !== target.ifscCode);
    try {
      const row = await db.transaction(async (tx) => {
        if (bankChanged && (target.accountNumber || target.ifscCode)) {
          await tx.insert(vendorBankChanges).values({
            vendorId: id,
            changedBy: actorId,
            changedAt: now,
            oldAccount: maskAccount(target.accountNumber, target.ifscCode),
            newAccount: maskAccount(newAccount, bank?.ifscCode ?? null),
          });
        }
        const [saved] = await tx
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
            // The first bank details a vendor gives are no change; replacing them is.
            ...(bankChanged && (target.accountNumber || target.ifscCode) ? { bankChangedAt: now } : {}),
            ...extra,
            version: sql`${users.version} + 1`,
            updatedAt: now,
          })
          .where(and(eq(users.id, id), eq(users.version, p.version)))
          .returning();
        if (!saved) return stale(tx, id);
        await recordChangeIn(tx, {
          action: bankChanged ? 'bank-details' : 'update',
          entityType: 'user',
          entityId: id,
          before: target,
          after: saved,
        });
        return saved;
      });
      return toUserDto(row);
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === 'users_vendor_email_lower_uq') throw conflict(EMAIL_TAKEN);
      if (index !== null) throw conflict('Slug already exists');
      throw err;
    }
  }

  /**
   * Whether an edit moves an account's email: its password reset links go there, so an admin's token
   * alone (a browser left open) could take the account over (found by an attack pass, issue 21 item 7).
   */
  const movesEmail = (target: { email: string }, email: string) =>
    email.trim().toLowerCase() !== target.email.trim().toLowerCase();

  /** PUT /user/{id}: a vendor edits its own profile; admins edit users the role hierarchy lets them. */
  async function update(id: number, body: unknown, viewer: AuthUser): Promise<User> {
    const target = await load(id);
    if (viewer.type === 'VENDOR') {
      if (viewer.id !== id) throw forbidden();
      return saveProfile(target, viewer.id, parseOrThrow(vendorSelfUpdateSchema, body), {});
    }
    if (target.type === 'VENDOR') {
      deny(viewer, target);
      const input = parseOrThrow(vendorUpdateByAdminSchema, body);
      if (movesEmail(target, input.email)) assertRecentAuth(viewer, ctx.now());
      const deactivates = input.active !== undefined && input.active !== target.active;
      return saveProfile(target, viewer.id, input as unknown as VendorProfileInput & { version: number }, {
        name: input.name,
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(deactivates ? { tokenVersion: revoked } : {}),
      });
    }
    const input = parseOrThrow(adminAccountUpdateSchema, body);
    deny(viewer, target, input.roles);
    const sameRoles = [...input.roles].sort().join() === [...target.roles].sort().join();
    if (viewer.id === id && (input.active === false || !sameRoles)) {
      // Locking yourself out is never a one-click mistake: roles and status are changed by another admin.
      throw conflict('You cannot change your own roles or deactivate yourself');
    }
    // Granting or taking away power needs the password again, not just a token; so does moving
    // someone else's email, where their password reset links would go.
    if (!sameRoles || (viewer.id !== id && movesEmail(target, input.email)))
      assertRecentAuth(viewer, ctx.now());
    const active = input.active ?? target.active;
    const row = await changeAdmin(id, { active, roles: input.roles }, async (tx) => {
      const saved = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email.toLowerCase(),
          roles: input.roles,
          active,
          ...(sameRoles && active === target.active ? {} : { tokenVersion: revoked }),
          version: sql`${users.version} + 1`,
          updatedAt: ctx.now(),
        })
        .where(and(eq(users.id, id), eq(users.version, input.version)))
        .returning();
      if (saved.length === 0) return [await stale(tx, id)];
      await recordChangeIn(tx, {
        action: sameRoles ? 'update' : 'roles',
        entityType: 'user',
        entityId: id,
        before: target,
        after: saved[0],
      });
      return saved;
    });
    return toUserDto(row);
  }

  function deny(viewer: AuthUser, target: typeof users.$inferSelect, nextRoles?: string[]) {
    const reason = userPolicy.denial(viewer, target, nextRoles);
    if (reason) throw forbidden(reason);
  }

  /**
   * Runs a change to an admin account while holding every active super admin's row, so no call or
   * concurrent pair of calls can leave the marketplace without an active super admin.
   * `after` is the target's state after the change (null: deleted).
   */
  async function changeAdmin<T extends { id: number }>(
    id: number,
    after: { active: boolean; roles: readonly string[] } | null,
    write: (tx: Tx) => Promise<T[]>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const supers = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.type, 'ADMIN'),
            eq(users.active, true),
            sql`${users.roles} @> '["SUPER_ADMIN"]'::jsonb`,
          ),
        )
        .orderBy(asc(users.id))
        .for('update');
      const staysSuper = after !== null && after.active && after.roles.includes('SUPER_ADMIN');
      const remaining = supers.filter((s) => s.id !== id).length + (staysSuper ? 1 : 0);
      if (supers.length > 0 && remaining === 0)
        throw conflict('The last active super admin cannot be removed, deactivated or demoted');
      const [row] = await write(tx);
      return row!;
    });
  }

  async function setActive(id: number, active: boolean, viewer: AuthUser): Promise<User> {
    const target = await load(id);
    deny(viewer, target);
    if (!active && viewer.id === id) throw conflict('You cannot deactivate your own account');
    const write = async (tx: Tx) => {
      const rows = await tx
        .update(users)
        .set({
          active,
          ...(active === target.active ? {} : { tokenVersion: revoked }),
          // The edit forms hold the status: an edit opened before this change is now stale.
          version: sql`${users.version} + 1`,
          updatedAt: ctx.now(),
        })
        .where(eq(users.id, id))
        .returning();
      const action = active ? 'activate' : 'deactivate';
      await recordChangeIn(tx, { action, entityType: 'user', entityId: id, before: target, after: rows[0] });
      return rows;
    };
    const row =
      target.type === 'ADMIN'
        ? await changeAdmin(id, { active, roles: target.roles }, write)
        : (await db.transaction(write))[0]!;
    return toUserDto(row);
  }

  async function remove(id: number, viewer: AuthUser): Promise<void> {
    const target = await load(id);
    deny(viewer, target);
    if (viewer.id === id) throw new AppError('CONFLICT', 'You cannot delete your own account');
    if (target.type === 'VENDOR') {
      const reasons = await vendorBusiness(db, id, ctx.now());
      if (reasons.length > 0) throw conflict(cannotDeleteMessage(reasons));
    }
    const write = async (tx: Tx) => {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      if (rows.length)
        await recordChangeIn(tx, { action: 'delete', entityType: 'user', entityId: id, before: target });
      return rows;
    };
    if (target.type === 'ADMIN') await changeAdmin(id, null, write);
    else await db.transaction(write);
  }

  async function setPlan(vendorId: number, plan: Plan): Promise<User> {
    const target = await load(vendorId);
    if (target.type !== 'VENDOR') throw notFound('Vendor');
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(users)
        .set({ plan, version: sql`${users.version} + 1`, updatedAt: ctx.now() })
        .where(eq(users.id, vendorId))
        .returning();
      await recordChangeIn(tx, {
        action: 'plan',
        entityType: 'user',
        entityId: vendorId,
        before: target,
        after: saved,
      });
      return saved!;
    });
    return toUserDto(row);
  }

  /** An admin confirms a vendor's changed bank account (after re-entering the password recently). */
  async function confirmBank(vendorId: number, viewer: AuthUser): Promise<void> {
    assertRecentAuth(viewer, ctx.now());
    const target = await load(vendorId);
    if (target.type !== 'VENDOR') throw notFound('Vendor');
    if (!target.bankChangedAt) throw conflict('The bank account has not changed');
    const now = ctx.now();
    await db.transaction(async (tx) => {
      await confirmVendorBankIn(tx, vendorId, viewer.id, now);
      await recordChangeIn(tx, {
        action: 'confirm-bank',
        entityType: 'user',
        entityId: vendorId,
        before: {
          bankConfirmedAt: target.bankConfirmedAt,
          accountNumber: target.accountNumber,
          ifscCode: target.ifscCode,
        },
        after: { bankConfirmedAt: now, accountNumber: target.accountNumber, ifscCode: target.ifscCode },
      });
    });
  }

  return { list, all, update, setActive, remove, setPlan, confirmBank };
}
