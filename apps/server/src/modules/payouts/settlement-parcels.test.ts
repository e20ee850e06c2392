import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor } from '../../../test/factories';
import { deliverParcel, earn, earnLine, reverse } from '../../../test/settlement-fixtures';

const DAY = 86_400_000;
let clock = new Date('2026-11-20T06:30:00Z');
const ago = (days: number) => new Date(clock.getTime() - days * DAY);

describe('settlement: each line of a multi-parcel order is released when its own parcel is delivered', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdminUser>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
  });
  afterAll(async () => {
    clock = new Date('2026-11-20T06:30:00Z');
    await t.close();
  });

  it('two parcels delivered on different days release on different days; a return reverses only its line; statement and balance agree', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const month = clock.toISOString().slice(0, 7);
    const first = await earn(t.db, v.id, 100_000, new Date(`${month}-01T06:00:00Z`));
    const second = await earnLine(t.db, first, 200_000, new Date(`${month}-01T06:00:00Z`));
    const third = await earnLine(t.db, first, 50_000, new Date(`${month}-01T06:00:00Z`));
    // Parcel 1 (line 1) delivered 10 days ago: out of the 7-day hold. Parcel 2 (lines 2, 3) 3 days ago.
    await deliverParcel(t.db, first.orderId, [{ orderItemId: first.orderItemId }], ago(10));
    const p2 = await deliverParcel(
      t.db,
      first.orderId,
      [{ orderItemId: second.orderItemId }, { orderItemId: third.orderItemId }],
      ago(3),
    );
    expect(p2.id).toBeGreaterThan(0);
    const balance = async () =>
      (await t.app.inject({ url: `/api/settlement/vendor/${v.id}/balance`, headers: admin.headers })).json();
    const statement = async () =>
      (
        await t.app.inject({
          url: `/api/settlement/vendor/${v.id}/statement?month=${month}`,
          headers: admin.headers,
        })
      ).json();
    expect(await balance()).toMatchObject({ held: 2500, payable: 1000 });
    let st = await statement();
    expect(st).toMatchObject({ earned: 3500, released: 1000, heldAtEnd: 2500, closingBalance: 1000 });
    // The order is released with its last line: parcel 2's delivery plus the hold.
    expect(st.orders[0].releasedOn).toBe(new Date(ago(3).getTime() + 7 * DAY).toISOString());

    // Five days on, parcel 2's hold has ended too.
    clock = new Date(clock.getTime() + 5 * DAY);
    admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    expect(await balance()).toMatchObject({ held: 0, payable: 3500 });
    st = await statement();
    expect(st).toMatchObject({ released: 3500, heldAtEnd: 0, closingBalance: 3500 });
    expect(st.orders[0].releasedOn).toBe(new Date(ago(8).getTime() + 7 * DAY).toISOString());

    // A return of line 2 reverses its share only.
    await reverse(t.db, second, 200_000, clock);
    expect(await balance()).toMatchObject({ held: 0, payable: 1500 });
    st = await statement();
    expect(st).toMatchObject({ reversals: 2000, closingBalance: 1500 });
    expect(st.closingBalance).toBe((await balance()).payable);
  });

  it('a line whose parcel is still on its way stays held while the delivered line is released', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const a = await earn(t.db, v.id, 100_000, ago(30));
    const b = await earnLine(t.db, a, 300_000, ago(30));
    const c = await earnLine(t.db, a, 70_000, ago(30));
    await deliverParcel(t.db, a.orderId, [{ orderItemId: a.orderItemId }], ago(20));
    await deliverParcel(t.db, a.orderId, [{ orderItemId: b.orderItemId }], null);
    // Line c is in no parcel yet: held too (the order lists its parcels' lines).
    expect(c.amountPaise).toBe(70_000);
    const res = await t.app.inject({ url: `/api/settlement/vendor/${v.id}/balance`, headers: admin.headers });
    expect(res.json()).toMatchObject({ held: 3700, payable: 1000 });
  });
});
