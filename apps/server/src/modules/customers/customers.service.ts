import { asc, eq } from 'drizzle-orm';
import {
  formatZonedDate,
  maskEmail,
  maskPhone,
  paiseToRupees,
  toPaged,
  type Customer,
  type CustomerDetail,
  type CustomerListQuery,
  type InternalNote,
  type Paged,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { customerNotes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordChangeIn } from '../audit';
import {
  countCustomers,
  customerByKey,
  ordersOfCustomer,
  pageOfCustomers,
  type CustomerRow,
} from './customer-orders.read-model';

/** Whether the viewer reads contact data in full (order managers) or masked (detail viewers). */
export type ContactView = 'full' | 'masked';

function toCustomer(r: CustomerRow, view: ContactView): Customer {
  return {
    key: r.key,
    name: r.name,
    email: view === 'full' ? r.email : maskEmail(r.email),
    phone: view === 'full' ? r.phone : maskPhone(r.phone),
    orders: r.orders,
    totalSpent: paiseToRupees(r.spentPaise),
    lastOrderAt: r.lastOrderAt.toISOString(),
    returns: r.returns,
  };
}

const toNote = (r: typeof customerNotes.$inferSelect): InternalNote => ({
  id: r.id,
  body: r.body,
  author: r.authorName,
  at: r.createdAt.toISOString(),
});

const CUSTOMER_CSV_HEADER = [
  'Name',
  'Email',
  'Phone',
  'Orders',
  'Total spent (INR)',
  'Last order',
  'Returns',
];

/** The admin's customers (issue 23 item 7), built from paid orders grouped by email and phone. */
export function createCustomersService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;
  const tz = ctx.config.BUSINESS_TIMEZONE;

  async function list(q: CustomerListQuery, view: ContactView): Promise<Paged<Customer>> {
    const [rows, total] = await Promise.all([
      pageOfCustomers(db, q, q.size, q.page * q.size),
      countCustomers(db, q.search),
    ]);
    return toPaged(
      rows.map((r) => toCustomer(r, view)),
      total,
      q,
    );
  }

  /** Every matching customer as CSV rows, in batches (never all in memory at once). */
  async function* csvRows(
    q: Omit<CustomerListQuery, 'page' | 'size'>,
    view: ContactView,
    batch = 500,
  ): AsyncGenerator<string[]> {
    yield CUSTOMER_CSV_HEADER;
    for (let offset = 0; ; offset += batch) {
      const rows = await pageOfCustomers(db, q, batch, offset);
      for (const r of rows) {
        const c = toCustomer(r, view);
        yield [
          c.name,
          c.email,
          c.phone,
          String(c.orders),
          c.totalSpent.toFixed(2),
          formatZonedDate(r.lastOrderAt, tz, 'date'),
          String(c.returns),
        ];
      }
      if (rows.length < batch) return;
    }
  }

  async function notesOf(key: string): Promise<InternalNote[]> {
    const rows = await db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.customerKey, key))
      .orderBy(asc(customerNotes.createdAt), asc(customerNotes.id));
    return rows.map(toNote);
  }

  async function detail(key: string, view: ContactView, mayWriteNotes: boolean): Promise<CustomerDetail> {
    const found = await customerByKey(db, key);
    if (!found) throw notFound('Customer');
    const [orders, notes] = await Promise.all([ordersOfCustomer(db, key), notesOf(key)]);
    return {
      customer: toCustomer(found, view),
      orders: orders.map((o) => ({
        orderNumber: o.orderNumber,
        orderDate: o.createdAt.toISOString(),
        status: o.status,
        paymentStatus: o.paymentStatus,
        total: paiseToRupees(o.finalAmountPaise),
      })),
      notes,
      mayWriteNotes,
    };
  }

  /** Records a note on an existing customer, with its audit record in the same transaction. */
  async function addNote(key: string, body: string, author: { id: number; name: string }) {
    if (!(await customerByKey(db, key))) throw notFound('Customer');
    const row = await db.transaction(async (tx) => {
      const [note] = await tx
        .insert(customerNotes)
        .values({ customerKey: key, body, authorId: author.id, authorName: author.name })
        .returning();
      await recordChangeIn(tx, {
        action: 'note',
        entityType: 'customer',
        entityId: key,
        after: { note: body },
      });
      return note!;
    });
    return toNote(row);
  }

  return { list, csvRows, detail, addNote };
}
