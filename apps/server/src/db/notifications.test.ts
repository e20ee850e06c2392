import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { waitUntil } from '../../test/wait-until';

/** The write pool's size in `connectPostgres`. */
const POOL_SIZE = 10;

/*
 * Decision 0088: a write answers only once its cache message has gone out, so a message that waited
 * for a pooled connection behind a rush's transactions made every order's answer wait with it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('messages between apps on one PostgreSQL', () => {
  it('go out while every pooled connection is held by a transaction', async () => {
    const database = await createTestDatabase();
    let open!: () => void;
    const released = new Promise<void>((resolve) => (open = resolve));
    try {
      const heard: string[] = [];
      await database.notifications.listen('zevar_test_messages', (payload) => heard.push(payload));
      let holding = 0;
      const held = Array.from({ length: POOL_SIZE }, () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding += 1;
          await released;
        }),
      );
      await waitUntil('every pooled connection held', () => holding === POOL_SIZE, 10_000, 10);
      const sent = await Promise.race([
        database.notifications.notify('zevar_test_messages', 'product:1').then(() => 'sent'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting for a connection'), 3000)),
      ]);
      expect(sent).toBe('sent');
      await waitUntil('the message to come back', () => heard.includes('product:1'), 3000, 10);
      open();
      await Promise.all(held);
    } finally {
      open();
      await database.close();
    }
  });
});
