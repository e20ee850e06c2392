import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PLAN_LABELS, vendorPlanSchema, type VendorPlan } from '@zevar/domain';
import { staleCurrent } from '../../../lib/stale-edit';
import { PageSpinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { confirmLeavingForms } from '../../../components/unsaved-changes';
import { formatInr } from '../../../lib/format';
import { failure } from '../../../lib/error-text';
import { PlanForm } from './PlanForm';
import { PLANS_MSG, draftFromPlan, emptyDraft, plansApi, type PlanDraft } from './plan-form-model';

const KEY = ['vendor-plans', 'admin'] as const;

/** Plans Management: the plan form and, when not editing, the existing plans. */
export default function PlansSection() {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: KEY, queryFn: plansApi.list });
  const [draft, setDraft] = useState<PlanDraft>(emptyDraft);
  // A new form (fresh defaults) after each save or cancel.
  const [formKey, setFormKey] = useState(0);
  /** The last save was refused: someone else changed the plan; the form holds their values. */
  const [stale, setStale] = useState(false);
  const startOver = (next: PlanDraft, refused = false) => {
    setDraft(next);
    setStale(refused);
    setFormKey((k) => k + 1);
  };
  const editing = draft.id !== undefined;

  useEffect(() => {
    if (plans.isError) void dialog.error('Error', PLANS_MSG.loadFailed);
  }, [plans.isError, dialog]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: ['vendor-plans'] });

  const save = async (d: PlanDraft) => {
    try {
      if (d.id !== undefined) await plansApi.update(d.id, d);
      else await plansApi.create(d);
      reload();
      startOver(emptyDraft());
      void dialog.success('Success', d.id !== undefined ? PLANS_MSG.updated : PLANS_MSG.created);
    } catch (err) {
      const newer = staleCurrent(err, vendorPlanSchema);
      if (newer) {
        reload();
        return startOver(draftFromPlan(newer), true);
      }
      const fallback = d.id !== undefined ? PLANS_MSG.updateFailed : PLANS_MSG.createFailed;
      void dialog.error('Error', failure(fallback, err));
    }
  };

  const remove = async (plan: VendorPlan) => {
    if (!(await dialog.confirm('Confirm Delete', PLANS_MSG.confirmDelete))) return;
    try {
      await plansApi.remove(plan.id);
      reload();
      void dialog.success('Success', PLANS_MSG.deleted);
    } catch (err) {
      void dialog.error('Error', failure(PLANS_MSG.deleteFailed, err));
    }
  };

  return (
    <div className="space-y-8">
      <PlanForm
        key={formKey}
        initial={draft}
        stale={stale}
        onSubmit={save}
        onCancel={() => startOver(emptyDraft())}
      />
      {!editing && (
        <section aria-labelledby="existing-plans" className="space-y-4">
          <h2 id="existing-plans" className="text-2xl font-semibold">
            Existing Plans
          </h2>
          {plans.isPending && <PageSpinner label="Loading plans..." />}
          {plans.data?.length === 0 && <p className="card p-6 text-center text-taupe">No plans yet</p>}
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {plans.data?.map((plan) => (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  onEdit={() =>
                    // The create form may hold a half-written plan: ask before replacing it.
                    void confirmLeavingForms(dialog).then((leave) => {
                      if (!leave) return;
                      startOver(draftFromPlan(plan));
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    })
                  }
                  onDelete={() => void remove(plan)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function PlanCard({
  plan,
  onEdit,
  onDelete,
}: {
  plan: VendorPlan;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <article className="card flex h-full flex-col p-5">
      <h3 className="text-xl font-semibold">{PLAN_LABELS[plan.plan]}</h3>
      <ul className="mt-3 space-y-1 text-sm">
        {plan.options.map((o) => (
          <li key={o.id} className="flex items-center justify-between gap-2">
            <span>
              {o.durationInMonths} Months - {formatInr(o.price)}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                o.active ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
              }`}
            >
              {o.active ? 'Active' : 'Inactive'}
            </span>
          </li>
        ))}
      </ul>
      <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm text-taupe">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <div className="mt-4 flex gap-2">
        <button
          type="button"
          className="btn-outline"
          aria-label={`Edit ${PLAN_LABELS[plan.plan]} plan`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn-danger"
          aria-label={`Delete ${PLAN_LABELS[plan.plan]} plan`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </article>
  );
}
