import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  LINK_TYPES,
  PLANS,
  PLAN_LABELS,
  carouselImageUpdateSchema,
  type AdminCarouselItem as CarouselItem,
} from '@zevar/domain';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { Modal } from '../../../components/Modal';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';

export type CarouselEdit = z.infer<typeof carouselImageUpdateSchema>;
type EditInput = z.input<typeof carouselImageUpdateSchema>;

const LINK_LABELS: Record<CarouselItem['linkType'], string> = { CATEGORY: 'Category', PRODUCT: 'Product' };

/** The edit popup (with overlay): Link Type, Target ID, Required Plan, Cancel and Save. */
export function CarouselEditDialog({
  item,
  busy,
  onSave,
  onCancel,
  stale = false,
}: {
  item: CarouselItem;
  busy: boolean;
  /** The last save was refused: someone else changed the slide, whose newer values the form holds. */
  stale?: boolean;
  onSave: (edit: CarouselEdit) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const { register, handleSubmit, formState } = useForm<EditInput, unknown, CarouselEdit>({
    resolver: zodResolver(carouselImageUpdateSchema),
    mode: 'onChange',
    defaultValues: {
      id: item.id,
      linkType: item.linkType,
      targetId: item.targetId,
      vendorPlan: item.vendorPlan,
      version: item.version,
    },
  });
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty);
  const dismiss = () => void confirmDiscard().then((discard) => discard && onCancel());
  const invalid = Boolean(formState.errors.targetId);

  return (
    <Modal labelledBy={titleId} onDismiss={dismiss}>
      <form onSubmit={(event) => void handleSubmit(onSave)(event)} className="space-y-4" noValidate>
        <h2 id={titleId} className="text-xl font-semibold">
          Edit Carousel Image
        </h2>
        <StaleEditNotice show={stale} />
        <div>
          <label htmlFor="edit-link-type" className="label">
            Link Type
          </label>
          <select id="edit-link-type" className="input" {...register('linkType')}>
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
            aria-invalid={invalid || undefined}
            {...register('targetId')}
          />
        </div>
        <div>
          <label htmlFor="edit-plan" className="label">
            Required Plan
          </label>
          <select id="edit-plan" className="input" {...register('vendorPlan')}>
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {PLAN_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={dismiss}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={invalid || busy}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
