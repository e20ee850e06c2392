import { useState } from 'react';
import { ADMIN_PAGE_SIZES } from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';

/** Page size, Previous / Page X of Y / Next, and a jump to any page (one-based on screen). */
export function ListPager({
  page,
  totalPages,
  size,
  onPage,
  onSize,
}: {
  page: number;
  totalPages: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const [jump, setJump] = useState('');
  const target = Number(jump);
  const valid = Number.isInteger(target) && target >= 1 && target <= totalPages;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <label className="flex items-center gap-2 text-sm text-taupe">
        Per page
        <select className="input w-auto" value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {ADMIN_PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPage} />
      {totalPages > 1 && (
        <form
          className="flex items-center gap-2 text-sm text-taupe"
          aria-label="Go to page"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            onPage(target - 1);
            setJump('');
          }}
        >
          <label htmlFor="product-page-jump">Go to page</label>
          <input
            id="product-page-jump"
            className="input w-20"
            inputMode="numeric"
            value={jump}
            onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          />
          <button type="submit" className="btn-outline" disabled={!valid}>
            Go
          </button>
        </form>
      )}
    </div>
  );
}
