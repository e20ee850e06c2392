import { z } from 'zod';
import { huidListSchema } from './jewellery-price';
import { safeString } from './primitives';
import { inspectionWeightSchema as weightSchema } from './rto-inspection';
import { RETURN_REFUSALS, type ReturnRefusal } from './returns-policy';
import type { ShipmentStatus } from './shipments';

/**
 * Returns and returned-to-origin parcels (issue 22 item 7 b and c, docs/decisions/0046).
 *
 * A return request is REQUESTED by the buyer (tracking page), then APPROVED (a reverse pickup is
 * booked) or REJECTED by an admin; once the return parcel has reached the shop (its RETURN shipment
 * DELIVERED) the admin inspects it and ACCEPTS it (refund, credit note, commission reversal,
 * restock if chosen) or REFUSES it. The stored status moves only through `returnStatusAfter`; the
 * carrier's part of the journey is the return shipment's own status (`returnStage`).
 */
export const RETURN_STATUSES = ['REQUESTED', 'APPROVED', 'REJECTED', 'ACCEPTED', 'REFUSED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_ACTIONS = ['APPROVE', 'REJECT', 'ACCEPT', 'REFUSE'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** What the buyer and the admin see: the stored status with the pickup's progress in between. */
export const RETURN_STAGES = [
  'REQUESTED',
  'REJECTED',
  'PICKUP_BOOKING',
  'PICKUP_BOOKED',
  'ON_ITS_WAY',
  'PICKUP_FAILED',
  'RECEIVED',
  'ACCEPTED',
  'REFUSED',
] as const;
export type ReturnStage = (typeof RETURN_STAGES)[number];

export const RETURN_STAGE_LABELS: Record<ReturnStage, string> = {
  REQUESTED: 'Requested',
  REJECTED: 'Rejected',
  PICKUP_BOOKING: 'Pickup being booked',
  PICKUP_BOOKED: 'Pickup booked',
  ON_ITS_WAY: 'On its way back',
  PICKUP_FAILED: 'Pickup failed',
  RECEIVED: 'Received, to inspect',
  ACCEPTED: 'Accepted and refunded',
  REFUSED: 'Refused after inspection',
};

/** Where a return stands, from its stored status and its return shipment's status (null before approval). */
export function returnStage(status: ReturnStatus, pickup: ShipmentStatus | null): ReturnStage {
  if (status !== 'APPROVED') return status;
  switch (pickup) {
    case null:
    case 'BOOKING':
      return 'PICKUP_BOOKING';
    case 'BOOKED':
      return 'PICKUP_BOOKED';
    case 'PICKED_UP':
    case 'IN_TRANSIT':
    case 'OUT_FOR_DELIVERY':
      return 'ON_ITS_WAY';
    case 'DELIVERED':
      return 'RECEIVED';
    // A reverse pickup is queued BOOKING: PACKED means the carrier refused the booking.
    case 'PACKED':
    case 'DELIVERY_FAILED':
    case 'RETURNED_TO_ORIGIN':
    case 'CANCELLED':
      return 'PICKUP_FAILED';
  }
}

/**
 * Whether an admin may book the reverse pickup again: an approved return whose pickup failed (the
 * carrier refused the booking, the courier could not collect, or the parcel went back to the buyer).
 */
export function mayBookPickupAgain(status: ReturnStatus, pickup: ShipmentStatus | null): boolean {
  return status === 'APPROVED' && pickup !== null && returnStage(status, pickup) === 'PICKUP_FAILED';
}

/** Whether a refused piece may be sent back to the buyer (once). */
export function maySendBack(status: ReturnStatus, sentBack: boolean): boolean {
  return status === 'REFUSED' && !sentBack;
}

/**
 * The status an action leads to, or null when it is not allowed now: approve or reject a request;
 * accept or refuse only an approved return whose parcel has reached the shop (an admin never
 * inspects a piece the courier has not delivered).
 */
export function returnStatusAfter(
  status: ReturnStatus,
  pickup: ShipmentStatus | null,
  action: ReturnAction,
): ReturnStatus | null {
  if (action === 'APPROVE') return status === 'REQUESTED' ? 'APPROVED' : null;
  if (action === 'REJECT') return status === 'REQUESTED' ? 'REJECTED' : null;
  if (status !== 'APPROVED' || pickup !== 'DELIVERED') return null;
  return action === 'ACCEPT' ? 'ACCEPTED' : 'REFUSED';
}

/** Units of a line the buyer may still ask to return: delivered, less refunded, less in open returns. */
export function returnableUnits(line: {
  deliveredUnits: number;
  refundedUnits: number;
  returningUnits: number;
}) {
  return Math.max(0, line.deliveredUnits - line.refundedUnits - line.returningUnits);
}

/**
 * The HUIDs found in a returned parcel against the returned lines: each must be one of a returned
 * line's pieces not refunded before (`candidates`), and a hallmarked line needs as many as units.
 */
export function returnHuidProblems(
  lines: ReadonlyArray<{
    orderItemId: number;
    name: string;
    quantity: number;
    candidates: readonly string[];
  }>,
  found: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const h of found)
    if (!lines.some((l) => l.candidates.includes(h)))
      problems.push(`HUID ${h} is not one of the pieces returned`);
  for (const l of lines) {
    if (l.candidates.length === 0) continue;
    const n = found.filter((h) => l.candidates.includes(h)).length;
    if (n !== l.quantity) problems.push(`${l.name}: ${l.quantity} HUID(s) expected, ${n} found`);
  }
  return problems;
}

export const RETURN_TEXT = {
  adminTitle: 'Returns',
  empty: 'No return requests',
  requestTitle: 'Return an item',
  requestIntro: 'Choose the pieces to send back and tell us why.',
  reasonLabel: 'Reason for the return',
  photosLabel: 'Photos of the piece (up to 5)',
  unitsLabel: 'Units to return',
  submit: 'Ask for a return',
  submitted: 'Your return request has been sent. We will email you once it is reviewed.',
  noneEligible: 'No item of this order can be returned under the returns policy.',
  yourReturns: 'Your returns',
  approve: 'Approve and book pickup',
  reject: 'Reject',
  inspect: 'Inspect returned piece',
  accept: 'Accept and refund',
  refuse: 'Refuse',
  restock: 'Put the pieces back in stock',
  notAllowed: 'This return cannot take that step now.',
  huidsDontMatch: 'The HUIDs found do not match the pieces expected.',
  notEligible: 'This item cannot be returned under the returns policy.',
  tooManyUnits: 'More units than delivered and not yet returned.',
  rtoTitle: 'Inspect returned parcel',
  rtoNotReturned: 'Only a parcel returned to origin can be inspected.',
  rtoInspected: 'This parcel has been inspected already.',
  rtoNoteRequired: 'Say what was wrong with the parcel.',
  bookPickupAgain: 'Book the pickup again',
  pickupBookedAgain: 'Pickup booked again',
  sendBack: 'Send back to buyer',
  sentBack: 'Sent back to the buyer',
  sendBackIntro: 'Pack the refused piece for the buyer: no refund is made.',
  sealLabel: 'Seal number',
  packedWeightLabel: 'Packed weight (grams)',
} as const;

export const RETURN_REFUSAL_TEXT: Record<ReturnRefusal, string> = {
  NO_RETURNS: 'The shop does not take returns.',
  NOT_DELIVERED: 'Not delivered yet.',
  WINDOW_CLOSED: 'The return window has closed.',
  ABOVE_CAP: 'Above the value the shop takes back.',
  EXCLUDED: 'This category cannot be returned.',
};

const keySchema = safeString().trim().min(8).max(100);
const noteSchema = safeString().trim().max(1000);

/** The buyer's request, from the tracking page (with the tracking token). */
export const returnRequestBody = z.object({
  lines: z
    .array(
      z.object({ orderItemId: z.number().int().positive(), quantity: z.number().int().min(1).max(1000) }),
    )
    .min(1, 'Choose at least one item')
    .max(100)
    .refine((l) => new Set(l.map((x) => x.orderItemId)).size === l.length, 'An item is listed twice'),
  reason: safeString().trim().min(10, 'Please tell us a little more (10 characters at least)').max(1000),
  /** Names answered by POST /api/image/review-uploads (checked and re-encoded there). */
  photos: z
    .array(safeString().regex(/^[a-f0-9]{32}\.webp$/, 'Not an uploaded photo'))
    .max(5)
    .default([]),
  /** One per form: a replayed submit answers the request it made. */
  requestKey: keySchema,
});
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

export const returnDecisionBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('APPROVE'), note: noteSchema.default('') }),
  z.object({ decision: z.literal('REJECT'), note: noteSchema.min(3, 'Give the buyer a reason') }),
]);
export type ReturnDecisionBody = z.infer<typeof returnDecisionBody>;

export const returnInspectionBody = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('ACCEPT'),
    huids: huidListSchema.default([]),
    weightGrams: weightSchema,
    restock: z.boolean(),
    note: noteSchema.default(''),
  }),
  z.object({
    outcome: z.literal('REFUSE'),
    huids: huidListSchema.default([]),
    weightGrams: weightSchema,
    note: noteSchema.min(3, 'Say why the return is refused'),
  }),
]);
export type ReturnInspectionBody = z.infer<typeof returnInspectionBody>;

/** A refused piece packed to go back to the buyer (a forward parcel, no refund). */
export const returnSendBackBody = z.object({
  huids: huidListSchema.default([]),
  sealNumber: safeString().trim().min(1, 'Enter the seal number').max(60),
  packedWeightGrams: weightSchema,
});
export type ReturnSendBackBody = z.infer<typeof returnSendBackBody>;

export const RETURN_EVENT_KINDS = [
  'REQUESTED',
  'APPROVED',
  'REJECTED',
  'PICKUP',
  'ACCEPTED',
  'REFUSED',
  'REFUND',
  'PICKUP_AGAIN',
  'SENT_BACK',
] as const;

export const returnTimelineEntrySchema = z.object({
  at: safeString(),
  /** A person (admin name), 'Buyer' or the courier. */
  who: safeString(),
  what: safeString(),
  note: safeString(),
});

export const returnLineSchema = z.object({
  orderItemId: z.number().int(),
  productName: safeString(),
  productSku: safeString(),
  quantity: z.number().int(),
});

/** A return as the admin sees it. */
export const returnViewSchema = z.object({
  id: z.number().int(),
  orderNumber: safeString(),
  customerName: safeString(),
  status: z.enum(RETURN_STATUSES),
  stage: z.enum(RETURN_STAGES),
  reason: safeString(),
  photos: z.array(safeString()),
  lines: z.array(returnLineSchema),
  /** HUIDs of the delivered pieces on the returned lines not yet returned (what inspection expects). */
  expectedHuids: z.array(safeString()),
  decisionNote: safeString().nullable(),
  pickup: z
    .object({
      shipmentId: z.number().int(),
      status: safeString(),
      awb: safeString().nullable(),
      courierName: safeString().nullable(),
      trackingUrl: safeString().nullable(),
      lastBookingError: safeString().nullable(),
    })
    .nullable(),
  inspection: z
    .object({
      huids: z.array(safeString()),
      weightGrams: z.number().int(),
      restock: z.boolean(),
      note: safeString(),
    })
    .nullable(),
  refund: z.object({ id: z.number().int(), amount: z.number(), status: safeString() }).nullable(),
  /** The refused piece's parcel back to the buyer, once sent. */
  sendBack: z
    .object({
      shipmentId: z.number().int(),
      status: safeString(),
      awb: safeString().nullable(),
      courierName: safeString().nullable(),
      trackingUrl: safeString().nullable(),
    })
    .nullable(),
  createdAt: safeString(),
  timeline: z.array(returnTimelineEntrySchema),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

export const returnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReturnsQuery = z.infer<typeof returnsQuerySchema>;

/** What the buyer sees on /track: which lines may be returned now, and their returns so far. */
export const buyerReturnsSchema = z.object({
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      productName: safeString(),
      productImage: safeString().nullable(),
      returnable: z.number().int(),
      until: safeString().nullable(),
      refusal: z.enum(RETURN_REFUSALS).nullable(),
    }),
  ),
  returns: z.array(
    z.object({
      id: z.number().int(),
      stage: z.enum(RETURN_STAGES),
      lines: z.array(returnLineSchema),
      decisionNote: safeString().nullable(),
      createdAt: safeString(),
      timeline: z.array(returnTimelineEntrySchema),
    }),
  ),
});
export type BuyerReturns = z.infer<typeof buyerReturnsSchema>;
