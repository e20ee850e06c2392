import type { Review } from '@zevar/domain';
import { Stars } from '../../../components/Stars';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { formatDate } from '../../../lib/format';

export interface ReviewsTableProps {
  reviews: Review[];
  onEdit: (r: Review) => void;
  onDelete: (r: Review) => void;
  onPhoto: (r: Review, index: number) => void;
}

/** A product's reviews: Customer, Rating, Review, Date, Photos, Actions. */
export function ReviewsTable({ reviews, onEdit, onDelete, onPhoto }: ReviewsTableProps) {
  if (reviews.length === 0) return <p className="text-taupe">No reviews for this product.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-sand bg-white">
      <table className="w-full min-w-[760px] text-left text-sm">
        <thead className="bg-cream text-xs tracking-wide text-taupe uppercase">
          <tr>
            {['Customer', 'Rating', 'Review', 'Date', 'Photos', 'Actions'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {reviews.map((r) => (
            <tr key={r.id} className="border-t border-sand align-top">
              <td className="px-3 py-2 font-medium">{r.name}</td>
              <td className="px-3 py-2"><Stars rating={r.rating} /></td>
              <td className="max-w-xs px-3 py-2 break-words whitespace-pre-line">{r.comment}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.date)}</td>
              <td className="px-3 py-2">
                {r.photos.length === 0 ? (
                  <span className="text-taupe">—</span>
                ) : (
                  <div className="flex flex-wrap gap-1">
                    {r.photos.map((p, i) => (
                      <button key={p} type="button" aria-label={`View photo ${i + 1} from ${r.name}`} onClick={() => onPhoto(r, i)}>
                        <ImageWithFallback src={p} alt="" className="size-10 rounded object-cover" />
                      </button>
                    ))}
                  </div>
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <button type="button" className="btn-ghost px-2" aria-label={`Edit review by ${r.name}`} onClick={() => onEdit(r)}>Edit</button>
                <button type="button" className="btn-ghost px-2 text-red-700" aria-label={`Delete review by ${r.name}`} onClick={() => onDelete(r)}>Delete</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
