import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  secondFactorRequired,
  STAFF_MESSAGES,
  userPolicy,
  type Invite,
  type InviteAdminInput,
  type LoginResponse,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { passwordResetLinks, staffInvites, users } from '../../db/schema';
import { assertRecentAuth, type AuthUser } from '../../plugins/auth';
import { findTemplateByName } from '../email-templates';
import {
  DEFAULT_PASSWORD_RESET,
  DEFAULT_STAFF_INVITE,
  LINK_AS_TEXT,
  queueEmail,
  renderSubject,
  renderTemplate,
} from '../mail';
import { hashPassword } from './passwords';
import { startSession, type SessionOrigin } from './user-sessions';
import { assertNotLeaked } from './leaked-passwords';

/** SQL that ends every token the user holds (see plugins/auth.ts). */
const revoked = sql`${users.tokenVersion} + 1`;

/** 256 random bits, URL-safe; only its SHA-256 is stored, so a database copy opens nothing. */
const newToken = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A saved template that forgets the link still sends it. */
const withLink = (body: string) => (/\{\{\s*link\s*\}\}/.test(body) ? body : `${body}\n${LINK_AS_TEXT}`);

/** An invitation whose sender was deactivated, or may no longer grant its roles, brings nobody in. */
export const INVITER_GONE =
  'This invitation is no longer valid: the colleague who sent it can no longer invite. Please ask for a new one.';

/** A link that does not work any more, said plainly (decision 0043). */
function linkRefusal(row: { expiresAt: Date; used: boolean } | undefined, now: Date): AppError | null {
  if (!row) return new AppError('NOT_FOUND', STAFF_MESSAGES.linkInvalid);
  if (row.used) return conflict(STAFF_MESSAGES.linkUsed);
  if (row.expiresAt.getTime() <= now.getTime()) return conflict(STAFF_MESSAGES.linkExpired);
  return null;
}

/**
 * Emailed one-time links: staff invitations and forgotten-password resets (issue 23 item 2,
 * decision 0043). Tokens are random, stored hashed, work once and expire; setting a password through
 * a link raises the token version, so every session of the account ends.
 */
export function createStaffLinksService(ctx: AppContext) {
  const { db, config } = ctx;
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const when = (d: Date) =>
    d.toLocaleString('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: config.BUSINESS_TIMEZONE });

  const toInvite = (row: typeof staffInvites.$inferSelect): Invite => ({
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    expiresAt: row.expiresAt.toISOString(),
  });

  /** An admin invites a colleague; the roles stay within the inviter's own (userPolicy). */
  async function invite(input: InviteAdminInput, viewer: AuthUser): Promise<Invite> {
    const reason = userPolicy.denial(viewer, { id: 0, type: 'ADMIN', roles: [] }, input.roles);
    if (reason) throw forbidden(reason);
    // An invitation grants roles, as a role change does: the password again, not just a token.
    assertRecentAuth(viewer, ctx.now());
    const email = input.email.trim().toLowerCase();
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'ADMIN'), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (admin) throw conflict('An admin with this email already exists');
    const token = newToken();
    const expiresAt = new Date(ctx.now().getTime() + config.INVITE_LINK_HOURS * 3_600_000);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffInvites)
        .values({
          email,
          name: input.name,
          roles: [...new Set(input.roles)],
          tokenHash: digest(token),
          invitedBy: viewer.id,
          expiresAt,
          createdAt: ctx.now(),
        })
        .returning();
      const template = await findTemplateByName(tx, 'staff-invite');
      const variables = {
        name: input.name,
        invitedBy: viewer.name,
        roles: row!.roles.join(', '),
        link: `${base}/accept-invite?token=${token}`,
        expiresAt: when(expiresAt),
      };
      await queueEmail(tx, {
        dedupeKey: `staff-invite:${row!.id}`,
        to: email,
        subject: renderSubject(template?.subject ?? DEFAULT_STAFF_INVITE.subject, variables),
        html: renderTemplate(withLink(template?.body ?? DEFAULT_STAFF_INVITE.body), variables),
      });
      return toInvite(row!);
    });
  }

  async function findInvite(token: string) {
    const [row] = await db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, digest(token)));
    const refusal = linkRefusal(
      row && { expiresAt: row.expiresAt, used: row.acceptedAt !== null },
      ctx.now(),
    );
    if (refusal) throw refusal;
    await checkInviter(row!);
    return row!;
  }

  /**
   * The invitation speaks for its sender only while the sender could still send it: an admin who was
   * deactivated (or lost the right to grant these roles) after inviting a private address of their own
   * must not get back in through it.
   */
  async function checkInviter(invitation: typeof staffInvites.$inferSelect) {
    const [inviter] = await db
      .select({ id: users.id, type: users.type, roles: users.roles, active: users.active })
      .from(users)
      .where(eq(users.id, invitation.invitedBy));
    if (
      !inviter?.active ||
      userPolicy.denial(inviter, { id: 0, type: 'ADMIN', roles: [] }, invitation.roles) !== null
    )
      throw conflict(INVITER_GONE);
  }

  /** What the invitation page shows before the form: for whom, with which roles (or why not). */
  async function lookupInvite(token: string) {
    const row = await findInvite(token);
    return { email: row.email, name: row.name, roles: row.roles };
  }

  /** The invitee chooses a username and password; the account is created and signed in. */
  async function acceptInvite(
    input: { token: string; username: string; password: string },
    origin: SessionOrigin,
  ): Promise<LoginResponse> {
    const invitation = await findInvite(input.token);
    await assertNotLeaked(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    const username = input.username.trim();
    const row = await db
      .transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
        if (taken)
          throw new AppError('CONFLICT', STAFF_MESSAGES.usernameTaken, [
            { path: 'username', message: STAFF_MESSAGES.usernameTaken },
          ]);
        const [user] = await tx
          .insert(users)
          .values({
            type: 'ADMIN',
            username,
            email: invitation.email,
            name: invitation.name,
            passwordHash,
            roles: invitation.roles,
          })
          .returning();
        // Single use even when two tabs accept at once: only one update finds it unaccepted.
        const [claimed] = await tx
          .update(staffInvites)
          .set({ acceptedAt: ctx.now(), userId: user!.id })
          .where(and(eq(staffInvites.id, invitation.id), isNull(staffInvites.acceptedAt)))
          .returning({ id: staffInvites.id });
        if (!claimed) throw conflict(STAFF_MESSAGES.linkUsed);
        return user!;
      })
      .catch((err: unknown) => {
        if (uniqueViolation(err) === 'users_username_lower_uq')
          throw new AppError('CONFLICT', STAFF_MESSAGES.usernameTaken, [
            { path: 'username', message: STAFF_MESSAGES.usernameTaken },
          ]);
        throw err;
      });
    const session = await startSession(db, ctx.tokens, row, origin, ctx.now());
    // An invitee with a money role sets up the second factor before anything else (decision 0047).
    return ctx.config.TOTP_REQUIRED && secondFactorRequired(row.type, row.roles)
      ? { ...session, enrolSecondFactor: true }
      : session;
  }

  /**
   * Emails a reset link to every active account matching the username or email, at most once per
   * account per PASSWORD_RESET_MINUTES / 6 (so a stranger cannot flood someone's inbox). The caller
   * answers the same either way.
   */
  async function requestReset(identifier: string): Promise<void> {
    const text = identifier.normalize('NFKC').trim().toLowerCase();
    const matches = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.active, true),
          text.includes('@') ? sql`lower(${users.email}) = ${text}` : sql`lower(${users.username}) = ${text}`,
        ),
      )
      .limit(5);
    const minutes = config.PASSWORD_RESET_MINUTES;
    for (const account of matches) {
      const gapMs = Math.max(60_000, (minutes * 60_000) / 6);
      if (!(await ctx.once.claim(`password-reset-mail:${account.id}`, gapMs))) continue;
      const token = newToken();
      await db.transaction(async (tx) => {
        const [link] = await tx
          .insert(passwordResetLinks)
          .values({
            userId: account.id,
            tokenHash: digest(token),
            expiresAt: new Date(ctx.now().getTime() + minutes * 60_000),
            createdAt: ctx.now(),
          })
          .returning({ id: passwordResetLinks.id });
        const template = await findTemplateByName(tx, 'password-reset');
        const variables = {
          name: account.name,
          username: account.username,
          link: `${base}/reset-password?token=${token}`,
          minutes: String(minutes),
        };
        await queueEmail(tx, {
          dedupeKey: `password-reset:${link!.id}`,
          to: account.email,
          subject: renderSubject(template?.subject ?? DEFAULT_PASSWORD_RESET.subject, variables),
          html: renderTemplate(withLink(template?.body ?? DEFAULT_PASSWORD_RESET.body), variables),
        });
      });
    }
  }

  async function findReset(token: string) {
    const [row] = await db
      .select()
      .from(passwordResetLinks)
      .where(eq(passwordResetLinks.tokenHash, digest(token)));
    const refusal = linkRefusal(row && { expiresAt: row.expiresAt, used: row.usedAt !== null }, ctx.now());
    if (refusal) throw refusal;
    return row!;
  }

  /** Whether a reset link still works (the page says so before asking for a password). */
  async function lookupReset(token: string): Promise<{ valid: true }> {
    await findReset(token);
    return { valid: true };
  }

  /** Sets the new password through the link: once, before it expires; every session ends. */
  async function resetWithLink(input: { token: string; password: string }): Promise<void> {
    const link = await findReset(input.token);
    await assertNotLeaked(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(passwordResetLinks)
        .set({ usedAt: ctx.now() })
        .where(and(eq(passwordResetLinks.id, link.id), isNull(passwordResetLinks.usedAt)))
        .returning({ id: passwordResetLinks.id });
      if (!claimed) throw conflict(STAFF_MESSAGES.linkUsed);
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: revoked, updatedAt: ctx.now() })
        .where(eq(users.id, link.userId));
      // Any other link of the account stops working too: the password it was for has changed.
      await tx
        .update(passwordResetLinks)
        .set({ usedAt: ctx.now() })
        .where(and(eq(passwordResetLinks.userId, link.userId), isNull(passwordResetLinks.usedAt)));
    });
  }

  return { invite, lookupInvite, acceptInvite, requestReset, lookupReset, resetWithLink };
}
