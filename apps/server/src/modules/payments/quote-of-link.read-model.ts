import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { quotes } from '../../db/schema';

/*
 * The quote a payment link is made for and paid against (docs/decisions/0060): read here, written only
 * by the quotes module. Its lines carry the quoted prices, breakups and commissions the order takes.
 */

export async function quoteByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(quotes).where(eq(quotes.code, code));
  return row;
}

export async function quoteById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}
