import { useState } from 'react';
import {
  MAKING_CHARGE_KINDS,
  PLANS,
  PLAN_LABELS,
  type BulkProductAction,
  type Category,
  type MakingChargeKind,
  type Plan,
} from '@zevar/domain';

type Kind = BulkProductAction['kind'];
const ACTIONS: Array<[Kind, string]> = [
  ['publish', 'Publish'],
  ['archive', 'Archive'],
  ['plan', 'Change plan'],
  ['category', 'Change category'],
  ['commission', 'Set vendor commission'],
  ['making', 'Set making charge'],
];
const MAKING_LABELS: Record<MakingChargeKind, string> = {
  PER_GRAM: '₹ per gram',
  PERCENT: '% of metal value',
  FLAT: '₹ flat',
};

/** What the admin is asked before the action runs. */
export function bulkQuestion(action: BulkProductAction, count: number, categoryName?: string): string {
  const n = `${count} selected product${count === 1 ? '' : 's'}`;
  switch (action.kind) {
    case 'publish':
      return `Publish ${n}? Shops on their plans show them at once.`;
    case 'archive':
      return `Archive ${n}? They are hidden from every shop and can no longer be bought. You can restore them later.`;
    case 'plan':
      return `Move ${n} to the ${PLAN_LABELS[action.plan]} plan?`;
    case 'category':
      return `Move ${n} to ${categoryName ?? 'the chosen category'}?`;
    case 'commission':
      return `Set the vendor commission of ${n} to ₹${action.vendorCommission}?`;
    case 'making':
      return `Set the making charge of ${n} to ${action.making.value} ${MAKING_LABELS[action.making.kind]}? Their prices are worked out again; fixed-price (MRP) products are left alone.`;
  }
}

/** The action the form describes, or null while a value it needs is missing or not a number. */
function actionOf(
  kind: Kind | '',
  plan: Plan,
  categoryId: string,
  amount: string,
  makingKind: MakingChargeKind,
) {
  const value = Number(amount);
  const amountOk = amount.trim() !== '' && Number.isFinite(value) && value >= 0;
  switch (kind) {
    case 'publish':
    case 'archive':
      return { kind };
    case 'plan':
      return { kind, plan };
    case 'category':
      return categoryId ? { kind, categoryId: Number(categoryId) } : null;
    case 'commission':
      return amountOk ? { kind, vendorCommission: value } : null;
    case 'making':
      return amountOk ? { kind, making: { kind: makingKind, value } } : null;
    default:
      return null;
  }
}

/** Shown while products are selected: pick an action (and its value), apply it to the selection. */
export function BulkActionsBar({
  count,
  categories,
  busy,
  onApply,
  onClear,
}: {
  count: number;
  categories: Category[];
  busy: boolean;
  onApply: (action: BulkProductAction, categoryName?: string) => void;
  onClear: () => void;
}) {
  const [kind, setKind] = useState<Kind | ''>('');
  const [plan, setPlan] = useState<Plan>('FREE');
  const [categoryId, setCategoryId] = useState('');
  const [amount, setAmount] = useState('');
  const [makingKind, setMakingKind] = useState<MakingChargeKind>('PER_GRAM');
  const action = actionOf(kind, plan, categoryId, amount, makingKind) as BulkProductAction | null;
  const category = categories.find((c) => String(c.id) === categoryId);
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-gold/40 bg-cream p-3 text-sm"
    >
      <span className="font-semibold">{count} selected</span>
      <select
        className="input w-auto"
        aria-label="Bulk action"
        value={kind}
        onChange={(e) => setKind(e.target.value as Kind | '')}
      >
        <option value="">Choose an action…</option>
        {ACTIONS.map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </select>
      {kind === 'plan' && (
        <select
          className="input w-auto"
          aria-label="New plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value as Plan)}
        >
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {PLAN_LABELS[p]}
            </option>
          ))}
        </select>
      )}
      {kind === 'category' && (
        <select
          className="input w-auto"
          aria-label="New category"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
        >
          <option value="">Choose a category…</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.parentCategory ? `${c.parentCategory.name} - ${c.name}` : c.name}
            </option>
          ))}
        </select>
      )}
      {kind === 'making' && (
        <select
          className="input w-auto"
          aria-label="Making charge kind"
          value={makingKind}
          onChange={(e) => setMakingKind(e.target.value as MakingChargeKind)}
        >
          {MAKING_CHARGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {MAKING_LABELS[k]}
            </option>
          ))}
        </select>
      )}
      {(kind === 'commission' || kind === 'making') && (
        <input
          className="input w-28"
          inputMode="decimal"
          aria-label={kind === 'commission' ? 'Commission (₹)' : 'Making charge'}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      )}
      <button
        type="button"
        className="btn-primary"
        disabled={!action || busy}
        onClick={() => action && onApply(action, category?.name)}
      >
        Apply
      </button>
      <button type="button" className="btn-ghost" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
