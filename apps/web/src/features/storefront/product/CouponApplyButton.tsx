import type { Coupon } from '@zevar/domain';

/** Apply or Remove next to an offer; disabled while a check is pending or nothing can be bought. */
export function CouponApplyButton(props: {
  coupon: Coupon;
  applied: boolean;
  pending: boolean;
  disabled: boolean;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { coupon, applied } = props;
  return (
    <button
      type="button"
      className={`${applied ? 'btn-outline' : 'btn-gold'} w-20 shrink-0 self-center px-2 py-1 text-xs`}
      disabled={props.pending || (!applied && props.disabled)}
      aria-pressed={applied}
      aria-label={applied ? `Remove coupon ${coupon.code}` : `Apply coupon ${coupon.code}`}
      onClick={applied ? props.onRemove : props.onApply}
    >
      {props.pending ? 'Applying...' : applied ? 'Remove' : 'Apply'}
    </button>
  );
}
