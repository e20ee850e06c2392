import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stockAdjustmentInputSchema, type CatalogueProduct as Product } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextAreaField, TextField } from '../../../components/FormFields';
import { isApiError } from '../../../lib/api';
import { productsApi } from '../../../lib/catalogue-api';
import { formatDateTime } from '../../../lib/format';
import { huidList } from './product-form-model';

type Errors = Partial<Record<'change' | 'reason' | 'huids' | 'form', string>>;

/**
 * Stock changes only here (or by sales): pieces in or out with a reason, recorded with who and when.
 * A hallmarked product's pieces come in or go out by HUID.
 */
export function StockDialog({
  product,
  onClose,
  onAdjusted,
}: {
  product: Product;
  onClose: () => void;
  onAdjusted: () => void;
}) {
  const titleId = useId();
  const qc = useQueryClient();
  const key = ['admin', 'products', product.id, 'stock'] as const;
  const current = useQuery({ queryKey: [...key, 'product'], queryFn: () => productsApi.get(product.id) });
  const history = useQuery({ queryKey: key, queryFn: () => productsApi.adjustments(product.id) });
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const [huids, setHuids] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const adjust = useMutation({
    mutationFn: (body: Parameters<typeof productsApi.adjustStock>[1]) =>
      productsApi.adjustStock(product.id, body),
  });
  const hallmarked = current.data?.hallmarked ?? product.hallmarked;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = stockAdjustmentInputSchema.safeParse({
      change: change.trim() === '' ? Number.NaN : Number(change),
      reason,
      huids: hallmarked ? huidList(huids) : [],
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as keyof Errors;
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    try {
      await adjust.mutateAsync(parsed.data);
    } catch (err) {
      const next: Errors = {};
      if (isApiError(err))
        for (const issue of err.issues) next[(issue.path || 'form') as keyof Errors] ??= issue.message;
      if (Object.keys(next).length === 0)
        next.form = err instanceof Error ? err.message : 'Failed to adjust stock';
      return setErrors(next);
    }
    setErrors({});
    setChange('');
    setReason('');
    setHuids('');
    await qc.invalidateQueries({ queryKey: key });
    onAdjusted();
  };

  const stock = current.data?.stock ?? product.stock;
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-2xl!">
      <h2 id={titleId} className="text-xl font-semibold">
        Stock of {product.name}
      </h2>
      <p className="mt-1 text-sm text-taupe">
        In stock now: <strong data-testid="stock-now">{stock}</strong>. Stock changes only by an adjustment
        with a reason, or by sales.
      </p>
      <form className="mt-4 grid gap-3 md:grid-cols-[8rem_1fr]" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id={`stock-change-${product.id}`}
          label="Pieces in (+) or out (−)"
          type="number"
          step={1}
          required
          value={change}
          error={errors.change}
          onChange={(e) => setChange(e.target.value)}
        />
        <TextField
          id={`stock-reason-${product.id}`}
          label="Reason"
          placeholder="Received from the workshop"
          required
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {hallmarked && (
          <TextAreaField
            id={`stock-huids-${product.id}`}
            className="md:col-span-2"
            label="HUIDs of the pieces that come in or go out"
            rows={2}
            placeholder="AB12C3 ZX98Y7"
            value={huids}
            error={errors.huids}
            onChange={(e) => setHuids(e.target.value)}
          />
        )}
        {errors.form && (
          <p role="alert" className="text-sm text-red-700 md:col-span-2">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2 md:col-span-2">
          <button type="button" className="btn-outline" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="btn-primary" disabled={adjust.isPending}>
            Adjust Stock
          </button>
        </div>
      </form>
      <h3 className="mt-6 font-semibold">Adjustments</h3>
      {history.data && history.data.length === 0 ? (
        <p className="text-sm text-taupe">No adjustments yet</p>
      ) : (
        <ul className="mt-2 max-h-60 divide-y divide-sand overflow-auto text-sm">
          {history.data?.map((a) => (
            <li key={a.id} className="py-2">
              <span className={a.change > 0 ? 'font-semibold text-green-800' : 'font-semibold text-red-700'}>
                {a.change > 0 ? `+${a.change}` : a.change}
              </span>{' '}
              → {a.stockAfter} · {a.reason}
              {a.huids.length > 0 && <span className="text-taupe"> · {a.huids.join(', ')}</span>}
              <div className="text-xs text-taupe">
                {a.adjustedBy}, {formatDateTime(a.createdAt)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
