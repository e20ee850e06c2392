import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  financialYearOfDay,
  monthsOfFinancialYear,
  paiseToRupees,
  quarterOfDay,
  rupeesToPaise,
  tdsDepositDueDay,
  zonedDayStart,
  zonedIsoDate,
  type RecordTdsChallan,
  type TdsChallan,
  type TdsMonths,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { tdsChallans, tdsEntries } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict } from '../../lib/errors';
import { recordChangeIn } from '../audit';
import { namesOf } from './settlement.read-model';

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * TDS challans (issue 24, decision 0067): an admin records the deposit of the tax deducted in a month
 * under one section, linking the deductions it pays; the TDS screen shows each month's deducted,
 * deposited and due figures, and the Today page what is due or overdue.
 */
export function createTdsChallans(ctx: AppContext) {
  const { db } = ctx;
  const tz = ctx.config.BUSINESS_TIMEZONE;
  const monthSpan = (month: string) => ({
    from: zonedDayStart(`${month}-01`, tz),
    to: zonedDayStart(`${nextMonth(month)}-01`, tz),
  });

  /** Records a challan and links the deductions it pays; the amounts must agree to the paisa. */
  async function record(input: RecordTdsChallan, adminId: number): Promise<TdsChallan> {
    const today = zonedIsoDate(ctx.now(), tz);
    if (input.depositedOn > today) throw badRequest('The deposit date is in the future');
    if (input.depositedOn < `${input.month}-01`)
      throw badRequest('The deposit date is before the month the tax was deducted in');
    const { from, to } = monthSpan(input.month);
    const amountPaise = rupeesToPaise(input.amount);
    try {
      const id = await db.transaction(async (tx) => {
        const open = await tx
          .select({ id: tdsEntries.id, amountPaise: tdsEntries.amountPaise })
          .from(tdsEntries)
          .where(
            and(
              eq(tdsEntries.section, input.section),
              gte(tdsEntries.deductedAt, from),
              lt(tdsEntries.deductedAt, to),
              isNull(tdsEntries.cancelledAt),
              isNull(tdsEntries.challanId),
            ),
          );
        let chosen = open;
        if (input.entryIds) {
          const wanted = new Set(input.entryIds);
          chosen = open.filter((e) => wanted.has(e.id));
          if (chosen.length !== wanted.size)
            throw conflict(
              `Some chosen deductions are not undeposited deductions of ${input.month} under section ${input.section}`,
            );
        }
        if (chosen.length === 0)
          throw conflict(`No deduction of ${input.month} under section ${input.section} waits for a deposit`);
        const total = chosen.reduce((s, e) => s + e.amountPaise, 0);
        if (total !== amountPaise)
          throw conflict(
            `The challan's amount ₹${input.amount.toFixed(2)} does not match the deductions it pays, ₹${paiseToRupees(total).toFixed(2)}`,
            { deductions: paiseToRupees(total) },
          );
        const firstDay = `${input.month}-01`;
        const [challan] = await tx
          .insert(tdsChallans)
          .values({
            bsrCode: input.bsrCode,
            challanSerial: input.challanSerial,
            depositedOn: input.depositedOn,
            amountPaise,
            month: input.month,
            financialYear: financialYearOfDay(firstDay),
            quarter: quarterOfDay(firstDay),
            section: input.section,
            recordedBy: adminId,
            recordedAt: ctx.now(),
          })
          .returning();
        // Only deductions still without a challan are taken: a concurrent challan for them loses here.
        const linked = await tx
          .update(tdsEntries)
          .set({ challanId: challan!.id })
          .where(
            and(
              inArray(
                tdsEntries.id,
                chosen.map((e) => e.id),
              ),
              isNull(tdsEntries.challanId),
              isNull(tdsEntries.cancelledAt),
            ),
          )
          .returning({ id: tdsEntries.id });
        if (linked.length !== chosen.length)
          throw conflict('Another challan took some of these deductions: look again');
        await recordChangeIn(tx, {
          action: 'create',
          entityType: 'tds-challan',
          entityId: challan!.id,
          after: { ...challan, entryIds: chosen.map((e) => e.id) },
        });
        return challan!.id;
      });
      return (await challans({ id }))[0]!;
    } catch (err) {
      if (uniqueViolation(err) === 'tds_challans_cin_key')
        throw conflict('A challan with this BSR code, date and serial number is already recorded');
      throw err;
    }
  }

  async function challans(filter: { fy?: string; id?: number }, tx: DbOrTx = db): Promise<TdsChallan[]> {
    const rows = await tx
      .select({
        challan: tdsChallans,
        deductions:
          sql<number>`(select count(*) from ${tdsEntries} where ${tdsEntries.challanId} = ${tdsChallans.id})`.mapWith(
            Number,
          ),
      })
      .from(tdsChallans)
      .where(
        and(
          filter.fy ? eq(tdsChallans.financialYear, filter.fy) : undefined,
          filter.id ? eq(tdsChallans.id, filter.id) : undefined,
        ),
      )
      .orderBy(asc(tdsChallans.month), asc(tdsChallans.id));
    const names = await namesOf(
      tx,
      rows.map((r) => r.challan.recordedBy).filter((x): x is number => x !== null),
    );
    return rows.map(({ challan: c, deductions }) => ({
      id: c.id,
      bsrCode: c.bsrCode,
      challanSerial: c.challanSerial,
      depositedOn: c.depositedOn,
      amount: paiseToRupees(c.amountPaise),
      month: c.month,
      financialYear: c.financialYear,
      quarter: c.quarter,
      section: c.section,
      deductions,
      recordedBy: c.recordedBy === null ? null : (names.get(c.recordedBy) ?? null),
      recordedAt: c.recordedAt.toISOString(),
    }));
  }

  /** Live deductions (not cancelled) since a moment, with their month in the business timezone. */
  async function deductionsSince(since: Date | null, until: Date | null) {
    const rows = await db
      .select({
        amountPaise: tdsEntries.amountPaise,
        section: tdsEntries.section,
        deductedAt: tdsEntries.deductedAt,
        challanId: tdsEntries.challanId,
      })
      .from(tdsEntries)
      .where(
        and(
          isNull(tdsEntries.cancelledAt),
          since ? gte(tdsEntries.deductedAt, since) : undefined,
          until ? lt(tdsEntries.deductedAt, until) : undefined,
        ),
      );
    return rows.map((r) => ({ ...r, month: zonedIsoDate(r.deductedAt, tz).slice(0, 7) }));
  }

  /** A financial year month by month: deducted, deposited, due and by when; and its challans. */
  async function months(fy: string): Promise<TdsMonths> {
    const all = monthsOfFinancialYear(fy);
    const today = zonedIsoDate(ctx.now(), tz);
    const rows = await deductionsSince(monthSpan(all[0]!).from, monthSpan(all.at(-1)!).to);
    return {
      financialYear: fy,
      months: all
        .filter((m) => `${m}-01` <= today)
        .map((month) => {
          const inMonth = rows.filter((r) => r.month === month);
          const deducted = inMonth.reduce((s, r) => s + r.amountPaise, 0);
          const undeposited = inMonth.filter((r) => r.challanId === null);
          const due = undeposited.reduce((s, r) => s + r.amountPaise, 0);
          const dueOn = tdsDepositDueDay(month);
          const status =
            deducted === 0 ? 'NONE' : due === 0 ? 'DEPOSITED' : today > dueOn ? 'OVERDUE' : 'DUE';
          return {
            month,
            deducted: paiseToRupees(deducted),
            deposited: paiseToRupees(deducted - due),
            due: paiseToRupees(due),
            dueOn,
            status,
            sectionsDue: [...new Set(undeposited.map((r) => r.section))].sort(),
          };
        }),
      challans: await challans({ fy }),
    };
  }

  /** What the Today page shows: tax deducted and not deposited, its earliest due day, the overdue part. */
  async function dueFigures(): Promise<{ duePaise: number; dueOn: string | null; overduePaise: number }> {
    const today = zonedIsoDate(ctx.now(), tz);
    const open = await db
      .select({ amountPaise: tdsEntries.amountPaise, deductedAt: tdsEntries.deductedAt })
      .from(tdsEntries)
      .where(and(isNull(tdsEntries.cancelledAt), isNull(tdsEntries.challanId)));
    let duePaise = 0;
    let overduePaise = 0;
    let dueOn: string | null = null;
    for (const r of open) {
      const by = tdsDepositDueDay(zonedIsoDate(r.deductedAt, tz).slice(0, 7));
      duePaise += r.amountPaise;
      if (today > by) overduePaise += r.amountPaise;
      if (dueOn === null || by < dueOn) dueOn = by;
    }
    return { duePaise, dueOn, overduePaise };
  }

  return { record, challans, months, dueFigures };
}
