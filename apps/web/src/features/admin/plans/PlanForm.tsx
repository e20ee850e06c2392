import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { useState, type KeyboardEvent } from 'react';
import {
  useController,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type UseFormRegister,
} from 'react-hook-form';
import { PLANS, PLAN_LABELS, MSG } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { newOption, validatePlan, type PlanDraft } from './plan-form-model';

export interface PlanFormProps {
  /** The plan being edited, or the defaults of a new one. */
  initial: PlanDraft;
  onSubmit: (draft: PlanDraft) => Promise<void>;
  onCancel: () => void;
  /** The last save was refused: someone else changed the plan, whose newer values the form holds. */
  stale?: boolean;
}

/**
 * 'Create New Plan' / 'Edit Plan' (back-office §2 Vendor plan manager), on react-hook-form: every
 * field is form state (no stale copies after an await), and unsaved changes are asked about before
 * Cancel, a section switch, logout or leaving the page.
 */
export function PlanForm({ initial, onSubmit, onCancel, stale = false }: PlanFormProps) {
  const dialog = useDialog();
  const [feature, setFeature] = useState('');
  const { register, control, handleSubmit, setValue, getValues, formState } = useForm<PlanDraft>({
    defaultValues: initial,
  });
  // A successful save unmounts the form; a failed one keeps it dirty and guarded.
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty);
  const options = useFieldArray({ control, name: 'options', keyName: 'key' });
  const features = useWatch({ control, name: 'features' });
  const draft = { ...(useWatch({ control }) as PlanDraft), features };
  const editing = initial.id !== undefined;
  const problems = validatePlan(draft);
  const invalid = problems.length > 0;
  const busy = formState.isSubmitting;

  const addFeature = () => {
    const text = feature.trim();
    if (!text) return;
    setValue('features', [...getValues('features'), text], { shouldDirty: true });
    setFeature('');
  };
  const onFeatureKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addFeature();
    }
  };
  const submit = handleSubmit(async (values) => {
    const found = validatePlan(values);
    if (found.length > 0) {
      // One message, word for word as the specification gives it (§5), the first rule not met.
      void dialog.error(MSG.validationError, found[0]!);
      return;
    }
    await onSubmit(values);
  });

  return (
    <form
      noValidate
      aria-labelledby="plan-form-title"
      className="card space-y-6 p-6"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="plan-form-title" className="text-2xl font-semibold">
        {editing ? 'Edit Plan' : 'Create New Plan'}
      </h2>
      <StaleEditNotice show={stale} />
      <label className="block max-w-xs">
        <span className="label label-required">Plan Type</span>
        <select className="input" disabled={editing} {...register('plan')}>
          <option value="">Select plan type</option>
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {PLAN_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <OptionsTable
        control={control}
        register={register}
        editing={editing}
        rows={options.fields.map((f) => f.key)}
        onAdd={() => options.append(newOption())}
        onRemove={(i) => options.remove(i)}
      />
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
          {features.map((f, i) => (
            <li key={`${f}-${i}`} className="flex items-center gap-1 rounded-full bg-cream px-3 py-1 text-sm">
              {f}
              <button
                type="button"
                aria-label={`Remove feature ${f}`}
                className="ml-1 text-taupe hover:text-red-700"
                onClick={() =>
                  setValue(
                    'features',
                    getValues('features').filter((_, j) => j !== i),
                    { shouldDirty: true },
                  )
                }
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        {editing && (
          <button
            type="button"
            className="btn-outline"
            onClick={() => void confirmDiscard().then((discard) => discard && onCancel())}
          >
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
  control,
  register,
  editing,
  rows,
  onAdd,
  onRemove,
}: {
  control: Control<PlanDraft>;
  register: UseFormRegister<PlanDraft>;
  editing: boolean;
  rows: string[];
  onAdd: () => void;
  onRemove: (index: number) => void;
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
            {rows.map((key, i) => (
              <tr key={key}>
                <td className="py-1 pr-3">
                  <input
                    type="number"
                    min={1}
                    step={1}
                    className="input"
                    aria-label={`Duration in months, option ${i + 1}`}
                    {...register(`options.${i}.durationInMonths`, { valueAsNumber: true })}
                  />
                </td>
                <td className="py-1 pr-3">
                  <input
                    type="number"
                    min={0}
                    step={100}
                    className="input"
                    aria-label={`Price, option ${i + 1}`}
                    {...register(`options.${i}.price`, { valueAsNumber: true })}
                  />
                </td>
                <td className="py-1 pr-3">
                  <StatusSwitch control={control} index={i} />
                </td>
                {!editing && (
                  <td className="py-1">
                    <button
                      type="button"
                      className="btn-ghost px-2 text-red-700"
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() => onRemove(i)}
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
      <button type="button" className="btn-outline mt-2" onClick={onAdd}>
        Add Option
      </button>
    </fieldset>
  );
}

function StatusSwitch({ control, index }: { control: Control<PlanDraft>; index: number }) {
  const { field } = useController({ control, name: `options.${index}.active` });
  return (
    <button
      type="button"
      role="switch"
      aria-checked={field.value}
      aria-label={`Status, option ${index + 1}`}
      className={`btn px-3 py-1 text-xs ${field.value ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
      onClick={() => field.onChange(!field.value)}
    >
      {field.value ? 'Active' : 'Inactive'}
    </button>
  );
}
