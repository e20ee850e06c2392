import { useId, useState, type FormEvent } from 'react';
import { LINK_TYPES, PLANS, PLAN_LABELS, type CarouselItem, type Plan } from '@zevar/domain';
import { Modal } from '../../../components/Modal';

export type CarouselEdit = {
  id: number;
  linkType: CarouselItem['linkType'];
  targetId: number;
  vendorPlan: Plan;
};

const LINK_LABELS: Record<CarouselItem['linkType'], string> = { CATEGORY: 'Category', PRODUCT: 'Product' };

/** The edit popup (with overlay): Link Type, Target ID, Required Plan, Cancel and Save. */
export function CarouselEditDialog({
  item,
  busy,
  onSave,
  onCancel,
}: {
  item: CarouselItem;
  busy: boolean;
  onSave: (edit: CarouselEdit) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [linkType, setLinkType] = useState(item.linkType);
  const [targetId, setTargetId] = useState(String(item.targetId));
  const [vendorPlan, setVendorPlan] = useState<Plan>(item.vendorPlan);
  const valid = Number.isInteger(Number(targetId)) && Number(targetId) >= 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSave({ id: item.id, linkType, targetId: Number(targetId), vendorPlan });
  };

  return (
    <Modal labelledBy={titleId} onDismiss={onCancel}>
      <form onSubmit={submit} className="space-y-4">
        <h2 id={titleId} className="text-xl font-semibold">
          Edit Carousel Image
        </h2>
        <div>
          <label htmlFor="edit-link-type" className="label">
            Link Type
          </label>
          <select
            id="edit-link-type"
            className="input"
            value={linkType}
            onChange={(e) => setLinkType(e.target.value as CarouselItem['linkType'])}
          >
            {LINK_TYPES.map((t) => (
              <option key={t} value={t}>
                {LINK_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="edit-target-id" className="label">
            Target ID
          </label>
          <input
            id="edit-target-id"
            className="input"
            type="number"
            min={1}
            step={1}
            value={targetId}
            onChange={(e) => setTargetId(e.target.value)}
            aria-invalid={!valid || undefined}
          />
        </div>
        <div>
          <label htmlFor="edit-plan" className="label">
            Required Plan
          </label>
          <select
            id="edit-plan"
            className="input"
            value={vendorPlan}
            onChange={(e) => setVendorPlan(e.target.value as Plan)}
          >
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {PLAN_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!valid || busy}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
