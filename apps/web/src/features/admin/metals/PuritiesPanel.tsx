import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  PURITY_RATE_MODES,
  purityInputSchema,
  type Metal,
  type Purity,
  type PurityRateMode,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { formatDateTime, formatInr } from '../../../lib/format';
import { metalsApi } from '../../../lib/catalogue-api';
import { TITLE } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';

const RateChart = lazy(() => import('../../../components/RateChart'));

const MODE_LABEL: Record<PurityRateMode, string> = { DERIVED: 'From fine rate', ENTERED: 'Entered' };

type Draft = { name: string; fineness: string; rateMode: PurityRateMode; rate: string };
const toDraft = (p?: Purity): Draft =>
  p
    ? { name: p.name, fineness: String(p.fineness), rateMode: p.rateMode, rate: String(p.price) }
    : { name: '', fineness: '', rateMode: 'DERIVED', rate: '' };
const parse = (d: Draft) =>
  purityInputSchema.safeParse({
    name: d.name,
    fineness: Number(d.fineness),
    rateMode: d.rateMode,
    rate: d.rateMode === 'ENTERED' ? Number(d.rate) : null,
  });

function DraftFields({
  draft,
  onChange,
  label,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  label: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <input
        aria-label={`${label} name`}
        className="input"
        placeholder="22K"
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
      />
      <input
        aria-label={`${label} fineness`}
        className="input"
        type="number"
        min={1}
        max={1000}
        placeholder="916"
        value={draft.fineness}
        onChange={(e) => onChange({ ...draft, fineness: e.target.value })}
      />
      <select
        aria-label={`${label} rate`}
        className="input"
        value={draft.rateMode}
        onChange={(e) => onChange({ ...draft, rateMode: e.target.value as PurityRateMode })}
      >
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
        disabled={draft.rateMode === 'DERIVED'}
        value={draft.rateMode === 'DERIVED' ? '' : draft.rate}
        onChange={(e) => onChange({ ...draft, rate: e.target.value })}
      />
    </div>
  );
}

/** A purity being added or changed: its fields, then the submit and Cancel buttons. */
function DraftEditor({
  draft,
  label,
  submitLabel,
  busy,
  onChange,
  onSubmit,
  onCancel,
}: {
  draft: Draft;
  label: string;
  submitLabel: string;
  busy: boolean;
  onChange: (draft: Draft) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <DraftFields draft={draft} onChange={onChange} label={label} />
      <div className="flex gap-2">
        <button type="button" className="btn-primary" onClick={onSubmit} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * A metal's purities and their rates: each entered or derived from the fine rate by fineness; a
 * change is recorded and re-prices the purity's products on the server. A chart shows the last 30 days.
 */
export function PuritiesPanel({ metal, onChanged }: { metal: Metal; onChanged: () => Promise<unknown> }) {
  const dialog = useDialog();
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [chart, setChart] = useState<string | null>(metal.purities[0]?.name ?? null);
  const save = useMutation({
    mutationFn: async ({ id, draft }: { id: number | null; draft: Draft }) => {
      const body = parse(draft);
      if (!body.success) throw new Error(body.error.issues[0]?.message ?? 'Check the purity');
      return id === null
        ? metalsApi.addPurity(metal.id, body.data)
        : metalsApi.updatePurity(metal.id, id, body.data);
    },
    onSuccess: async () => {
      setEditing(null);
      await onChanged();
    },
    onError: (err) => dialog.error(TITLE.error, failure('Failed to save purity', err)),
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
            {editing?.id === p.id ? (
              <DraftEditor
                draft={editing.draft}
                label={p.name}
                submitLabel="Save"
                busy={save.isPending}
                onChange={(d) => setEditing({ id: p.id, draft: d })}
                onSubmit={() => save.mutate(editing)}
                onCancel={() => setEditing(null)}
              />
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
                    onClick={() => setEditing({ id: p.id, draft: toDraft(p) })}
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
      {editing?.id === null ? (
        <div className="space-y-2">
          <DraftEditor
            draft={editing.draft}
            label="New purity"
            submitLabel="Add"
            busy={save.isPending}
            onChange={(d) => setEditing({ id: null, draft: d })}
            onSubmit={() => save.mutate(editing)}
            onCancel={() => setEditing(null)}
          />
        </div>
      ) : (
        <button
          type="button"
          className="btn-outline"
          onClick={() => setEditing({ id: null, draft: toDraft() })}
        >
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
