import { lazy, Suspense, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type DefaultValues, type FieldErrors, type Resolver } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import {
  PURITY_RATE_MODES,
  purityInputSchema,
  puritySchema,
  type Metal,
  type Purity,
  type PurityInput,
  type PurityRateMode,
} from '@zevar/domain';
import type { z } from 'zod';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { formatDateTime, formatInr } from '../../../lib/format';
import { metalsApi } from '../../../lib/catalogue-api';
import { TITLE } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { confirmRateChanges } from './rate-confirmation';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { staleCurrent } from '../../../lib/stale-edit';

const RateChart = lazy(() => import('../../../components/RateChart'));

const MODE_LABEL: Record<PurityRateMode, string> = { DERIVED: 'From fine rate', ENTERED: 'Entered' };

type DraftValues = z.input<typeof purityInputSchema>;
const toDraft = (p?: Purity): DefaultValues<DraftValues> =>
  p
    ? { name: p.name, fineness: p.fineness, rateMode: p.rateMode, rate: p.price }
    : { name: '', fineness: undefined, rateMode: 'DERIVED', rate: null };

/**
 * The API's purity schema checks the draft; a purity derived from the fine rate sends no rate (its box is
 * disabled, and whatever it held is not checked).
 */
const zodDraft = zodResolver(purityInputSchema);
const resolveDraft: Resolver<DraftValues, unknown, PurityInput> = (values, context, options) =>
  zodDraft(values.rateMode === 'DERIVED' ? { ...values, rate: null } : values, context, options);

/** An empty number box is no value (undefined, as a new draft starts): the schema says what is missing. */
const NUMBER = { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) } as const;
/** An empty rate is null: the schema then asks for the rate of an entered purity. */
const RATE = { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) } as const;

const firstError = (errors: FieldErrors<DraftValues>) =>
  (['name', 'fineness', 'rate'] as const).map((k) => errors[k]?.message).find(Boolean);

/** A purity being added or changed: its fields, then the submit and Cancel buttons (react-hook-form). */
function DraftEditor({
  initial,
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: Purity;
  label: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: PurityInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { register, handleSubmit, control, formState } = useForm<DraftValues, unknown, PurityInput>({
    resolver: resolveDraft,
    defaultValues: toDraft(initial),
  });
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty);
  const rateMode = useWatch({ control, name: 'rateMode' });
  const { errors } = formState;
  const error = firstError(errors);
  const errorId = useId();
  const invalid = (name: keyof DraftValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const cancel = async () => {
    if (await confirmDiscard()) onCancel();
  };

  return (
    <form
      noValidate
      // A container: the editor sits in a metal's card (about 16rem wide beside other cards on a desktop),
      // so its four boxes go on one row by the card's width, not the window's (else the values are cut).
      className="@container space-y-2"
      aria-label={`${label} purity`}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <div className="grid grid-cols-2 gap-2 @md:grid-cols-4">
        <input
          aria-label={`${label} name`}
          className="input"
          placeholder="22K"
          {...invalid('name')}
          {...register('name')}
        />
        <input
          aria-label={`${label} fineness`}
          className="input"
          type="number"
          min={1}
          max={1000}
          placeholder="916"
          {...invalid('fineness')}
          {...register('fineness', NUMBER)}
        />
        <select aria-label={`${label} rate`} className="input" {...register('rateMode')}>
          {PURITY_RATE_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_LABEL[m]}
            </option>
          ))}
        </select>
        <input
          aria-label={`${label} rate per gram`}
          className="input"
          type="number"
          min={0}
          step={0.01}
          placeholder="₹ per gram"
          disabled={rateMode === 'DERIVED'}
          {...invalid('rate')}
          {...register('rate', RATE)}
        />
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy || formState.isSubmitting}>
          {submitLabel}
        </button>
        <button type="button" className="btn-outline" onClick={() => void cancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * A metal's purities and their rates: each entered or derived from the fine rate by fineness; a
 * change is recorded and re-prices the purity's products on the server. A chart shows the last 30 days.
 */
export function PuritiesPanel({ metal, onChanged }: { metal: Metal; onChanged: () => Promise<unknown> }) {
  const dialog = useDialog();
  /** The purity being changed (its id), a new one (null), or none (undefined). */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  /**
   * The purity as the change started from it (its version goes with the save); after a 409, the newer
   * purity someone else saved, with `stale` set.
   */
  const [base, setBase] = useState<{ purity: Purity; stale: boolean } | null>(null);
  const startEditing = (p: Purity) => {
    setBase({ purity: p, stale: false });
    setEditing(p.id);
  };
  const [chart, setChart] = useState<string | null>(metal.purities[0]?.name ?? null);
  const save = useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: PurityInput }) => {
      if (id === null) return metalsApi.addPurity(metal.id, body);
      // Like the fine rate: the admin sees what the new rate changes first, and is asked twice above
      // 10 % (the server refuses a large change without that answer).
      const preview = await metalsApi.previewPurity(metal.id, id, body);
      const changes =
        preview.newPrice === preview.oldPrice ? [] : [{ name: `${metal.name} ${body.name}`, preview }];
      if (changes.length > 0 && !(await confirmRateChanges(dialog, changes))) return null;
      return metalsApi.updatePurity(
        metal.id,
        id,
        preview.bigChange ? { ...body, confirmBigChange: true } : body,
        base?.purity.version ?? 0,
      );
    },
    onSuccess: async (saved) => {
      if (saved === null) return;
      setEditing(undefined);
      await onChanged();
    },
    onError: async (err) => {
      const newer = staleCurrent(err, puritySchema);
      if (!newer) return dialog.error(TITLE.error, failure('Failed to save purity', err));
      setBase({ purity: newer, stale: true });
      await onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => metalsApi.removePurity(metal.id, id),
    onSuccess: () => onChanged(),
    onError: (err) => dialog.error(TITLE.error, failure('Failed to delete purity', err)),
  });

  return (
    <section className="mt-4 space-y-3" aria-label={`${metal.name} purities`}>
      <h4 className="text-sm font-semibold">Purities</h4>
      <ul className="divide-y divide-sand rounded-md border border-sand text-sm">
        {metal.purities.map((p) => (
          <li key={p.id} className="space-y-2 px-3 py-2">
            {editing === p.id && base ? (
              <>
                <StaleEditNotice show={base.stale} />
                <DraftEditor
                  key={base.purity.version}
                  initial={base.purity}
                  label={p.name}
                  submitLabel="Save"
                  busy={save.isPending}
                  onSubmit={(body) => save.mutateAsync({ id: p.id, body }).catch(() => undefined)}
                  onCancel={() => setEditing(undefined)}
                />
              </>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button
                  type="button"
                  className={`text-left ${chart === p.name ? 'font-semibold text-gold-800' : ''}`}
                  onClick={() => setChart(p.name)}
                  aria-pressed={chart === p.name}
                >
                  {p.name} <span className="text-taupe">({p.fineness})</span>
                </button>
                <span className="tabular-nums">
                  {formatInr(p.price)}/g <span className="text-xs text-taupe">{MODE_LABEL[p.rateMode]}</span>
                </span>
                <span className="w-full text-xs text-taupe">Updated {formatDateTime(p.lastUpdated)}</span>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn-outline px-2 py-1 text-xs"
                    onClick={() => startEditing(p)}
                    aria-label={`Change ${p.name}`}
                  >
                    Change
                  </button>
                  <button
                    type="button"
                    className="btn-danger px-2 py-1 text-xs"
                    disabled={remove.isPending}
                    onClick={() =>
                      void dialog.confirm('Confirm Delete', `Delete purity ${p.name}?`).then((yes) => {
                        if (yes) remove.mutate(p.id);
                      })
                    }
                    aria-label={`Remove ${p.name}`}
                  >
                    Remove
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === null ? (
        <DraftEditor
          label="New purity"
          submitLabel="Add"
          busy={save.isPending}
          onSubmit={(body) => save.mutateAsync({ id: null, body }).catch(() => undefined)}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <button type="button" className="btn-outline" onClick={() => setEditing(null)}>
          Add purity
        </button>
      )}
      {chart && (
        <Suspense fallback={null}>
          <RateChart metalId={metal.id} purity={chart} label={`${metal.name} ${chart}`} />
        </Suspense>
      )}
    </section>
  );
}
