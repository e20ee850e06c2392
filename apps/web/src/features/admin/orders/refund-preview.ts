import {
  chargedPerLine,
  planPartRefund,
  rupeesToPaise,
  type AdminOrderDetail,
  type RefundAsk,
  type RefundOrderState,
} from '@zevar/domain';

/**
 * The order as the server plans refunds (docs/decisions/0039), from its detail: what each line charged
 * after its coupon share, and what earlier refunds took. Commission plays no part in the amount, so the
 * preview's amount is the one the server will refund.
 */
export function refundStateOf(order: AdminOrderDetail): RefundOrderState {
  const parts = (order.refunds?.refunds ?? []).flatMap((r) => r.lines);
  const taken = (id: number | null) =>
    parts.filter((p) => p.orderItemId === id).reduce((s, p) => s + rupeesToPaise(p.amount), 0);
  const units = (id: number) => order.refunds?.refundedUnits.find((u) => u.orderItemId === id)?.units ?? 0;
  const charged = chargedPerLine(
    order.orderItems.map((i) => ({ unitPricePaise: rupeesToPaise(i.priceAtTime), quantity: i.quantity })),
    rupeesToPaise(order.couponDiscount),
  );
  const chargedSum = charged.reduce((s, c) => s + c, 0);
  return {
    lines: order.orderItems.map((i, n) => ({
      orderItemId: i.id ?? -1,
      quantity: i.quantity,
      chargedPaise: charged[n] ?? 0,
      commissionPaise: 0,
      refundedUnits: units(i.id ?? -1),
      refundedPaise: taken(i.id ?? -1),
      reversedCommissionPaise: 0,
    })),
    extraPaise: Math.max(0, rupeesToPaise(order.finalAmount) - chargedSum),
    extraRefundedPaise: taken(null),
  };
}

/** The amount (paise) a refund would take, or the reason it would be refused. */
export function previewRefund(order: AdminOrderDetail, ask: RefundAsk) {
  return planPartRefund(refundStateOf(order), ask);
}
