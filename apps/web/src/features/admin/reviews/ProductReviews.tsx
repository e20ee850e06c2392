import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_ADMIN_MESSAGES,
  REVIEW_MESSAGES,
  adminReviewSchema,
  type AdminReview,
  type Review,
  type ReviewedProduct,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { Spinner } from '../../../components/Spinner';
import { TITLE, UPLOAD_FAILED } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { staleCurrent } from '../../../lib/stale-edit';
import { emptyDraft, toBody, type ReviewDraft } from './review-form-model';
import { ReviewFormModal } from './ReviewFormModal';
import { ReviewsTable } from './ReviewsTable';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { RatingStars } from './RatingStars';
import { reviewKeys, reviewsApi } from './reviews-api';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { useModeration } from './use-moderation';

/** `stale`: the save was refused because someone else saved first; the form holds their newer review. */
type Editing = { mode: 'add' } | { mode: 'edit'; review: AdminReview; stale?: boolean } | null;

/** One product's reviews: summary, table, write/update/delete and the photo viewer. */
export function ProductReviews({ product, onBack }: { product: ReviewedProduct; onBack: () => void }) {
  const dialog = useDialog();
  const qc = useQueryClient();
  const reviews = useQuery({
    queryKey: reviewKeys.product(product.productId),
    queryFn: () => reviewsApi.forProduct(product.productId),
  });
  useLoadFailureDialog(reviews.isError, 'Failed to load reviews');
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<{ review: Review; index: number } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: reviewKeys.all });

  const save = useMutation({
    mutationFn: (d: ReviewDraft) =>
      editing?.mode === 'edit'
        ? reviewsApi.update(editing.review.id, { ...toBody(d), version: editing.review.version })
        : reviewsApi.add({ productId: product.productId, ...toBody(d) }),
    onSuccess: async () => {
      const wasEdit = editing?.mode === 'edit';
      setEditing(null);
      await refresh();
      await dialog.success(TITLE.success, wasEdit ? REVIEW_ADMIN_MESSAGES.updated : REVIEW_MESSAGES.added);
    },
    onError: async (err) => {
      const newer = staleCurrent(err, adminReviewSchema);
      if (newer && editing?.mode === 'edit') {
        setEditing({ mode: 'edit', review: newer, stale: true });
        await refresh();
        return;
      }
      await dialog.error(
        TITLE.error,
        failure(editing?.mode === 'edit' ? 'Failed to update review' : REVIEW_MESSAGES.addFailed, err),
      );
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => reviewsApi.remove(id),
    onSuccess: async () => {
      await refresh();
      await dialog.success(TITLE.success, REVIEW_ADMIN_MESSAGES.deleted);
    },
    onError: (err) => dialog.error(TITLE.error, failure('Failed to delete review', err)),
  });

  const moderation = useModeration();

  const onDelete = async (r: Review) => {
    if (await dialog.confirm('Confirm Delete', REVIEW_ADMIN_MESSAGES.confirmDelete)) remove.mutate(r.id);
  };

  const list = reviews.data ?? [];
  // The shop's rating counts published reviews only.
  const published = list.filter((r) => r.status === 'PUBLISHED');
  const average = published.length ? published.reduce((s, r) => s + r.rating, 0) / published.length : 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className="btn-ghost" onClick={onBack}>
          <span aria-hidden="true">← </span>Back to Products
        </button>
        <button type="button" className="btn-primary" onClick={() => setEditing({ mode: 'add' })}>
          Write a Review
        </button>
      </div>
      <section className="card p-5" aria-label="Rating summary">
        <h3 className="text-lg font-semibold">{product.productName}</h3>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <RatingStars average={Math.round(average * 10) / 10} />
          <span className="text-sm text-taupe">
            {published.length} published {published.length === 1 ? 'review' : 'reviews'}
            {list.length > published.length && ` (${list.length - published.length} not shown)`}
          </span>
        </div>
      </section>
      {reviews.isPending && <Spinner label="Loading reviews..." />}
      {reviews.data && (
        <ReviewsTable
          reviews={list}
          onModerate={(r, status) => moderation.mutate({ id: r.id, status })}
          onEdit={(review) => setEditing({ mode: 'edit', review })}
          onDelete={(r) => void onDelete(r)}
          onPhoto={(review, index) => setViewing({ review, index })}
        />
      )}
      {editing && (
        <ReviewFormModal
          key={editing.mode === 'edit' ? `${editing.review.id}@${editing.review.version}` : 'new'}
          stale={editing.mode === 'edit' && editing.stale}
          title={editing.mode === 'edit' ? 'Update Review' : 'Write a Review'}
          submitLabel={editing.mode === 'edit' ? 'Update Review' : 'Submit Review'}
          initial={editing.mode === 'edit' ? { ...editing.review } : emptyDraft()}
          submitting={save.isPending}
          onSubmit={(d) => save.mutate(d)}
          onCancel={() => setEditing(null)}
          onUploadError={(err) => void dialog.error(TITLE.error, failure(UPLOAD_FAILED, err))}
        />
      )}
      {viewing && (
        <PhotoViewer
          photos={viewing.review.photos}
          start={viewing.index}
          reviewer={viewing.review.name}
          onClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}
