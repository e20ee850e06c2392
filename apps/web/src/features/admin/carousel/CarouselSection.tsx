import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LINK_TYPES,
  PLANS,
  PLAN_LABELS,
  type CarouselItem,
  type HomeCarousel,
  type Plan,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Spinner } from '../../../components/Spinner';
import { carouselApi, catalogueKeys } from '../catalogue/catalogue-api';
import { failure } from '../catalogue/errors';
import { ImagePicker } from '../catalogue/ImagePicker';
import { FILL_REQUIRED, TITLE } from '../catalogue/messages';
import { CarouselEditDialog, type CarouselEdit } from './CarouselEditDialog';

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

type Draft = {
  imageUrl: string | null;
  linkType: CarouselItem['linkType'];
  targetId: string;
  vendorPlan: Plan;
};
const EMPTY: Draft = { imageUrl: null, linkType: 'CATEGORY', targetId: '', vendorPlan: 'FREE' };
const LINK_LABELS: Record<CarouselItem['linkType'], string> = { CATEGORY: 'Category', PRODUCT: 'Product' };

/** Carousel manager: add-image form with live preview, cards with Edit (popup) and Delete (confirm). */
export default function CarouselSection() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const carousel = useQuery({ queryKey: catalogueKeys.carousel, queryFn: carouselApi.home });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<CarouselItem | null>(null);
  const store = (data: HomeCarousel) => qc.setQueryData(catalogueKeys.carousel, data);

  const add = useMutation({
    mutationFn: carouselApi.add,
    onSuccess: async (data) => {
      store(data);
      setDraft(EMPTY);
      await dialog.success(TITLE.success, M.added);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.addFailed, err)),
  });
  const update = useMutation({
    mutationFn: (edit: CarouselEdit) => carouselApi.update(edit),
    onSuccess: async (data) => {
      store(data);
      setEditing(null);
      await dialog.success(TITLE.success, M.updated);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.updateFailed, err)),
  });
  const remove = useMutation({
    mutationFn: (item: CarouselItem) => carouselApi.remove(item.id, item.imageUrl),
    onSuccess: async (data) => {
      store(data);
      await dialog.success(TITLE.success, M.deleted);
    },
    onError: (err) => dialog.error(TITLE.error, failure(M.deleteFailed, err)),
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const targetId = Number(draft.targetId);
    if (!draft.imageUrl || !draft.linkType || !Number.isInteger(targetId) || targetId < 1) {
      return void dialog.error(TITLE.validation, FILL_REQUIRED);
    }
    add.mutate({
      imageUrl: draft.imageUrl,
      linkType: draft.linkType,
      targetId,
      vendorPlan: draft.vendorPlan,
    });
  };
  const onDelete = async (item: CarouselItem) => {
    if (await dialog.confirm('Confirm Delete', M.confirmDelete)) remove.mutate(item);
  };

  return (
    <div className="space-y-8">
      <form
        onSubmit={onAdd}
        className="card grid gap-5 p-5 md:grid-cols-2"
        aria-label="Add carousel image"
        noValidate
      >
        <div className="space-y-4">
          <ImagePicker
            label="Carousel Image"
            placeholder="Upload carousel image"
            required
            value={draft.imageUrl}
            onChange={(imageUrl) => setDraft({ ...draft, imageUrl })}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="carousel-link-type" className="label label-required">
                Link Type
              </label>
              <select
                id="carousel-link-type"
                className="input"
                value={draft.linkType}
                onChange={(e) => setDraft({ ...draft, linkType: e.target.value as CarouselItem['linkType'] })}
              >
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
                value={draft.targetId}
                onChange={(e) => setDraft({ ...draft, targetId: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor="carousel-plan" className="label label-required">
                Required Plan
              </label>
              <select
                id="carousel-plan"
                className="input"
                value={draft.vendorPlan}
                onChange={(e) => setDraft({ ...draft, vendorPlan: e.target.value as Plan })}
              >
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
              className="aspect-[16/7] w-full object-cover"
            />
            <p className="absolute bottom-2 left-2 rounded bg-ink/70 px-2 py-1 text-xs text-ivory">
              {LINK_LABELS[draft.linkType]} {draft.targetId || '—'} · {PLAN_LABELS[draft.vendorPlan]}
            </p>
          </div>
        </div>
      </form>

      {carousel.isPending && <Spinner label="Loading carousel..." />}
      {carousel.isError && (
        <p role="alert" className="text-red-700">
          {M.loadFailed}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Carousel images">
        {carousel.data?.images.map((item) => (
          <li key={item.id} className="card overflow-hidden" aria-label={`Carousel image ${item.id}`}>
            <ImageWithFallback
              src={item.imageUrl}
              alt={`Slide ${item.id}`}
              className="aspect-[16/7] w-full object-cover"
            />
            <div className="p-4 text-sm">
              <p>
                <span className="text-taupe">Link:</span> {LINK_LABELS[item.linkType]} #{item.targetId}
              </p>
              <p>
                <span className="text-taupe">Plan:</span> {PLAN_LABELS[item.vendorPlan]}
              </p>
              <div className="mt-3 flex gap-2">
                <button type="button" className="btn-outline" onClick={() => setEditing(item)}>
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
          item={editing}
          busy={update.isPending}
          onSave={(e) => update.mutate(e)}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
