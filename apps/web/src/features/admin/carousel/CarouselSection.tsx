import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LINK_TYPES,
  PLANS,
  PLAN_LABELS,
  carouselImageInputSchema,
  type CarouselImageInput,
  adminCarouselItemSchema,
  type AdminCarouselItem as CarouselItem,
  type HomeCarousel,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Spinner } from '../../../components/Spinner';
import { carouselApi, catalogueKeys } from '../../../lib/catalogue-api';
import { failure } from '../../../lib/error-text';
import { ImagePicker } from '../../../components/ImagePicker';
import { FILL_REQUIRED, TITLE } from '../../../lib/admin-messages';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { CarouselEditDialog, type CarouselEdit } from './CarouselEditDialog';
import { staleCurrent } from '../../../lib/stale-edit';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';

const M = {
  loadFailed: 'Failed to load carousel',
  addFailed: 'Failed to add image',
  updateFailed: 'Failed to update image',
  deleteFailed: 'Failed to delete image',
  added: 'Image added successfully',
  updated: 'Image updated successfully',
  deleted: 'Image deleted successfully',
  confirmDelete: 'Are you sure you want to delete this image?',
} as const;

type Draft = z.input<typeof carouselImageInputSchema>;
const EMPTY: Draft = { imageUrl: '', linkType: 'CATEGORY', targetId: '', vendorPlan: 'FREE' };
const LINK_LABELS: Record<CarouselItem['linkType'], string> = { CATEGORY: 'Category', PRODUCT: 'Product' };

/** Carousel manager: add-image form with live preview, cards with Edit (popup) and Delete (confirm). */
export default function CarouselSection() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const carousel = useQuery({ queryKey: catalogueKeys.carousel, queryFn: carouselApi.home });
  useLoadFailureDialog(carousel.isError, M.loadFailed);
  // Each field is its own form value: an upload finishing sets only the image, never the link type or
  // target typed while it ran (a whole-draft write after the await used to put old values back).
  const form = useForm<Draft, unknown, CarouselImageInput>({
    resolver: zodResolver(carouselImageInputSchema),
    defaultValues: EMPTY,
  });
  const draft = form.watch();
  useUnsavedChangesGuard(form.formState.isDirty);
  const [editing, setEditing] = useState<CarouselItem | null>(null);
  /** The last save was refused: someone else changed the slide; `editing` holds their values. */
  const [stale, setStale] = useState(false);
  const edit = (item: CarouselItem | null) => {
    setStale(false);
    setEditing(item);
  };
  const store = (data: HomeCarousel) => qc.setQueryData(catalogueKeys.carousel, data);

  const add = useMutation({
    mutationFn: carouselApi.add,
    onSuccess: async (data) => {
      store(data);
      form.reset(EMPTY);
      await dialog.success(TITLE.success, M.added);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.addFailed, err)),
  });
  const update = useMutation({
    mutationFn: (edit: CarouselEdit) => carouselApi.update(edit),
    onSuccess: async (data) => {
      store(data);
      edit(null);
      await dialog.success(TITLE.success, M.updated);
    },
    onError: async (err) => {
      const newer = staleCurrent(err, adminCarouselItemSchema);
      if (!newer) return dialog.error(TITLE.error, failure(M.updateFailed, err));
      setEditing(newer);
      setStale(true);
      await qc.invalidateQueries({ queryKey: catalogueKeys.carousel });
    },
  });
  const remove = useMutation({
    mutationFn: (item: CarouselItem) => carouselApi.remove(item.id, item.imageUrl),
    onSuccess: async (data) => {
      store(data);
      await dialog.success(TITLE.success, M.deleted);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.deleteFailed, err)),
  });

  const onAdd = form.handleSubmit(
    (values) => add.mutate(values),
    () => void dialog.error(TITLE.validation, FILL_REQUIRED),
  );
  const onDelete = async (item: CarouselItem) => {
    if (await dialog.confirm('Confirm Delete', M.confirmDelete)) remove.mutate(item);
  };

  return (
    <div className="space-y-8">
      <form
        onSubmit={(event) => void onAdd(event)}
        className="card grid gap-5 p-5 md:grid-cols-2"
        aria-label="Add carousel image"
        noValidate
      >
        <div className="space-y-4">
          <ImagePicker
            label="Carousel Image"
            placeholder="Upload carousel image"
            required
            value={draft.imageUrl || null}
            onChange={(imageUrl) => form.setValue('imageUrl', imageUrl ?? '', { shouldDirty: true })}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="carousel-link-type" className="label label-required">
                Link Type
              </label>
              <select id="carousel-link-type" className="input" {...form.register('linkType')}>
                {LINK_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {LINK_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="carousel-target-id" className="label label-required">
                Target ID
              </label>
              <input
                id="carousel-target-id"
                className="input"
                type="number"
                min={1}
                step={1}
                {...form.register('targetId')}
              />
            </div>
            <div>
              <label htmlFor="carousel-plan" className="label label-required">
                Required Plan
              </label>
              <select id="carousel-plan" className="input" {...form.register('vendorPlan')}>
                {PLANS.map((p) => (
                  <option key={p} value={p}>
                    {PLAN_LABELS[p]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="btn-primary" disabled={add.isPending}>
            Add Image
          </button>
        </div>
        <div aria-label="Preview">
          <p className="label">Preview</p>
          <div className="relative overflow-hidden rounded-lg bg-cream">
            <ImageWithFallback
              src={draft.imageUrl}
              alt="Carousel preview"
              className="aspect-[8/3] w-full object-cover"
            />
            <p className="absolute bottom-2 left-2 rounded bg-ink/70 px-2 py-1 text-xs text-ivory">
              {LINK_LABELS[draft.linkType as CarouselItem['linkType']] ?? '—'}{' '}
              {String((draft.targetId as string | number | undefined) ?? '') || '—'} ·{' '}
              {PLAN_LABELS[draft.vendorPlan as keyof typeof PLAN_LABELS] ?? '—'}
            </p>
          </div>
        </div>
      </form>

      {carousel.isPending && <Spinner label="Loading carousel..." />}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Carousel images">
        {carousel.data?.images.map((item) => (
          <li key={item.id} className="card overflow-hidden" aria-label={`Carousel image ${item.id}`}>
            <ImageWithFallback
              src={item.imageUrl}
              alt={`Slide ${item.id}`}
              className="aspect-[8/3] w-full object-cover"
            />
            <div className="p-4 text-sm">
              <p>
                <span className="text-taupe">Link:</span> {LINK_LABELS[item.linkType]} #{item.targetId}
              </p>
              <p>
                <span className="text-taupe">Plan:</span> {PLAN_LABELS[item.vendorPlan]}
              </p>
              <div className="mt-3 flex gap-2">
                <button type="button" className="btn-outline" onClick={() => edit(item)}>
                  Edit
                </button>
                <button type="button" className="btn-danger" onClick={() => void onDelete(item)}>
                  Delete
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <CarouselEditDialog
          key={`${editing.id}@${editing.version}`}
          item={editing}
          stale={stale}
          busy={update.isPending}
          onSave={(e) => update.mutate(e)}
          onCancel={() => edit(null)}
        />
      )}
    </div>
  );
}
