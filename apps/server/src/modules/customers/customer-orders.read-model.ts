import { sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery, CustomerSort } from '@zevar/domain';
import { queryRows, type Db } from '../../db/client';
import { orders, refunds, returnRequests } from '../../db/schema';
import { likePattern } from '../../lib/sql-search';
import { PAID_PAYMENT_STATUSES } from '../orders';

/*
 * Read model (docs/decisions/0015): customers built from paid orders (the orders module's table),
 * the refunds that went through (payments) and the return requests (returns). Reads only.
 */

/** The customer's key of an order row: a digest of the email (any case) and the phone. */
export const customerKeySql = sql`md5(lower(trim(${orders.customerEmail})) || '|' || trim(${orders.customerPhone}))`;

export type CustomerRow = {
  key: string;
  name: string;
  email: string;
  phone: string;
  orders: number;
  spentPaise: number;
  lastOrderAt: Date;
  returns: number;
};

type RawRow = Omit<CustomerRow, 'orders' | 'spentPaise' | 'lastOrderAt' | 'returns'> & {
  orders: number | string;
  spent_paise: number | string;
  last_order_at: Date | string;
  returns: number | string;
};

const paidStatuses = sql.join(
  PAID_PAYMENT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

const ORDER_BY: Record<CustomerSort, SQL> = {
  lastOrder: sql`last_order_at`,
  orders: sql`orders`,
  spent: sql`spent_paise`,
  name: sql`lower(name)`,
};

/** The grouped customers as a subquery, narrowed by a search on name, email or phone of any order. */
function customersSql(search: string | undefined, only?: string): SQL {
  const having = search
    ? sql`having bool_or(${orders.customerName} ilike ${likePattern(search)}
          or ${orders.customerEmail} ilike ${likePattern(search)}
          or ${orders.customerPhone} ilike ${likePattern(search)})`
    : sql``;
  const onlyOne = only ? sql`and ${customerKeySql} = ${only}` : sql``;
  return sql`select ${customerKeySql} as key,
      (array_agg(${orders.customerName} order by ${orders.createdAt} desc))[1] as name,
      (array_agg(${orders.customerEmail} order by ${orders.createdAt} desc))[1] as email,
      (array_agg(${orders.customerPhone} order by ${orders.createdAt} desc))[1] as phone,
      count(*) as orders,
      sum(${orders.finalAmountPaise}) - coalesce(sum(r.refunded), 0) as spent_paise,
      max(${orders.createdAt}) as last_order_at,
      coalesce(sum(rr.n), 0) as returns
    from ${orders}
    left join (select ${refunds.orderId} as order_id, sum(${refunds.amountPaise}) as refunded
                 from ${refunds} where ${refunds.status} = 'PROCESSED' group by ${refunds.orderId}) r
           on r.order_id = ${orders.id}
    left join (select ${returnRequests.orderId} as order_id, count(*) as n
                 from ${returnRequests} group by ${returnRequests.orderId}) rr
           on rr.order_id = ${orders.id}
    where ${orders.paymentStatus} in (${paidStatuses}) ${onlyOne}
    group by 1 ${having}`;
}

const toRow = (r: RawRow): CustomerRow => ({
  key: r.key,
  name: r.name,
  email: r.email,
  phone: r.phone,
  orders: Number(r.orders),
  spentPaise: Number(r.spent_paise),
  lastOrderAt: new Date(r.last_order_at),
  returns: Number(r.returns),
});

/** One page of customers, sorted (ties broken by key, so pages never overlap), and the total. */
export async function pageOfCustomers(
  db: Db,
  q: Omit<CustomerListQuery, 'page' | 'size'>,
  limit: number,
  offset: number,
): Promise<CustomerRow[]> {
  const direction = q.direction === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<RawRow>(
    db,
    sql`select * from (${customersSql(q.search)}) c
         order by ${ORDER_BY[q.sort]} ${direction}, key asc limit ${limit} offset ${offset}`,
  );
  return rows.map(toRow);
}

export async function countCustomers(db: Db, search: string | undefined): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (${customersSql(search)}) c`,
  );
  return Number(row?.n ?? 0);
}

export async function customerByKey(db: Db, key: string): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<RawRow>(db, sql`${customersSql(undefined, key)}`);
  return row ? toRow(row) : undefined;
}

/** The customer's paid orders, newest first. */
export async function ordersOfCustomer(db: Db, key: string) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      finalAmountPaise: orders.finalAmountPaise,
    })
    .from(orders)
    .where(sql`${customerKeySql} = ${key} and ${orders.paymentStatus} in (${paidStatuses})`)
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.orderNumber} desc`)
    .limit(500);
}
