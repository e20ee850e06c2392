import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { COUPON_TYPES, type Coupon } from '@zevar/domain';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { SelectField, TextAreaField, TextField } from '../../../components/FormFields';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { useSessionDraft } from '../../../lib/session-restore';
import { couponFormSchema, toLocalInput, type CouponFormValues } from './coupons-api';

export interface CouponFormProps {
  coupon: Coupon | null;
  onSave: (values: CouponFormValues) => Promise<void>;
  onCancel: () => void;
  /** Today; a new coupon's expiry defaults to 30 days after it. */
  now?: Date;
  /** The last save was refused: someone else changed the coupon, whose newer values the form holds. */
  stale?: boolean;
}

/** A new coupon runs for 30 days unless the admin changes it (an expiry of "now" is dead on save). */
const NEW_COUPON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function defaults(coupon: Coupon | null, now: Date): CouponFormValues {
  if (!coupon) {
    return {
      code: '',
      type: 'APPLY_WITH_QUANTITY',
      discount: 0,
      quantity: 1,
      minimumTotalPrice: 0,
      expiryDate: toLocalInput(new Date(now.getTime() + NEW_COUPON_DAYS * DAY_MS)),
      description: '',
    };
  }
  return {
    code: coupon.code,
    type: coupon.type,
    discount: coupon.discount,
    quantity: coupon.quantity,
    minimumTotalPrice: coupon.minimumTotalPrice,
    expiryDate: toLocalInput(new Date(coupon.expiryDate)),
    description: coupon.description,
  };
}

/** 'Create Coupon' / 'Edit Coupon'; Save stays disabled while the form is invalid. */
export function CouponForm({ coupon, onSave, onCancel, now = new Date(), stale = false }: CouponFormProps) {
  const form = useForm<CouponFormValues>({
    resolver: zodResolver(couponFormSchema),
    mode: 'onChange',
    defaultValues: defaults(coupon, now),
  });
  const { register, handleSubmit, formState } = form;
  // Unsaved edits survive an expired session.
  useSessionDraft(coupon ? `coupon-edit:${coupon.id}` : 'coupon-add', form);
  const { errors, isValid, isSubmitting } = formState;
  // A successful save unmounts the form; a failed one keeps it dirty and guarded.
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty);
  const number = { valueAsNumber: true } as const;
  return (
    <form
      noValidate
      aria-labelledby="coupon-form-title"
      className="card space-y-4 p-4 sm:p-6"
      onSubmit={(event) => void handleSubmit(onSave)(event)}
    >
      <h2 id="coupon-form-title" className="text-2xl font-semibold">
        {coupon ? 'Edit Coupon' : 'Create Coupon'}
      </h2>
      <StaleEditNotice show={stale} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Code"
          required
          autoCapitalize="characters"
          error={errors.code?.message}
          {...register('code')}
        />
        <SelectField label="Type" options={COUPON_TYPES} error={errors.type?.message} {...register('type')} />
        <TextField
          label="Discount (₹)"
          type="number"
          min={0}
          step="0.01"
          required
          error={errors.discount?.message}
          {...register('discount', number)}
        />
        <TextField
          label="Quantity"
          type="number"
          min={1}
          step="1"
          required
          hint="Minimum number of items in the order"
          error={errors.quantity?.message}
          {...register('quantity', number)}
        />
        <TextField
          label="Minimum Total Price (₹)"
          type="number"
          min={0}
          step="0.01"
          required
          error={errors.minimumTotalPrice?.message}
          {...register('minimumTotalPrice', number)}
        />
        <TextField
          label="Expiry Date"
          type="datetime-local"
          required
          error={errors.expiryDate?.message}
          {...register('expiryDate')}
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={() => void confirmDiscard().then((discard) => discard && onCancel())}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
