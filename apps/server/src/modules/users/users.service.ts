import { and, eq, sql } from 'drizzle-orm';
import {
  userPolicy,
  type LoginInput,
  secondFactorRequired,
  type LoginResponse,
  type RegisterVendorInput,
  type SecondFactorChallenge,
  type User,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { hashPassword, verifyPassword } from './passwords';
import { assertNotLeaked } from './leaked-passwords';
import { toUserDto } from './user-mapper';
import { loadSubscriptions, loadVendorStats } from './vendor-stats.read-model';
import { accountKey, type LoginLimiter } from './login-limiter';
import { uniqueViolation } from '../../lib/db-errors';
import { startSession, type SessionOrigin } from './user-sessions';
import type { SecondFactorService } from './second-factor.service';

export const EMAIL_TAKEN = 'A vendor with this email already exists';

export function createUsersService(ctx: AppContext, limiter: LoginLimiter) {
  const { db } = ctx;

  async function findByUsername(username: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    return row;
  }

  async function vendorEmailTaken(email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'VENDOR'), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
      .limit(1);
    return Boolean(row);
  }

  async function isUsernameAvailable(username: string): Promise<boolean> {
    return !(await findByUsername(username.trim()));
  }

  async function registerVendor(input: RegisterVendorInput): Promise<User> {
    if (!(await isUsernameAvailable(input.username))) throw conflict('Username already exists');
    if (await vendorEmailTaken(input.email)) throw conflict(EMAIL_TAKEN);
    await assertNotLeaked(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    try {
      const [row] = await db
        .insert(users)
        .values({
          type: 'VENDOR',
          username: input.username,
          email: input.email.toLowerCase(),
          passwordHash,
          name: input.name,
          businessName: input.bussinessName,
          description: input.description,
          phone: input.contact.phone,
          secondaryPhone: input.contact.secondaryPhone || null,
          addressLine1: input.contact.addressLine1,
          addressLine2: input.contact.addressLine2 || null,
          city: input.contact.city,
          state: input.contact.state,
          pincode: input.contact.pincode,
          country: input.contact.country || 'India',
          plan: 'FREE',
        })
        .returning();
      return toUserDto(row!);
    } catch (err) {
      // Two registrations racing for one name: the unique index decides.
      const index = uniqueViolation(err);
      if (index === 'users_vendor_email_lower_uq') throw conflict(EMAIL_TAKEN);
      if (index !== null) throw conflict('Username already exists');
      throw err;
    }
  }

  /**
   * The password step. An account with a second factor gets a five-minute challenge for the code
   * step instead of a session; one whose roles require a factor it has not set up gets a session
   * that can only enrol (decision 0047).
   */
  async function login(
    input: LoginInput,
    origin: SessionOrigin,
    factors: Pick<SecondFactorService, 'hasFactor'>,
  ): Promise<LoginResponse | SecondFactorChallenge> {
    const clientIp = origin.address;
    const row = await findByUsername(input.username.normalize('NFKC').trim());
    const account = accountKey(input.username, row?.id);
    await limiter.assertAllowed(account, clientIp);
    const ok = await verifyPassword(row?.passwordHash ?? null, input.password);
    if (!row || !ok || !row.active) {
      await limiter.fail(account, clientIp);
      throw new AppError('UNAUTHORIZED', 'Login failed. Please check your credentials.');
    }
    await limiter.succeed(account, clientIp);
    if (await factors.hasFactor(row.id))
      return { secondFactor: 'required', challenge: await ctx.tokens.signChallenge(row), userType: row.type };
    const session = await startSession(db, ctx.tokens, row, origin, ctx.now());
    const mustEnrol = ctx.config.TOTP_REQUIRED && secondFactorRequired(row.type, row.roles);
    return mustEnrol ? { ...session, enrolSecondFactor: true } : session;
  }

  /** Checks a vendor's credentials by email or id without issuing a token. */
  async function verifyVendor(
    emailOrId: string,
    password: string,
    clientIp: string,
  ): Promise<{ valid: boolean; userId: number | null }> {
    const identifier = emailOrId.normalize('NFKC').trim();
    // `5`, `05` and `005` are one account (ids past the integer range match nothing).
    const asId = /^\d+$/.test(identifier) ? Number(BigInt(identifier)) : null;
    const [row] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.type, 'VENDOR'),
          asId !== null
            ? Number.isSafeInteger(asId) && asId <= 2_147_483_647
              ? eq(users.id, asId)
              : sql`false`
            : sql`lower(${users.email}) = ${identifier.toLowerCase()}`,
        ),
      )
      .limit(1);
    const account = accountKey(identifier, row?.id);
    await limiter.assertAllowed(account, clientIp);
    const ok = await verifyPassword(row?.passwordHash ?? null, password);
    if (!row || !ok || !row.active) {
      await limiter.fail(account, clientIp);
      return { valid: false, userId: null };
    }
    await limiter.succeed(account, clientIp);
    return { valid: true, userId: row.id };
  }

  /** A user's full profile: admins with a user permission may read anyone; a vendor only itself. */
  async function getUser(id: number, viewer: AuthUser): Promise<User> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) {
      if (viewer.id !== id && !userPolicy.readsVendors(viewer)) throw forbidden();
      throw notFound('User');
    }
    if (!userPolicy.mayRead(viewer, row)) throw forbidden();
    if (row.type === 'ADMIN') return toUserDto(row);
    const [subs, stats] = await Promise.all([
      loadSubscriptions(db, [id], ctx.now()),
      loadVendorStats(db, [row]),
    ]);
    return toUserDto(row, subs.get(id) ?? [], stats.get(id) ?? null);
  }

  return { isUsernameAvailable, registerVendor, login, verifyVendor, getUser };
}
