import { REVIEW_STATUS_LABELS, type Review, type ReviewStatus } from '@zevar/domain';

const BADGE: Record<ReviewStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  PUBLISHED: 'bg-emerald-100 text-emerald-900',
  HELD: 'bg-stone-200 text-stone-800',
};

/** A review's moderation state as a small badge. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[status]}`}>
      {REVIEW_STATUS_LABELS[status]}
    </span>
  );
}

/** Publish (a waiting or held review) and Hold (a waiting or published one). */
export function ModerationButtons({
  review,
  onModerate,
}: {
  review: Review;
  onModerate: (r: Review, status: ReviewStatus) => void;
}) {
  return (
    <>
      {review.status !== 'PUBLISHED' && (
        <button
          type="button"
          className="btn-ghost px-2 text-emerald-800"
          aria-label={`Publish review by ${review.name}`}
          onClick={() => onModerate(review, 'PUBLISHED')}
        >
          Publish
        </button>
      )}
      {review.status !== 'HELD' && (
        <button
          type="button"
          className="btn-ghost px-2"
          aria-label={`Hold review by ${review.name}`}
          onClick={() => onModerate(review, 'HELD')}
        >
          Hold
        </button>
      )}
    </>
  );
}
