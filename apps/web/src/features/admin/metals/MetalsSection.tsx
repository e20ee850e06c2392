import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { metalInputSchema, metalSchema, type Metal, type MetalInput } from '@zevar/domain';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { staleCurrent } from '../../../lib/stale-edit';
import { useDialog } from '../../../components/dialog/dialog-context';
import { TextField } from '../../../components/FormFields';
import { Spinner } from '../../../components/Spinner';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
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

/** Name and rate per gram, checked by the API's own schema. */
function useMetalForm(defaultValues: Partial<MetalInput>) {
  return useForm<MetalInput>({ resolver: zodResolver(metalInputSchema), defaultValues });
}
/** A number box's value: undefined when empty (as the form starts, so clearing it leaves the form clean). */
const NUMBER = { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) } as const;

/** Metals Management: add, inline edit (Save/Cancel), delete; a rate change re-prices its products on the server. */
export default function MetalsSection() {
  const qc = useQueryClient();
  const metals = useQuery({ queryKey: catalogueKeys.metals, queryFn: metalsApi.list });
  useLoadFailureDialog(metals.isError, M.loadFailed);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: catalogueKeys.metals }),
      qc.invalidateQueries({ queryKey: catalogueKeys.products }),
      qc.invalidateQueries({ queryKey: catalogueKeys.metalPrices }),
    ]);

  return (
    <div className="space-y-6">
      <MetalPricesSummary metals={metals.data ?? []} onChanged={refresh} />
      <AddMetalForm onAdded={refresh} />
      {metals.isPending && <Spinner label="Loading metals..." />}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {metals.data?.map((m) => (
          <MetalCard key={m.id} metal={m} onChanged={refresh} />
        ))}
      </ul>
    </div>
  );
}

/** The add form: an invalid entry answers 'Please fill all required fields' (specification) and marks its fields. */
function AddMetalForm({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const dialog = useDialog();
  // Every field has a default (an empty price is undefined), so a cleared form compares equal to it.
  const form = useMetalForm({ name: '', price: undefined });
  const { errors, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty);
  const add = useMutation({
    mutationFn: metalsApi.create,
    onSuccess: async () => {
      form.reset();
      await onAdded();
      await dialog.success(TITLE.success, M.added);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.addFailed, err)),
  });
  const submit = form.handleSubmit(
    (values) => add.mutate(values),
    () => void dialog.error(TITLE.validation, FILL_REQUIRED),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="card grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      aria-label="Add metal"
      noValidate
    >
      <TextField
        id="metal-name"
        label="Metal name"
        required
        placeholder="e.g. Gold 22K"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        id="metal-price"
        label="Price per gram (₹)"
        required
        type="number"
        min={0}
        step={0.01}
        error={errors.price?.message}
        {...form.register('price', NUMBER)}
      />
      <button type="submit" className="btn-primary sm:mt-6" disabled={add.isPending}>
        Add Metal
      </button>
    </form>
  );
}

/**
 * The card's inline editor. An invalid entry is not saved and shows why on its field (the specification
 * only says it silently does nothing: no dialog, no request); a rate change shows what it changes first.
 */
function MetalEditForm({
  metal: opened,
  onDone,
  onStale,
}: {
  metal: Metal;
  onDone: (saved: boolean) => Promise<unknown>;
  onStale: () => Promise<unknown>;
}) {
  const dialog = useDialog();
  // The metal as the edit started from it; after a 409, the newer one someone else saved.
  const [metal, setMetal] = useState(opened);
  const [stale, setStale] = useState(false);
  const form = useMetalForm({ name: metal.name, price: metal.price });
  const { errors, isDirty } = form.formState;
  const { confirmDiscard } = useUnsavedChangesGuard(isDirty);
  const update = useMutation({
    mutationFn: (values: MetalInput) => metalsApi.update(metal.id, values, metal.version),
    onSuccess: async () => {
      form.reset(form.getValues());
      await onDone(true);
      await dialog.success(TITLE.success, M.updated);
    },
    onError: async (err) => {
      const newer = staleCurrent(err, metalSchema);
      if (!newer) return dialog.error(TITLE.error, failure(M.updateFailed, err));
      setMetal(newer);
      setStale(true);
      form.reset({ name: newer.name, price: newer.price });
      await onStale();
    },
  });
  const save = form.handleSubmit(async (values) => {
    let confirmBigChange = false;
    if (values.price !== metal.price) {
      // Before a rate is saved the admin sees what it changes, and is asked twice above 10 %; the
      // server refuses a large change that does not carry that second answer.
      try {
        const preview = await metalsApi.preview(metal.id, values.price);
        if (!(await confirmRateChanges(dialog, [{ name: metal.name, preview }]))) return;
        confirmBigChange = preview.bigChange;
      } catch (err) {
        return void dialog.error(TITLE.error, failure(M.updateFailed, err));
      }
    }
    update.mutate(confirmBigChange ? { ...values, confirmBigChange } : values);
  });
  const cancel = async () => {
    if (await confirmDiscard()) await onDone(false);
  };

  return (
    <form className="space-y-3" aria-label={`Edit ${opened.name}`} noValidate onSubmit={(e) => void save(e)}>
      <StaleEditNotice show={stale} />
      <TextField label="Metal name" required error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Price per gram"
        required
        type="number"
        min={0}
        step={0.01}
        error={errors.price?.message}
        {...form.register('price', NUMBER)}
      />
      <div className="flex gap-2">
        <button
          type="submit"
          className="btn-primary"
          disabled={update.isPending || form.formState.isSubmitting}
        >
          Save
        </button>
        <button type="button" className="btn-outline" onClick={() => void cancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function MetalCard({ metal, onChanged }: { metal: Metal; onChanged: () => Promise<unknown> }) {
  const dialog = useDialog();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => metalsApi.remove(metal.id),
    onSuccess: async () => {
      await onChanged();
      await dialog.success(TITLE.success, M.deleted);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.deleteFailed, err)),
  });
  const onDelete = async () => {
    if (await dialog.confirm('Confirm Delete', M.confirmDelete)) remove.mutate();
  };
  const onDone = async (saved: boolean) => {
    setEditing(false);
    if (saved) await onChanged();
  };

  return (
    <li className="card p-5" aria-label={metal.name}>
      {editing ? (
        <MetalEditForm metal={metal} onDone={onDone} onStale={onChanged} />
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
            <button type="button" className="btn-outline" onClick={() => setEditing(true)}>
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
