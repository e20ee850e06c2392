import { REVIEW_MESSAGES, type AdminReview, type ReviewStatus } from '@zevar/domain';
import { ModerationButtons, ReviewStatusBadge } from './ModerationButtons';
import { Stars } from '../../../components/Stars';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { formatDate } from '../../../lib/format';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';

const HEADERS = ['Customer', 'Rating', 'Review', 'Date', 'Status', 'Photos', 'Actions'] as const;

export interface ReviewsTableProps {
  reviews: AdminReview[];
  /** Publish or hold a review (moderation). */
  onModerate: (r: AdminReview, status: ReviewStatus) => void;
  onEdit: (r: AdminReview) => void;
  onDelete: (r: AdminReview) => void;
  onPhoto: (r: AdminReview, index: number) => void;
}

/** A product's reviews: Customer, Rating, Review, Date, Status, Photos, Actions (publish or hold, edit, delete). */
export function ReviewsTable({ reviews, onModerate, onEdit, onDelete, onPhoto }: ReviewsTableProps) {
  if (reviews.length === 0) return <p className="text-taupe">No reviews for this product.</p>;
  return (
    <StackedTable headers={HEADERS} minWidth="sm:min-w-[760px]">
      {reviews.map((r) => (
        <StackedRow key={r.id}>
          <StackedCell label="Customer" className="font-medium">
            {r.name}
            {r.verifiedBuyer && (
              <span className="block text-xs font-normal text-gold-800">
                ✓ {REVIEW_MESSAGES.verifiedBuyer}
              </span>
            )}
          </StackedCell>
          <StackedCell label="Rating">
            <Stars rating={r.rating} />
          </StackedCell>
          <StackedCell label="Review" className="break-words whitespace-pre-line sm:max-w-xs">
            {r.comment}
          </StackedCell>
          <StackedCell label="Date" className="whitespace-nowrap">
            {formatDate(r.date)}
          </StackedCell>
          <StackedCell label="Status" className="whitespace-nowrap">
            <ReviewStatusBadge status={r.status} />
          </StackedCell>
          <StackedCell label="Photos">
            {r.photos.length === 0 ? (
              <span className="text-taupe">—</span>
            ) : (
              <div className="flex flex-wrap gap-1">
                {r.photos.map((p, i) => (
                  <button
                    key={p}
                    type="button"
                    aria-label={`View photo ${i + 1} from ${r.name}`}
                    onClick={() => onPhoto(r, i)}
                  >
                    <ImageWithFallback src={p} alt="" className="size-10 rounded object-cover" />
                  </button>
                ))}
              </div>
            )}
          </StackedCell>
          <StackedCell className="whitespace-nowrap">
            <ModerationButtons review={r} onModerate={(_, status) => onModerate(r, status)} />
            <button
              type="button"
              className="btn-ghost px-2"
              aria-label={`Edit review by ${r.name}`}
              onClick={() => onEdit(r)}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn-ghost px-2 text-red-700"
              aria-label={`Delete review by ${r.name}`}
              onClick={() => onDelete(r)}
            >
              Delete
            </button>
          </StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
