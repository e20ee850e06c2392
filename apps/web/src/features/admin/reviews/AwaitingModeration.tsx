import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_ADMIN_MESSAGES, REVIEW_MESSAGES, type AdminReview } from '@zevar/domain';
import { Stars } from '../../../components/Stars';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { TITLE } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { ModerationButtons } from './ModerationButtons';
import { reviewKeys, reviewsApi } from './reviews-api';
import { useModeration } from './use-moderation';

/**
 * The moderation queue: reviews that shoppers sent and no admin has published or held yet, newest
 * first, each with Publish, Hold and Delete. Nothing here is shown in the shop until published.
 */
export function AwaitingModeration() {
  const dialog = useDialog();
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const awaiting = useQuery({
    queryKey: reviewKeys.awaiting(page),
    queryFn: () => reviewsApi.awaiting(page),
  });
  useLoadFailureDialog(awaiting.isError, 'Failed to load reviews');
  const moderation = useModeration();
  const remove = useMutation({
    mutationFn: (id: number) => reviewsApi.remove(id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: reviewKeys.all });
      await dialog.success(TITLE.success, REVIEW_ADMIN_MESSAGES.deleted);
    },
    onError: (err) => dialog.error(TITLE.error, failure('Failed to delete review', err)),
  });
  const onDelete = async (r: AdminReview) => {
    if (await dialog.confirm('Confirm Delete', REVIEW_ADMIN_MESSAGES.confirmDelete)) remove.mutate(r.id);
  };

  const data = awaiting.data;
  if (!data) return null;
  return (
    <section className="card space-y-3 p-4" aria-labelledby="awaiting-moderation">
      <h3 id="awaiting-moderation" className="text-lg font-semibold">
        {REVIEW_ADMIN_MESSAGES.awaiting} ({data.totalElements})
      </h3>
      {data.content.length === 0 ? (
        <p className="text-sm text-taupe">{REVIEW_ADMIN_MESSAGES.noneAwaiting}</p>
      ) : (
        <ul className="divide-y divide-sand">
          {data.content.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="text-sm font-medium break-words">{r.productName}</p>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Stars rating={r.rating} />
                  <span>{r.name}</span>
                  {r.verifiedBuyer && (
                    <span className="text-xs text-gold-800">✓ {REVIEW_MESSAGES.verifiedBuyer}</span>
                  )}
                  <time dateTime={r.date} className="text-xs text-taupe">
                    {formatDate(r.date)}
                  </time>
                </div>
                <p className="text-sm break-words whitespace-pre-line">{r.comment}</p>
                {r.photos.length > 0 && (
                  <p className="text-xs text-taupe">
                    {r.photos.length} {r.photos.length === 1 ? 'photo' : 'photos'}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-wrap gap-1">
                <ModerationButtons
                  review={r}
                  onModerate={(review, status) => moderation.mutate({ id: review.id, status })}
                />
                <button
                  type="button"
                  className="btn-ghost px-2 text-red-700"
                  aria-label={`Delete review by ${r.name}`}
                  onClick={() => void onDelete(r)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.totalPages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <button type="button" className="btn-ghost" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page + 1} of {data.totalPages}
          </span>
          <button
            type="button"
            className="btn-ghost"
            disabled={page + 1 >= data.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </div>
      )}
    </section>
  );
}
