/** Who asks for the refund of a second capture of a paid order (not an order refund: see settleRefund). */
export const DUPLICATE_PAYMENT = 'system:duplicate-payment';
