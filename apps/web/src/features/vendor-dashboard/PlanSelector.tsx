import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { PLAN_LABELS, vendorPlanSchema, type Plan, type VendorPlan } from '@zevar/domain';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { formatInr } from '../../lib/format';
import type { SubscriptionChoice } from './use-subscription';

/** GET /api/vendor-plan: every plan type with its active options. */
export function fetchPublicPlans() {
  return api.get('/vendor-plan', { schema: z.array(vendorPlanSchema) });
}

type Selection = { planId: number; optionId: number } | null;

/**
 * The vendor's current plan type and its first option are preselected; without one (or when it is
 * not on offer), the first plan type with options, as the spec says.
 */
function firstSelection(plans: readonly VendorPlan[], current: Plan | undefined): Selection {
  const offered = plans.filter((p) => p.options.length > 0);
  const plan = offered.find((p) => p.plan === current) ?? offered[0];
  const option = plan?.options[0];
  return plan && option ? { planId: plan.id, optionId: option.id } : null;
}

export interface PlanSelectorProps {
  onClose: () => void;
  onConfirm: (choice: SubscriptionChoice) => void;
  /** The vendor's plan today: preselected and marked 'Current Plan'. */
  currentPlan?: Plan;
}

/** 'Choose Your Plan': a card per plan type with a duration dropdown, price per month and features. */
export default function PlanSelector({ onClose, onConfirm, currentPlan }: PlanSelectorProps) {
  const titleId = useId();
  const plans = useQuery({ queryKey: ['vendor-plans', 'public'], queryFn: fetchPublicPlans });
  const [picked, setPicked] = useState<Selection>(null);
  const list = (plans.data ?? []).filter((p) => p.options.length > 0);
  const selection = picked ?? firstSelection(list, currentPlan);

  const confirm = () => {
    const plan = list.find((p) => p.id === selection?.planId);
    if (!plan || !selection) return;
    onConfirm({ plan: plan.plan, vendorPlanId: plan.id, subscriptionOptionId: selection.optionId });
  };

  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-5xl!">
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-2xl font-semibold">
          Choose Your Plan
        </h2>
        <button type="button" className="btn-ghost -mt-1 px-2" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </div>
      <div className="mt-6">
        {plans.isPending && <Spinner label="Loading plans..." />}
        {plans.isError && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            Failed to load plans
          </p>
        )}
        {plans.data && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {list.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={plan.plan === currentPlan}
                selectedOptionId={selection?.planId === plan.id ? selection.optionId : null}
                onSelect={(optionId) => setPicked({ planId: plan.id, optionId })}
              />
            ))}
          </div>
        )}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn-primary" disabled={!selection} onClick={confirm}>
          Confirm Selection
        </button>
      </div>
    </Modal>
  );
}

function PlanCard({
  plan,
  current,
  selectedOptionId,
  onSelect,
}: {
  plan: VendorPlan;
  current: boolean;
  selectedOptionId: number | null;
  onSelect: (optionId: number) => void;
}) {
  const selectId = useId();
  const selected = selectedOptionId !== null;
  const [shownOptionId, setShownOptionId] = useState(plan.options[0]?.id ?? 0);
  const optionId = selectedOptionId ?? shownOptionId;
  const option = plan.options.find((o) => o.id === optionId) ?? plan.options[0];
  const perMonth = option ? option.price / Math.max(option.durationInMonths, 1) : 0;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the card is a larger mouse target for its Select button, which is the keyboard path
    <div
      role="group"
      aria-label={`${PLAN_LABELS[plan.plan]} plan`}
      onClick={() => onSelect(optionId)}
      className={`flex cursor-pointer flex-col rounded-xl border-2 bg-white p-4 transition-colors ${
        selected ? 'border-gold-700 shadow-md' : 'border-sand hover:border-gold-300'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xl font-semibold">{PLAN_LABELS[plan.plan]}</h3>
        {current && (
          <span className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-800">
            Current Plan
          </span>
        )}
      </div>
      <label htmlFor={selectId} className="label mt-3">
        Duration
      </label>
      <select
        id={selectId}
        className="input"
        value={optionId}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          const id = Number(e.target.value);
          setShownOptionId(id);
          onSelect(id);
        }}
      >
        {plan.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.durationInMonths} {o.durationInMonths === 1 ? 'Month' : 'Months'}
          </option>
        ))}
      </select>
      <p className="mt-3">
        <span className="font-serif text-2xl font-semibold">{formatInr(perMonth)}</span>
        <span className="text-sm text-taupe"> / month</span>
      </p>
      <ul className="mt-3 flex-1 space-y-1 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`mt-4 ${selected ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={selected}
        onClick={(e) => {
          e.stopPropagation();
          onSelect(optionId);
        }}
      >
        {selected ? 'Selected' : 'Select Plan'}
      </button>
    </div>
  );
}
