import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { metalInputSchema, type Metal } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime, formatInr } from '../../../lib/format';
import { catalogueKeys, metalsApi } from '../../../lib/catalogue-api';
import { FILL_REQUIRED, TITLE } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { MetalPricesSummary } from './MetalPricesSummary';
import { PuritiesPanel } from './PuritiesPanel';
import { confirmRateChanges } from './rate-confirmation';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';

const M = {
  loadFailed: 'Failed to load metals',
  addFailed: 'Failed to add metal',
  updateFailed: 'Failed to update metal',
  deleteFailed: 'Failed to delete metal',
  added: 'Metal added successfully',
  updated: 'Metal updated successfully',
  deleted: 'Metal deleted successfully',
  confirmDelete: 'Are you sure you want to delete this metal?',
} as const;

type Draft = { name: string; price: string };
const parseDraft = (d: Draft) => metalInputSchema.safeParse({ name: d.name, price: Number(d.price) });

/** Metals Management: add, inline edit (Save/Cancel), delete; a rate change re-prices its products on the server. */
export default function MetalsSection() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const metals = useQuery({ queryKey: catalogueKeys.metals, queryFn: metalsApi.list });
  useLoadFailureDialog(metals.isError, M.loadFailed);
  const [draft, setDraft] = useState<Draft>({ name: '', price: '' });
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: catalogueKeys.metals }),
      qc.invalidateQueries({ queryKey: catalogueKeys.products }),
      qc.invalidateQueries({ queryKey: catalogueKeys.metalPrices }),
    ]);

  const add = useMutation({
    mutationFn: metalsApi.create,
    onSuccess: async () => {
      setDraft({ name: '', price: '' });
      await refresh();
      await dialog.success(TITLE.success, M.added);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.addFailed, err)),
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.success) return void dialog.error(TITLE.validation, FILL_REQUIRED);
    add.mutate(parsed.data);
  };

  return (
    <div className="space-y-6">
      <MetalPricesSummary metals={metals.data ?? []} onChanged={refresh} />
      <form
        onSubmit={onAdd}
        className="card grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        aria-label="Add metal"
      >
        <div>
          <label htmlFor="metal-name" className="label label-required">
            Metal name
          </label>
          <input
            id="metal-name"
            className="input"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            placeholder="e.g. Gold 22K"
          />
        </div>
        <div>
          <label htmlFor="metal-price" className="label label-required">
            Price per gram (₹)
          </label>
          <input
            id="metal-price"
            className="input"
            type="number"
            min={0}
            step={0.01}
            value={draft.price}
            onChange={(e) => setDraft({ ...draft, price: e.target.value })}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          Add Metal
        </button>
      </form>

      {metals.isPending && <Spinner label="Loading metals..." />}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {metals.data?.map((m) => (
          <MetalCard key={m.id} metal={m} onChanged={refresh} />
        ))}
      </ul>
    </div>
  );
}

function MetalCard({ metal, onChanged }: { metal: Metal; onChanged: () => Promise<unknown> }) {
  const dialog = useDialog();
  const [edit, setEdit] = useState<Draft | null>(null);
  const update = useMutation({
    mutationFn: (d: Draft) => metalsApi.update(metal.id, parseDraft(d).data!),
    onSuccess: async () => {
      setEdit(null);
      await onChanged();
      await dialog.success(TITLE.success, M.updated);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.updateFailed, err)),
  });
  const remove = useMutation({
    mutationFn: () => metalsApi.remove(metal.id),
    onSuccess: async () => {
      await onChanged();
      await dialog.success(TITLE.success, M.deleted);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.deleteFailed, err)),
  });

  const onSave = async () => {
    // An invalid edit silently does nothing (specification).
    const parsed = edit ? parseDraft(edit) : null;
    if (!edit || !parsed?.success) return;
    if (parsed.data.price !== metal.price) {
      // Before a rate is saved the admin sees what it changes, and is asked twice above 10 %.
      try {
        const preview = await metalsApi.preview(metal.id, parsed.data.price);
        if (!(await confirmRateChanges(dialog, [{ name: metal.name, preview }]))) return;
      } catch (err) {
        return void dialog.error(TITLE.error, failure(M.updateFailed, err));
      }
    }
    update.mutate(edit);
  };
  const onDelete = async () => {
    if (await dialog.confirm('Confirm Delete', M.confirmDelete)) remove.mutate();
  };

  return (
    <li className="card p-5" aria-label={metal.name}>
      {edit ? (
        <div className="space-y-3">
          <input
            aria-label="Metal name"
            className="input"
            value={edit.name}
            onChange={(e) => setEdit({ ...edit, name: e.target.value })}
          />
          <input
            aria-label="Price per gram"
            className="input"
            type="number"
            min={0}
            step={0.01}
            value={edit.price}
            onChange={(e) => setEdit({ ...edit, price: e.target.value })}
          />
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-primary"
              onClick={() => void onSave()}
              disabled={update.isPending}
            >
              Save
            </button>
            <button type="button" className="btn-outline" onClick={() => setEdit(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <h3 className="text-lg font-semibold">{metal.name}</h3>
          <p className="mt-1 text-xl text-gold-800">
            {formatInr(metal.price)} <span className="text-sm text-taupe">per gram</span>
          </p>
          <p className="mt-2 text-xs text-taupe">Last updated: {formatDateTime(metal.lastUpdated)}</p>
          <PuritiesPanel metal={metal} onChanged={onChanged} />
          <RateHistory metalId={metal.id} />
          <div className="mt-4 flex gap-2">
            <button
              type="button"
              className="btn-outline"
              onClick={() => setEdit({ name: metal.name, price: String(metal.price) })}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => void onDelete()}
              disabled={remove.isPending}
            >
              Delete
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** The metal's rate changes: when, who, old and new (newest first; the last few shown). */
function RateHistory({ metalId }: { metalId: number }) {
  const history = useQuery({
    queryKey: catalogueKeys.metalHistory(metalId),
    queryFn: () => metalsApi.history(metalId),
  });
  if (!history.data || history.data.length === 0) return null;
  return (
    <details className="mt-3 text-xs">
      <summary className="cursor-pointer font-medium text-ink">Rate history ({history.data.length})</summary>
      <ol className="mt-2 space-y-1" aria-label="Rate history">
        {history.data.slice(0, 10).map((h) => (
          <li key={h.id} className="flex flex-wrap justify-between gap-x-3 text-taupe">
            <span>
              {formatDateTime(h.changedAt)} · {h.changedBy}
              {h.purity ? ` · ${h.purity}` : ' · fine rate'}
            </span>
            <span className="text-ink">
              {h.oldPrice === null ? 'set to ' : `${formatInr(h.oldPrice)} → `}
              {formatInr(h.newPrice)}
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
