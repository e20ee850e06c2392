import { formatZonedDate } from '@zevar/domain';

/**
 * The one bank-change rule (issue 20 item 5, issue 24 item 3): a vendor's replaced bank account
 * holds payouts until an admin confirms it and the cooling-off period after the change has passed.
 */
export type PayoutRules = {
  now: Date;
  timeZone: string;
  coolingOffHours: number;
};

/** The rules as the app is configured: pass `payoutRulesOf(ctx)` to `payeeFor` and `bankHold`. */
export function payoutRulesOf(ctx: {
  now: () => Date;
  config: { BUSINESS_TIMEZONE: string; BANK_CHANGE_COOLING_OFF_HOURS: number };
}): PayoutRules {
  return {
    now: ctx.now(),
    timeZone: ctx.config.BUSINESS_TIMEZONE,
    coolingOffHours: ctx.config.BANK_CHANGE_COOLING_OFF_HOURS,
  };
}

export type BankChangeState = { bankChangedAt: Date | null; bankConfirmedAt: Date | null };

/** Whether an admin confirmed the vendor's account since it last changed. */
export function bankConfirmed(vendor: BankChangeState): boolean {
  return (
    !vendor.bankChangedAt ||
    (vendor.bankConfirmedAt !== null && vendor.bankConfirmedAt.getTime() >= vendor.bankChangedAt.getTime())
  );
}

/** Why a payout must wait for the vendor's changed bank account, or null. */
export function bankHold(vendor: BankChangeState, rules: PayoutRules): string | null {
  const changed = vendor.bankChangedAt;
  if (!changed) return null;
  const on = formatZonedDate(changed, rules.timeZone, 'dateTime');
  if (!bankConfirmed(vendor)) {
    return `Bank account changed on ${on}: an admin must confirm it before a payout`;
  }
  const until = changed.getTime() + rules.coolingOffHours * 3_600_000;
  if (rules.now.getTime() < until) {
    return `Bank account changed on ${on}: payouts wait until ${formatZonedDate(new Date(until), rules.timeZone, 'dateTime')}`;
  }
  return null;
}
