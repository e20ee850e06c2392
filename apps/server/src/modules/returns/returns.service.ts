import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  RETURN_STAGE_LABELS,
  RETURN_TEXT,
  SHIPMENT_STATUS_LABELS,
  chargedPerLine,
  formatInr,
  mayBookPickupAgain,
  maySendBack,
  paiseToRupees,
  returnEligibility,
  returnHuidProblems,
  returnStage,
  returnStatusAfter,
  returnableUnits,
  toPaged,
  type BuyerReturns,
  type Paged,
  type ReturnDecisionBody,
  type ReturnInspectionBody,
  type ReturnRequestBody,
  type ReturnSendBackBody,
  type ReturnsQuery,
  type ReturnView,
  type ShipmentStatus,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { returnEvents, returnRequests } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordChangeIn } from '../audit';
import { findTemplateByName } from '../email-templates';
import {
  DEFAULT_RETURN_TEMPLATES,
  escapeHtml,
  queueEmail,
  renderSubject,
  renderTemplate,
  type ReturnTemplateName,
} from '../mail';
import { lockOrderByIdIn, orderById, type OrderRow } from '../orders';
import { issueRefund, partsTakenIn } from '../payments';
import {
  createShippingService,
  queueReturnPickupAgainIn,
  queueReturnPickupIn,
  queueSendBackIn,
  returnPickupsOf,
  type RefundDeps,
} from '../shipping';
import { trackPageUrl } from '../tracking';
import { returnsPolicyOf } from './returns-policy.service';
import {
  orderIdByNumber,
  ordersForReturns,
  refundsByIds,
  returnLinesOf,
  type ReturnLine,
} from './return-lines.read-model';

type Row = typeof returnRequests.$inferSelect;
type EventRow = typeof returnEvents.$inferSelect;

/** Returns still open: their units are not returnable a second time. */
const OPEN = ['REQUESTED', 'APPROVED'] as const;
const BUYER = 'Buyer';

/**
 * Returns under the operator's window policy (issue 22 item 7c, docs/decisions/0046): the buyer asks
 * from the tracking page, an admin approves (a reverse pickup is queued and booked through the
 * carrier interface) or rejects, the courier's events move the return, and the admin inspects the
 * piece and accepts it (refund through the partial-refund path, credit note, commission reversal,
 * restock if chosen) or refuses it. Every step is one transaction on the locked order, with its
 * timeline entry and its audit record; the refund is asked of the gateway after commit.
 */
export function createReturnsService(ctx: AppContext, deps: RefundDeps) {
  const { db, config } = ctx;
  const shipping = createShippingService(ctx);

  /** Units of each line the buyer may still return, and why not when none. */
  async function eligibilityIn(tx: DbOrTx, orderId: string, lines: ReturnLine[], order: OrderRow) {
    const policy = await returnsPolicyOf(tx);
    const taken = await partsTakenIn(tx, orderId);
    const open = await tx
      .select()
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, [...OPEN])));
    const charged = chargedPerLine(
      lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity })),
      order.couponDiscountPaise,
    );
    const now = ctx.now();
    return lines.map((l, i) => {
      const verdict = returnEligibility(policy, {
        deliveredAt: l.deliveredAt,
        now,
        linePaise: charged[i]!,
        categoryIds: l.categoryIds,
      });
      const units = returnableUnits({
        deliveredUnits: l.deliveredUnits,
        refundedUnits: taken.filter((p) => p.orderItemId === l.id).reduce((s, p) => s + p.units, 0),
        returningUnits: open
          .flatMap((r) => r.lines)
          .filter((x) => x.orderItemId === l.id)
          .reduce((s, x) => s + x.quantity, 0),
      });
      return {
        line: l,
        returnable: verdict.eligible ? units : 0,
        until: verdict.eligible ? verdict.until : null,
        refusal: verdict.eligible ? null : verdict.reason,
        refundedHuids: taken.filter((p) => p.orderItemId === l.id).flatMap((p) => p.huids),
      };
    });
  }

  async function eventIn(tx: Tx, returnId: number, kind: EventRow['kind'], actor: string, note: string) {
    await tx.insert(returnEvents).values({ returnId, kind, actor, note, at: ctx.now() });
  }

  async function mailIn(
    tx: Tx,
    name: ReturnTemplateName,
    order: OrderRow,
    r: Row,
    vars: Record<string, string>,
  ) {
    const lines = await returnLinesOf(tx, order.id);
    const items = `<ul>${r.lines
      .map(
        (l) =>
          `<li>${escapeHtml(lines.find((x) => x.id === l.orderItemId)?.productName ?? '')} × ${l.quantity}</li>`,
      )
      .join('')}</ul>`;
    const variables = {
      customerName: order.customerName,
      orderNumber: order.orderNumber,
      items,
      trackPageLink: trackPageUrl(config, order),
      decisionNote: '',
      refundAmount: '',
      ...vars,
    };
    const template = (await findTemplateByName(tx, name)) ?? DEFAULT_RETURN_TEMPLATES[name];
    await queueEmail(tx, {
      dedupeKey: `${name}:${r.id}`,
      to: order.customerEmail,
      subject: renderSubject(template.subject, variables),
      html: renderTemplate(template.body, variables),
    });
  }

  async function views(rows: Row[]): Promise<ReturnView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const events = await db
      .select()
      .from(returnEvents)
      .where(inArray(returnEvents.returnId, ids))
      .orderBy(asc(returnEvents.at), asc(returnEvents.id));
    const pickups = await returnPickupsOf(
      db,
      rows.flatMap((r) => [r.shipmentId, r.sendBackShipmentId].filter((x): x is number => x !== null)),
    );
    const orderInfo = await ordersForReturns(db, [...new Set(rows.map((r) => r.orderId))]);
    const refunds = await refundsByIds(
      db,
      rows.flatMap((r) => (r.refundId ? [r.refundId] : [])),
    );
    const linesByOrder = new Map<string, ReturnLine[]>();
    for (const orderId of new Set(rows.map((r) => r.orderId)))
      linesByOrder.set(orderId, await returnLinesOf(db, orderId));
    const takenByOrder = new Map<string, Set<string>>();
    for (const orderId of new Set(rows.map((r) => r.orderId)))
      takenByOrder.set(orderId, new Set((await partsTakenIn(db, orderId)).flatMap((p) => p.huids)));
    return rows.map((r) => {
      const pickup = pickups.rows.find((p) => p.id === r.shipmentId) ?? null;
      const back = pickups.rows.find((p) => p.id === r.sendBackShipmentId) ?? null;
      const lines = linesByOrder.get(r.orderId) ?? [];
      const taken = takenByOrder.get(r.orderId)!;
      const refund = r.refundId ? refunds.get(r.refundId) : undefined;
      const timeline = [
        ...events
          .filter((e) => e.returnId === r.id)
          .map((e) => ({ at: e.at, who: e.actor, what: eventLabel(e.kind), note: e.note })),
        ...pickups.events
          .filter((e) => e.shipmentId === r.shipmentId)
          .map((e) => ({
            at: e.at,
            who: pickup?.courierName ?? 'Courier',
            what: `Pickup: ${SHIPMENT_STATUS_LABELS[e.type]}`,
            note: [e.note, e.location].filter(Boolean).join(' · '),
          })),
        ...pickups.events
          .filter((e) => back && e.shipmentId === back.id)
          .map((e) => ({
            at: e.at,
            who: back?.courierName ?? 'Courier',
            what: `Sent back: ${SHIPMENT_STATUS_LABELS[e.type]}`,
            note: [e.note, e.location].filter(Boolean).join(' · '),
          })),
      ]
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .map((e) => ({ ...e, at: e.at.toISOString() }));
      return {
        id: r.id,
        orderNumber: orderInfo.get(r.orderId)?.orderNumber ?? '',
        customerName: orderInfo.get(r.orderId)?.customerName ?? '',
        status: r.status,
        stage: returnStage(r.status, (pickup?.status as ShipmentStatus | undefined) ?? null),
        reason: r.reason,
        photos: r.photos,
        lines: r.lines.map((l) => {
          const line = lines.find((x) => x.id === l.orderItemId);
          return {
            orderItemId: l.orderItemId,
            productName: line?.productName ?? '',
            productSku: line?.productSku ?? '',
            quantity: l.quantity,
          };
        }),
        expectedHuids: r.lines.flatMap(
          (l) =>
            lines
              .find((x) => x.id === l.orderItemId)
              ?.huids.filter((h) => !taken.has(h) || (r.inspectedHuids ?? []).includes(h)) ?? [],
        ),
        decisionNote: r.decisionNote,
        pickup: pickup
          ? {
              shipmentId: pickup.id,
              status: pickup.status,
              awb: pickup.awb,
              courierName: pickup.courierName,
              trackingUrl: pickup.trackingUrl,
              lastBookingError: pickup.lastBookingError,
            }
          : null,
        inspection:
          r.inspectedAt && r.inspectedWeightGrams !== null
            ? {
                huids: r.inspectedHuids ?? [],
                weightGrams: r.inspectedWeightGrams,
                restock: r.restock ?? false,
                note: r.inspectionNote ?? '',
              }
            : null,
        refund:
          r.refundId && refund
            ? { id: r.refundId, amount: paiseToRupees(refund.amountPaise), status: refund.status }
            : null,
        sendBack: back
          ? {
              shipmentId: back.id,
              status: back.status,
              awb: back.awb,
              courierName: back.courierName,
              trackingUrl: back.trackingUrl,
            }
          : null,
        createdAt: r.createdAt.toISOString(),
        timeline,
      };
    });
  }

  async function returnRow(id: number): Promise<Row> {
    const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
    if (!row) throw notFound('Return');
    return row;
  }

  const one = async (id: number) => (await views([await returnRow(id)]))[0]!;

  /** Locks the return's order, then the return (the order lock queues every step of one order). */
  async function lockReturnIn(tx: Tx, id: number) {
    const [found] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id));
    if (!found) throw notFound('Return');
    const order = (await lockOrderByIdIn(tx, found.orderId))!;
    const [r] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
    return { order, r: r! };
  }

  const notAllowed = () => conflict(RETURN_TEXT.notAllowed);

  return {
    /** The buyer's view on /track: returnable lines and their returns with timelines. */
    async buyerView(orderId: string): Promise<BuyerReturns> {
      const lines = await returnLinesOf(db, orderId);
      const order = (await orderById(db, orderId))!;
      const verdicts = await eligibilityIn(db, orderId, lines, order);
      const rows = await db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.orderId, orderId))
        .orderBy(desc(returnRequests.createdAt));
      const returns = await views(rows);
      return {
        lines: verdicts.map((v) => ({
          orderItemId: v.line.id,
          productName: v.line.productName,
          productImage: v.line.productImage,
          returnable: order.paymentStatus === 'CAPTURED' ? v.returnable : 0,
          until: v.until?.toISOString() ?? null,
          refusal: v.refusal,
        })),
        // The buyer sees the steps, not the admins' names.
        returns: returns.map((r) => ({
          id: r.id,
          stage: r.stage,
          lines: r.lines,
          decisionNote: r.decisionNote,
          createdAt: r.createdAt,
          timeline: r.timeline.map((e) => ({ ...e, who: e.who === BUYER ? 'You' : 'Zevar' })),
        })),
      };
    },

    /** The buyer asks for a return (once per form key: a replay answers the same request). */
    async request(orderId: string, body: ReturnRequestBody): Promise<{ id: number; replayed: boolean }> {
      return db.transaction(async (tx) => {
        const order = (await lockOrderByIdIn(tx, orderId))!;
        const [seen] = await tx
          .select()
          .from(returnRequests)
          .where(eq(returnRequests.requestKey, body.requestKey));
        if (seen && seen.orderId !== orderId) throw conflict('This request was sent for another order.');
        if (seen) return { id: seen.id, replayed: true };
        if (order.paymentStatus !== 'CAPTURED') throw conflict(RETURN_TEXT.notEligible);
        const lines = await returnLinesOf(tx, orderId);
        const verdicts = await eligibilityIn(tx, orderId, lines, order);
        const issues: { path: string; message: string }[] = [];
        body.lines.forEach((asked, i) => {
          const v = verdicts.find((x) => x.line.id === asked.orderItemId);
          if (!v || v.refusal)
            issues.push({ path: `lines.${i}.orderItemId`, message: RETURN_TEXT.notEligible });
          else if (asked.quantity > v.returnable)
            issues.push({ path: `lines.${i}.quantity`, message: RETURN_TEXT.tooManyUnits });
        });
        if (issues.length > 0) throw new AppError('VALIDATION', issues[0]!.message, issues);
        const [row] = await tx
          .insert(returnRequests)
          .values({
            orderId,
            lines: body.lines,
            reason: body.reason,
            photos: body.photos,
            requestKey: body.requestKey,
            createdAt: ctx.now(),
            updatedAt: ctx.now(),
          })
          .returning();
        await eventIn(tx, row!.id, 'REQUESTED', BUYER, body.reason);
        return { id: row!.id, replayed: false };
      });
    },

    async list(q: ReturnsQuery): Promise<Paged<ReturnView>> {
      const where = q.status ? eq(returnRequests.status, q.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(returnRequests)
          .where(where)
          .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
          .limit(q.size)
          .offset(q.page * q.size),
        db.select({ n: count() }).from(returnRequests).where(where),
      ]);
      return toPaged(await views(rows), total?.n ?? 0, q);
    },

    async ofOrder(orderNumber: string): Promise<ReturnView[]> {
      const orderId = await orderIdByNumber(db, orderNumber);
      if (!orderId) throw notFound('Order');
      return views(
        await db
          .select()
          .from(returnRequests)
          .where(eq(returnRequests.orderId, orderId))
          .orderBy(desc(returnRequests.createdAt)),
      );
    },

    get: one,

    /**
     * Approve (queues the reverse pickup, mails the buyer) or reject with a reason. The same decision
     * again (a replay) answers the return as it is; a different one is refused.
     */
    async decide(id: number, body: ReturnDecisionBody, user: AuthUser): Promise<ReturnView> {
      const pickupId = await db.transaction(async (tx) => {
        const { order, r } = await lockReturnIn(tx, id);
        const next = returnStatusAfter(r.status, null, body.decision);
        if (!next) {
          if (r.status === (body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED')) return r.shipmentId;
          throw notAllowed();
        }
        const now = ctx.now();
        const shipmentId =
          next === 'APPROVED'
            ? await queueReturnPickupIn(tx, ctx, order, {
                returnId: id,
                lines: r.lines,
                actor: user.username,
              })
            : null;
        await tx
          .update(returnRequests)
          .set({
            status: next,
            decidedBy: user.username,
            decidedAt: now,
            decisionNote: body.note,
            shipmentId,
            updatedAt: now,
          })
          .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'REQUESTED')));
        await eventIn(
          tx,
          id,
          next === 'APPROVED' ? 'APPROVED' : 'REJECTED',
          user.name || user.username,
          body.note,
        );
        if (next === 'APPROVED') await mailIn(tx, 'return-approved', order, r, { decisionNote: body.note });
        await recordChangeIn(tx, {
          action: next === 'APPROVED' ? 'approve' : 'reject',
          entityType: 'return',
          entityId: id,
          before: { status: r.status },
          after: { status: next, note: body.note, pickupShipmentId: shipmentId },
        });
        return shipmentId;
      });
      // The first booking attempt now; an outage leaves it queued for the booking job's retries.
      if (pickupId) await shipping.attemptBooking(pickupId);
      return one(id);
    },

    /**
     * The admin inspects the returned piece once its parcel has reached the shop: ACCEPT refunds the
     * returned units through the partial-refund path (restock as chosen) and mails the buyer; REFUSE
     * records why. A replay of the same outcome answers the return (and asks the gateway again for
     * a refund not yet settled; the refund's claim keeps it to one).
     */
    async inspect(id: number, body: ReturnInspectionBody, user: AuthUser): Promise<ReturnView> {
      const refundId = await db.transaction(async (tx) => {
        const { order, r } = await lockReturnIn(tx, id);
        const target = body.outcome === 'ACCEPT' ? 'ACCEPTED' : 'REFUSED';
        if (r.status === target) return r.refundId;
        const pickup = r.shipmentId ? (await returnPickupsOf(tx, [r.shipmentId])).rows[0] : undefined;
        const next = returnStatusAfter(r.status, pickup?.status ?? null, body.outcome);
        if (!next) throw notAllowed();
        const lines = await returnLinesOf(tx, order.id);
        const taken = new Set((await partsTakenIn(tx, order.id)).flatMap((p) => p.huids));
        const problems = returnHuidProblems(
          r.lines.map((l) => {
            const line = lines.find((x) => x.id === l.orderItemId)!;
            return {
              orderItemId: l.orderItemId,
              name: line.productName,
              quantity: l.quantity,
              candidates: line.huids.filter((h) => !taken.has(h)),
            };
          }),
          body.huids,
        );
        if (next === 'ACCEPTED' && problems.length > 0)
          throw new AppError(
            'VALIDATION',
            RETURN_TEXT.huidsDontMatch,
            problems.map((message) => ({ path: 'huids', message })),
          );
        const now = ctx.now();
        const restock = body.outcome === 'ACCEPT' ? body.restock : false;
        let refund: number | null = null;
        if (next === 'ACCEPTED') {
          refund = await deps.refundPlannedIn(
            tx,
            order,
            {
              lines: r.lines.map((l) => {
                const own = lines.find((x) => x.id === l.orderItemId)?.huids ?? [];
                const found = body.huids.filter((h) => own.includes(h));
                return { ...l, ...(found.length ? { huids: found } : {}) };
              }),
            },
            {
              reason: `Return #${id}: ${r.reason}`.slice(0, 500),
              restock,
              actor: user.username,
              idempotencyKey: `return-${id}`,
              now,
            },
          );
        }
        await tx
          .update(returnRequests)
          .set({
            status: next,
            inspectedBy: user.username,
            inspectedAt: now,
            inspectedHuids: body.huids,
            inspectedWeightGrams: body.weightGrams,
            inspectionNote: body.note,
            restock,
            refundId: refund,
            updatedAt: now,
          })
          .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'APPROVED')));
        const who = user.name || user.username;
        await eventIn(tx, id, next, who, [body.note, `${body.weightGrams} g`].filter(Boolean).join(' · '));
        if (refund !== null) {
          const [amount] = [(await refundsByIds(tx, [refund])).get(refund)!.amountPaise];
          const rupees = formatInr(paiseToRupees(amount));
          await eventIn(tx, id, 'REFUND', who, `${rupees} to the original payment method`);
          await mailIn(tx, 'return-refunded', order, r, { refundAmount: rupees });
        }
        await recordChangeIn(tx, {
          action: next === 'ACCEPTED' ? 'accept' : 'refuse',
          entityType: 'return',
          entityId: id,
          before: { status: r.status },
          after: {
            status: next,
            huids: body.huids,
            weightGrams: body.weightGrams,
            restock,
            refundId: refund,
            note: body.note,
          },
        });
        return refund;
      });
      if (refundId !== null) await issueRefund(ctx, refundId);
      return one(id);
    },

    /**
     * Books the reverse pickup again after it failed (the carrier refused it, or the courier could not
     * collect): queued like the first booking, so the booking job retries it through carrier outages
     * and the carrier's booking is idempotent by its reference. Once per failure: while the pickup is
     * booking or on its way, a repeat answers the return as it is.
     */
    async bookPickupAgain(id: number, user: AuthUser): Promise<ReturnView> {
      const outcome = await db.transaction(async (tx) => {
        const { order, r } = await lockReturnIn(tx, id);
        const pickup = r.shipmentId ? (await returnPickupsOf(tx, [r.shipmentId])).rows[0] : undefined;
        if (!r.shipmentId || !pickup || !mayBookPickupAgain(r.status, pickup.status)) {
          // A repeat of a request already done (the new pickup is booking or booked): nothing to do.
          if (r.status === 'APPROVED' && pickup) return null;
          throw notAllowed();
        }
        const again = await queueReturnPickupAgainIn(tx, ctx, order, {
          returnId: id,
          shipmentId: r.shipmentId,
          lines: r.lines,
          actor: user.username,
        });
        await tx
          .update(returnRequests)
          .set({ shipmentId: again.shipmentId, updatedAt: ctx.now() })
          .where(eq(returnRequests.id, id));
        await eventIn(
          tx,
          id,
          'PICKUP_AGAIN',
          user.name || user.username,
          again.failedAwb
            ? `The previous pickup (AWB ${again.failedAwb}) failed`
            : (pickup.lastBookingError ?? ''),
        );
        await recordChangeIn(tx, {
          action: 'book-pickup-again',
          entityType: 'return',
          entityId: id,
          before: { pickupShipmentId: r.shipmentId, pickupStatus: pickup.status },
          after: { pickupShipmentId: again.shipmentId },
        });
        return again;
      });
      if (outcome?.cancelAtCarrier)
        await ctx.carrier
          .cancel(outcome.cancelAtCarrier)
          .catch((err: unknown) =>
            ctx.log.warn({ err, returnId: id }, 'the failed pickup could not be cancelled at the carrier'),
          );
      if (outcome) await shipping.attemptBooking(outcome.shipmentId);
      return one(id);
    },

    /**
     * Sends a piece refused at inspection back to the buyer: a forward parcel of the returned units
     * (packed at the shop: seal, weight, the pieces' HUIDs), booked through the carrier like any forward
     * parcel, followed by the buyer on /track. No refund. Once: a repeat answers the return.
     */
    async sendBack(id: number, body: ReturnSendBackBody, user: AuthUser): Promise<ReturnView> {
      const shipmentId = await db.transaction(async (tx) => {
        const { order, r } = await lockReturnIn(tx, id);
        if (r.status === 'REFUSED' && r.sendBackShipmentId !== null) return null;
        if (!maySendBack(r.status, r.sendBackShipmentId !== null)) throw notAllowed();
        const lines = await returnLinesOf(tx, order.id);
        const taken = new Set((await partsTakenIn(tx, order.id)).flatMap((p) => p.huids));
        const problems = returnHuidProblems(
          r.lines.map((l) => {
            const line = lines.find((x) => x.id === l.orderItemId)!;
            return {
              orderItemId: l.orderItemId,
              name: line.productName,
              quantity: l.quantity,
              candidates: line.huids.filter((h) => !taken.has(h)),
            };
          }),
          body.huids,
        );
        if (problems.length > 0)
          throw new AppError(
            'VALIDATION',
            RETURN_TEXT.huidsDontMatch,
            problems.map((message) => ({ path: 'huids', message })),
          );
        const parcel = await queueSendBackIn(tx, ctx, order, {
          returnId: id,
          pickupShipmentId: r.shipmentId,
          lines: r.lines,
          huids: body.huids,
          sealNumber: body.sealNumber,
          packedWeightGrams: body.packedWeightGrams,
          actor: { id: user.id, username: user.username },
        });
        await tx
          .update(returnRequests)
          .set({ sendBackShipmentId: parcel, updatedAt: ctx.now() })
          .where(eq(returnRequests.id, id));
        await eventIn(
          tx,
          id,
          'SENT_BACK',
          user.name || user.username,
          `Seal ${body.sealNumber} · ${body.packedWeightGrams} g`,
        );
        await recordChangeIn(tx, {
          action: 'send-back',
          entityType: 'return',
          entityId: id,
          before: { status: r.status, sendBackShipmentId: null },
          after: {
            sendBackShipmentId: parcel,
            huids: body.huids,
            sealNumber: body.sealNumber,
            packedWeightGrams: body.packedWeightGrams,
          },
        });
        return parcel;
      });
      if (shipmentId !== null) await shipping.attemptBooking(shipmentId);
      return one(id);
    },
  };
}

function eventLabel(kind: EventRow['kind']): string {
  switch (kind) {
    case 'REQUESTED':
      return 'Return requested';
    case 'APPROVED':
      return 'Approved, pickup booked';
    case 'REJECTED':
      return RETURN_STAGE_LABELS.REJECTED;
    case 'PICKUP':
      return 'Pickup';
    case 'ACCEPTED':
      return 'Inspected and accepted';
    case 'REFUSED':
      return RETURN_STAGE_LABELS.REFUSED;
    case 'REFUND':
      return 'Refund issued';
    case 'PICKUP_AGAIN':
      return RETURN_TEXT.pickupBookedAgain;
    case 'SENT_BACK':
      return RETURN_TEXT.sentBack;
  }
}
