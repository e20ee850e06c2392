import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTemplates } from '../../db/schema';

/** The saved subject and body of a template, read in the caller's transaction (undefined when none is saved). */
export async function findTemplateByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(eq(emailTemplates.name, name));
  return row;
}
