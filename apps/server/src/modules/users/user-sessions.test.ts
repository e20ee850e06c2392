import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createVendor, uid } from '../../../test/factories';
import { userSessions } from '../../db/schema';
import { pruneSessions, SESSION_KEPT_DAYS } from './user-sessions';

const DAY = 86_400_000;

describe('pruning old sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('deletes sessions ended or expired over a month ago, and keeps live and recent ones', async () => {
    const vendor = await createVendor(t.app, t.db);
    const now = new Date('2027-03-01T10:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const session = (name: string, at: { expiresAt: Date; endedAt?: Date }) => ({
      id: `${name}-${uid()}`,
      userId: vendor.id,
      tokenVersion: 0,
      createdAt: ago(60),
      lastSeenAt: ago(SESSION_KEPT_DAYS + 5),
      endedAt: null,
      ...at,
    });
    const rows = [
      session('live', { expiresAt: ago(-1) }),
      session('expired-lately', { expiresAt: ago(SESSION_KEPT_DAYS - 1) }),
      session('ended-lately', { expiresAt: ago(-1), endedAt: ago(SESSION_KEPT_DAYS - 1) }),
      session('expired-long-ago', { expiresAt: ago(SESSION_KEPT_DAYS + 1) }),
      session('ended-long-ago', { expiresAt: ago(-1), endedAt: ago(SESSION_KEPT_DAYS + 1) }),
    ];
    await t.db.insert(userSessions).values(rows);

    expect(await pruneSessions(t.db, now)).toBeGreaterThanOrEqual(2);
    const left = await t.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(eq(userSessions.userId, vendor.id));
    expect(left.map((r) => r.id.split('-').slice(0, -1).join('-')).sort()).toEqual([
      'ended-lately',
      'expired-lately',
      'live',
    ]);
  });
});
