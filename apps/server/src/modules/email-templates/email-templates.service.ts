import { and, asc, eq, sql } from 'drizzle-orm';
import {
  STALE_EDIT_MESSAGE,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { emailTemplates } from '../../db/schema';
import { sanitizeEmailHtml } from '../mail';
import { recordChangeIn } from '../audit';

type Row = typeof emailTemplates.$inferSelect;

const toDto = (r: Row): EmailTemplate => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  variables: r.variables,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/**
 * Saved with the same allow-list mail is rendered with (inline CSS, tables and https images kept), so
 * what the admin previews is what is sent; bodies are sanitised once more at send time.
 */
const isInUse = (name: string) => (TEMPLATES_IN_USE as readonly string[]).includes(name);

const clean = (input: EmailTemplateInput) => ({ ...input, body: sanitizeEmailHtml(input.body) });

/** Templates the platform's own mail is rendered from: they can be edited, never deleted or renamed. */
export const TEMPLATES_IN_USE = [
  'order-confirmation',
  'shipment-booked',
  'shipment-out-for-delivery',
  'shipment-delivered',
  'return-approved',
  'return-refunded',
] as const;
export const templateInUse = (name: string) =>
  `The '${name}' template is used by every order mail: edit it, but it cannot be deleted or renamed`;

export function createEmailTemplatesService(ctx: AppContext) {
  const { db } = ctx;
  const duplicate = (err: unknown) => {
    if (uniqueViolation(err) !== null) throw conflict('A template with this name already exists');
    throw err;
  };

  async function one(where: ReturnType<typeof eq>): Promise<EmailTemplate> {
    const [row] = await db.select().from(emailTemplates).where(where);
    if (!row) throw notFound('Email template');
    return toDto(row);
  }

  return {
    list: async () => (await db.select().from(emailTemplates).orderBy(asc(emailTemplates.name))).map(toDto),
    get: (id: number) => one(eq(emailTemplates.id, id)),
    byName: (name: string) => one(eq(emailTemplates.name, name)),
    async create(input: EmailTemplateInput) {
      const row = await db
        .transaction(async (tx) => {
          const [created] = await tx.insert(emailTemplates).values(clean(input)).returning();
          await recordChangeIn(tx, {
            action: 'create',
            entityType: 'email-template',
            entityId: created!.id,
            after: created,
          });
          return created!;
        })
        .catch(duplicate);
      return toDto(row);
    },
    /** Saves an edit made from `input.version`; over a newer version: 409 with `current`, nothing saved. */
    async update(id: number, input: EmailTemplateUpdate) {
      const [before] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
      if (!before) throw notFound('Email template');
      if (isInUse(before.name) && before.name !== input.name) throw conflict(templateInUse(before.name));
      const { version, ...fields } = input;
      const row = await db
        .transaction(async (tx) => {
          const [saved] = await tx
            .update(emailTemplates)
            .set({ ...clean(fields), version: sql`${emailTemplates.version} + 1`, updatedAt: ctx.now() })
            .where(and(eq(emailTemplates.id, id), eq(emailTemplates.version, version)))
            .returning();
          if (saved)
            await recordChangeIn(tx, {
              action: 'update',
              entityType: 'email-template',
              entityId: id,
              before,
              after: saved,
            });
          return saved;
        })
        .catch(duplicate);
      if (!row) throw conflict(STALE_EDIT_MESSAGE, { current: await one(eq(emailTemplates.id, id)) });
      return toDto(row);
    },
    async remove(id: number) {
      const [row] = await db
        .select({ name: emailTemplates.name })
        .from(emailTemplates)
        .where(eq(emailTemplates.id, id));
      if (row && isInUse(row.name)) throw conflict(templateInUse(row.name));
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning();
        if (!before) throw notFound('Email template');
        await recordChangeIn(tx, { action: 'delete', entityType: 'email-template', entityId: id, before });
      });
    },
  };
}
