import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { COUPON_TEXT, adminCouponSchema, type AdminCoupon as Coupon } from '@zevar/domain';
import { staleCurrent } from '../../../lib/stale-edit';
import { ApiError } from '../../../lib/api';
import { PageSpinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { formatDateTime, formatInr } from '../../../lib/format';
import { serverMessageOr } from '../../../lib/error-text';
import { useKeptOnSessionEnd } from '../../../lib/session-restore';
import { CouponForm } from './CouponForm';
import { AuditHistory } from '../../../components/audit/AuditHistory';
import { COUPON_MSG, couponsApi, toCouponInput, type CouponFormValues } from './coupons-api';

const KEY = ['admin-coupons'] as const;
/** `stale`: the last save was refused because someone else saved first; `coupon` holds their values. */
type Mode = { kind: 'list' } | { kind: 'form'; coupon: Coupon | null; stale?: boolean };

function CouponCard({
  coupon,
  onEdit,
  onDelete,
}: {
  coupon: Coupon;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const expired = new Date(coupon.expiryDate).getTime() < Date.now();
  const facts: Array<[string, string]> = [
    ['Type', coupon.type],
    ['Discount', formatInr(coupon.discount)],
    ['Quantity', String(coupon.quantity)],
    ['Min. Total', formatInr(coupon.minimumTotalPrice)],
    ['Expires', formatDateTime(coupon.expiryDate)],
  ];
  return (
    <li className="card flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="font-mono text-lg font-bold break-all text-gold-800">{coupon.code}</p>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${expired ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800'}`}
        >
          {expired ? 'Expired' : 'Active'}
        </span>
      </div>
      {coupon.description && <p className="text-sm text-taupe">{coupon.description}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="break-words text-taupe">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex gap-2">
        <button
          type="button"
          className="btn-outline flex-1"
          onClick={onEdit}
          aria-label={`Edit ${coupon.code}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn-danger flex-1"
          onClick={onDelete}
          aria-label={`Delete ${coupon.code}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** Coupon manager: every coupon (expired ones too) as a card, with create, edit and delete. */
export default function CouponsSection() {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const coupons = useQuery({ queryKey: KEY, queryFn: couponsApi.list });
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  // An expired session keeps the open coupon form (the form keeps its draft).
  useKeptOnSessionEnd('coupons.mode', mode.kind === 'form' ? mode : undefined, setMode);

  useEffect(() => {
    if (coupons.isError) void dialog.error('Error', COUPON_MSG.loadFailed);
  }, [coupons.isError, dialog]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: KEY });

  const send = (coupon: Coupon | null, values: CouponFormValues, confirmLargeDiscount: boolean) => {
    const body = { ...toCouponInput(values), confirmLargeDiscount };
    return coupon ? couponsApi.update(coupon.id, body, coupon.version) : couponsApi.create(body);
  };

  /** A discount above the configured share of the minimum order asks once, then saves confirmed. */
  const sendConfirmingLarge = async (coupon: Coupon | null, values: CouponFormValues) => {
    try {
      await send(coupon, values, false);
      return true;
    } catch (err) {
      const large = err instanceof ApiError && err.issues.find((i) => i.path === 'confirmLargeDiscount');
      if (!large) throw err;
      const yes = await dialog.confirm(COUPON_TEXT.confirmTitle, large.message, {
        confirmLabel: COUPON_TEXT.confirmButton,
      });
      if (!yes) return false;
      await send(coupon, values, true);
      return true;
    }
  };

  const save = (coupon: Coupon | null) => async (values: CouponFormValues) => {
    try {
      if (!(await sendConfirmingLarge(coupon, values))) return;
      reload();
      setMode({ kind: 'list' });
      void dialog.success('Success', coupon ? COUPON_MSG.updated : COUPON_MSG.created);
    } catch (err) {
      const newer = staleCurrent(err, adminCouponSchema);
      if (newer) {
        reload();
        return setMode({ kind: 'form', coupon: newer, stale: true });
      }
      const failed = coupon ? COUPON_MSG.updateFailed : COUPON_MSG.createFailed;
      const reason = serverMessageOr(err, '');
      void dialog.error('Error', reason ? `${failed}\n${reason}` : failed);
    }
  };

  const remove = async (coupon: Coupon) => {
    if (!(await dialog.confirm('Confirm Delete', COUPON_MSG.confirmDelete(coupon.code)))) return;
    try {
      await couponsApi.remove(coupon.id);
      reload();
      void dialog.success('Success', COUPON_MSG.deleted);
    } catch {
      void dialog.error('Error', COUPON_MSG.deleteFailed);
    }
  };

  if (mode.kind === 'form') {
    return (
      <div className="space-y-4">
        <CouponForm
          key={mode.coupon ? `${mode.coupon.id}@${mode.coupon.version}` : 'new'}
          coupon={mode.coupon}
          stale={mode.stale}
          onSave={save(mode.coupon)}
          onCancel={() => setMode({ kind: 'list' })}
        />
        {mode.coupon && (
          <div className="card p-4">
            <AuditHistory entityType="coupon" entityId={mode.coupon.id} />
          </div>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="coupons-title" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="coupons-title" className="text-2xl font-semibold">
          Coupons
        </h2>
        <button type="button" className="btn-primary" onClick={() => setMode({ kind: 'form', coupon: null })}>
          New Coupon
        </button>
      </div>
      {coupons.isPending && <PageSpinner label="Loading coupons..." />}
      {coupons.data?.length === 0 && <p className="card p-6 text-center text-taupe">No coupons yet</p>}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {coupons.data?.map((c) => (
          <CouponCard
            key={c.id}
            coupon={c}
            onEdit={() => setMode({ kind: 'form', coupon: c })}
            onDelete={() => void remove(c)}
          />
        ))}
      </ul>
    </section>
  );
}
