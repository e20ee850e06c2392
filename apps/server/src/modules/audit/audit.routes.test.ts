import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createCategory,
  createMetal,
  createPurity,
  createVendor,
  metalVersion,
  putUser,
  uid,
  type Actor,
} from '../../../test/factories';
import { auditLog, users } from '../../db/schema';
import type { AuditRecord } from '@zevar/domain';

describe('audit trail records', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
  });
  afterAll(async () => t.close());

  const search = async (query: string, who: Actor = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { content: AuditRecord[]; totalElements: number; totalPages: number };
  };
  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  async function goldProduct() {
    const metal = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 600_000 });
    const purity = await createPurity(t.db, metal, { name: '22K', fineness: 916, ratePaise: 549_600 });
    const category = await createCategory(t.db);
    const body = {
      name: `Bangle ${uid()}`,
      sku: `B-${uid()}`,
      productType: 'GOLD',
      metal: { id: metal.id },
      purity: { id: purity.id },
      metalWeight: 10,
      making: { kind: 'FLAT', value: 1500 },
      category: { id: category.id },
      vendorCommission: 100,
      stock: 2,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { metal, purity, body, product: res.json() as { id: number; version: number; price: number } };
  }

  it("records a product edit's making charge, commission and price before and after, with who and from where", async () => {
    const { body, product } = await goldProduct();
    const { stock: _s, ...edit } = body;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: {
        ...edit,
        making: { kind: 'FLAT', value: 2500 },
        vendorCommission: 150,
        version: product.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await search(`entityType=product&entityId=${product.id}`);
    expect(page.content.map((r) => r.action)).toEqual(['update', 'create']);
    const [update] = page.content;
    expect(update).toMatchObject({
      method: 'PUT',
      route: '/api/products/:id',
      clientAddress: '127.0.0.1',
      actor: { id: admin.id, email: `${admin.username}@example.in`, type: 'ADMIN', roles: ['SUPER_ADMIN'] },
    });
    expect(update!.before).toMatchObject({ makingValue: 150_000, vendorCommissionPaise: 10_000, stock: 2 });
    expect(update!.after).toMatchObject({ makingValue: 250_000, vendorCommissionPaise: 15_000, stock: 2 });
    // The price follows the making charge: 1000 rupees more, plus GST.
    expect(Number(update!.after!.pricePaise) - Number(update!.before!.pricePaise)).toBe(103_000);
  });

  it("records a metal rate change with the metal's rate and its derived purities before and after", async () => {
    const metal = await createMetal(t.db, { name: `Rated ${uid()}`, ratePaise: 600_000 });
    const purity = await createPurity(t.db, metal, { name: '18K', fineness: 750, ratePaise: 450_000 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/metals/${metal.id}`,
      headers: admin.headers,
      payload: { name: metal.name, price: 6200, version: await metalVersion(t.db, metal.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [rate] = (await search(`entityType=metal&entityId=${metal.id}`)).content;
    expect(rate).toMatchObject({ action: 'rate', route: '/api/metals/:id' });
    expect(rate!.before).toMatchObject({ ratePaise: 600_000 });
    expect(rate!.after).toMatchObject({ ratePaise: 620_000 });
    const [derived] = (await search(`entityType=purity&entityId=${purity.id}`)).content;
    expect(derived!.before).toMatchObject({ ratePaise: 450_000 });
    expect(derived!.after).toMatchObject({ ratePaise: 465_000 });
    // One request, one insert: both records share the request.
    expect(derived!.at).toBe(rate!.at);
  });

  it('records nothing for a refused write (4xx), and nothing is left by its rolled-back transaction', async () => {
    const { product, body } = await goldProduct();
    const before = await count();
    const { stock: _s, ...edit } = body;
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...edit, version: product.version + 5 },
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/metals',
      headers: admin.headers,
      payload: { name: '', price: -1 },
    });
    expect(invalid.statusCode).toBe(400);
    // A hallmarked edit whose HUIDs do not match its pieces fails after the row was updated: rolled back.
    const huids = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...edit, hallmarked: true, huids: ['AB12C3'], version: product.version },
    });
    expect(huids.statusCode).toBe(400);
    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: (await createAdminUser(t.app, t.db, ['VIEW_DETAILS'])).headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('never records a password, hash or token, and records bank account numbers masked', async () => {
    const vendor = await createVendor(t.app, t.db, {
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
    });
    const res = await putUser(t, vendor.id, vendor.headers, {
      email: `${vendor.username}@example.in`,
      bussinessName: 'Masked Jewels',
      description: 'A vendor selling jewellery for the audit test',
      contact: {
        phone: '9876543210',
        addressLine1: '1 MG Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        pincode: '302001',
      },
      bankDetails: {
        bankName: 'SBI',
        accountHolderName: 'V',
        accountNumber: '998877665544',
        ifscCode: 'SBIN0001234',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const staff = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: staff.headers,
      payload: { currentPassword: 'Secret@123', newPassword: 'N3w-Passw0rd!x' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/user/${vendor.id}/reset-password`,
      headers: admin.headers,
    });
    expect(reset.statusCode).toBe(200);
    const temporary = (reset.json() as { temporaryPassword: string }).temporaryPassword;

    const [bank] = (await search(`entityType=user&entityId=${vendor.id}&action=bank-details`)).content;
    expect(bank!.actor.id).toBe(vendor.id);
    expect(bank!.before).toMatchObject({ accountNumber: '••••9012', ifscCode: 'HDFC0001234' });
    expect(bank!.after).toMatchObject({
      accountNumber: '••••5544',
      ifscCode: 'SBIN0001234',
      bankName: 'SBI',
    });
    const [hash] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, vendor.id));
    const everything = JSON.stringify(await t.db.select().from(auditLog));
    for (const secret of [
      'Secret@123',
      'N3w-Passw0rd!x',
      temporary,
      hash!.h,
      '998877665544',
      '123456789012',
      vendor.token,
    ])
      expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/passwordHash|tokenVersion|newPassword|currentPassword/);
    const [own] = (await search(`entityType=user&entityId=${staff.id}&action=change-password`)).content;
    expect(own).toMatchObject({ route: '/api/user/change-password', after: {} });
  });

  it('searches by person, entity, action and business days, newest first, a page at a time', async () => {
    const staff = await createAdminUser(t.app, t.db, ['MANAGE_CATEGORIES']);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/category',
        headers: staff.headers,
        payload: { name: `Searched ${uid()}`, vendorPlan: 'FREE', image: 'a.webp', banner: 'b.webp' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const mine = await search(`actorId=${staff.id}&size=2`);
    expect(mine).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(mine.content).toHaveLength(2);
    expect(mine.content[0]!.id).toBeGreaterThan(mine.content[1]!.id);
    const second = await search(`actorId=${staff.id}&size=2&page=1`);
    expect(second.content).toHaveLength(1);
    const byName = await search(`person=${staff.username.slice(3)}&entityType=category&action=create`);
    expect(byName.totalElements).toBe(3);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await search(`actorId=${staff.id}&from=${today}&to=${today}`)).totalElements).toBe(3);
    expect((await search(`actorId=${staff.id}&from=2020-01-01&to=2020-01-31`)).totalElements).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/audit?from=2026-02-10&to=2026-02-01&entityType=Bad%20Type',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual([
      'entityType',
      'to',
    ]);
  });

  it('is read only with VIEW_AUDIT: a SUPER_ADMIN or an auditor, never another admin or a vendor', async () => {
    const auditor = await createAdminUser(t.app, t.db, ['VIEW_AUDIT']);
    await search('size=1', auditor);
    for (const who of [
      await createAdminUser(t.app, t.db, ['MANAGE_USERS']),
      await createVendor(t.app, t.db),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/audit', headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses to change or delete a record, even to the database owner', async () => {
    const { product } = await goldProduct();
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    // Drizzle wraps the database's refusal; its cause is the trigger's message.
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'done',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(
      await refusal(t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.id, row!.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(t.db.execute(sql`truncate ${auditLog}`))).toMatch(/append-only: TRUNCATE refused/);
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });

  it('costs one insert per write, whatever the number of fields changed', async () => {
    const { product, body } = await goldProduct();
    const { stock: _s, ...edit } = body;
    const statements = t.database.statements;
    const at = statements.count;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: {
        ...edit,
        name: `${body.name} v2`,
        sku: `${body.sku}-2`,
        vendorCommission: 120,
        version: product.version,
      },
    });
    expect(res.statusCode).toBe(200);
    const withAudit = statements.count - at;
    const page = await search(`entityType=product&entityId=${product.id}&action=update`);
    expect(page.totalElements).toBe(1);
    // The edit's own statements plus the before row and one insert (measured: see decision 0041).
    expect(withAudit).toBeLessThanOrEqual(16);
  });
});
