import type { Coupon } from '@zevar/domain';

/**
 * Apply or Remove next to an offer; disabled while a check is pending or nothing can be bought. Its
 * name is what it shows and the coupon's code ('Apply coupon GOLD250'), so a voice command or a
 * screen reader finds it by the word on it.
 */
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
      onClick={applied ? props.onRemove : props.onApply}
    >
      {props.pending ? 'Applying...' : applied ? 'Remove' : 'Apply'}{' '}
      <span className="sr-only">coupon {coupon.code}</span>
    </button>
  );
}
