import { useState, type KeyboardEvent } from 'react';
import { PLANS, PLAN_LABELS, MSG, type Plan } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { newOption, validatePlan, type OptionDraft, type PlanDraft } from './plan-form-model';

export interface PlanFormProps {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  onSubmit: (draft: PlanDraft) => Promise<void>;
  onCancel: () => void;
}

/** 'Create New Plan' / 'Edit Plan' (back-office §2 Vendor plan manager). */
export function PlanForm({ draft, onChange, onSubmit, onCancel }: PlanFormProps) {
  const dialog = useDialog();
  const [feature, setFeature] = useState('');
  const [busy, setBusy] = useState(false);
  const editing = draft.id !== undefined;
  const problems = validatePlan(draft);
  const invalid = problems.length > 0;

  const setOption = (index: number, patch: Partial<OptionDraft>) =>
    onChange({ ...draft, options: draft.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  const addFeature = () => {
    const text = feature.trim();
    if (!text) return;
    onChange({ ...draft, features: [...draft.features, text] });
    setFeature('');
  };
  const onFeatureKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addFeature();
    }
  };
  const submit = async () => {
    if (invalid) {
      void dialog.error(MSG.validationError, problems.join('\n'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(draft);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="plan-form-title"
      className="card space-y-6 p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="plan-form-title" className="text-2xl font-semibold">
        {editing ? 'Edit Plan' : 'Create New Plan'}
      </h2>
      <label className="block max-w-xs">
        <span className="label label-required">Plan Type</span>
        <select
          className="input"
          value={draft.plan}
          disabled={editing}
          onChange={(e) => onChange({ ...draft, plan: e.target.value as Plan | '' })}
        >
          <option value="">Select plan type</option>
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {PLAN_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <OptionsTable draft={draft} editing={editing} setOption={setOption} onChange={onChange} />
      <div>
        <label htmlFor="plan-feature" className="label">
          Features
        </label>
        <div className="flex gap-2">
          <input
            id="plan-feature"
            className="input"
            placeholder="Add a feature and press Enter"
            value={feature}
            onChange={(e) => setFeature(e.target.value)}
            onKeyDown={onFeatureKey}
          />
          <button type="button" className="btn-outline" onClick={addFeature}>
            Add
          </button>
        </div>
        <ul className="mt-3 flex flex-wrap gap-2">
          {draft.features.map((f, i) => (
            <li key={`${f}-${i}`} className="flex items-center gap-1 rounded-full bg-cream px-3 py-1 text-sm">
              {f}
              <button
                type="button"
                aria-label={`Remove feature ${f}`}
                className="ml-1 text-taupe hover:text-red-700"
                onClick={() => onChange({ ...draft, features: draft.features.filter((_, j) => j !== i) })}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        {editing && (
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button
          type="submit"
          className={`btn-primary ${invalid ? 'cursor-not-allowed opacity-50' : ''}`}
          aria-disabled={invalid || busy}
          disabled={busy}
        >
          {editing ? 'Update Plan' : 'Create Plan'}
        </button>
      </div>
    </form>
  );
}

function OptionsTable({
  draft,
  editing,
  setOption,
  onChange,
}: {
  draft: PlanDraft;
  editing: boolean;
  setOption: (index: number, patch: Partial<OptionDraft>) => void;
  onChange: (draft: PlanDraft) => void;
}) {
  return (
    // min-w-0: a fieldset is at least as wide as its content by default, which defeats the scroller below.
    <fieldset className="min-w-0">
      <legend className="label">Subscription Options</legend>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead className="text-xs tracking-wider text-taupe uppercase">
            <tr>
              <th className="py-2 pr-3">Duration (months)</th>
              <th className="py-2 pr-3">Price (₹)</th>
              <th className="py-2 pr-3">Status</th>
              {!editing && <th className="py-2">Remove</th>}
            </tr>
          </thead>
          <tbody>
            {draft.options.map((o, i) => (
              <tr key={o.id ?? `new-${i}`}>
                <td className="py-1 pr-3">
                  <input
                    type="number"
                    min={1}
                    className="input"
                    aria-label={`Duration in months, option ${i + 1}`}
                    value={Number.isNaN(o.durationInMonths) ? '' : o.durationInMonths}
                    onChange={(e) => setOption(i, { durationInMonths: e.target.valueAsNumber })}
                  />
                </td>
                <td className="py-1 pr-3">
                  <input
                    type="number"
                    min={0}
                    step="0.01"
                    className="input"
                    aria-label={`Price, option ${i + 1}`}
                    value={Number.isNaN(o.price) ? '' : o.price}
                    onChange={(e) => setOption(i, { price: e.target.valueAsNumber })}
                  />
                </td>
                <td className="py-1 pr-3">
                  <button
                    type="button"
                    role="switch"
                    aria-checked={o.active}
                    aria-label={`Status, option ${i + 1}`}
                    className={`btn px-3 py-1 text-xs ${o.active ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
                    onClick={() => setOption(i, { active: !o.active })}
                  >
                    {o.active ? 'Active' : 'Inactive'}
                  </button>
                </td>
                {!editing && (
                  <td className="py-1">
                    <button
                      type="button"
                      className="btn-ghost px-2 text-red-700"
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() => onChange({ ...draft, options: draft.options.filter((_, j) => j !== i) })}
                    >
                      ✕
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn-outline mt-2"
        onClick={() => onChange({ ...draft, options: [...draft.options, newOption()] })}
      >
        Add Option
      </button>
    </fieldset>
  );
}
