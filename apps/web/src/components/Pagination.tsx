export interface PaginationProps {
  /** Zero-based current page, as the API counts. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Previous, 'Page X of Y', Next. Renders nothing when there is at most one page. */
export function Pagination({ page, totalPages, onPageChange, className = '' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const isFirst = page <= 0;
  const isLast = page >= totalPages - 1;
  return (
    <nav aria-label="Pagination" className={`flex items-center justify-center gap-3 ${className}`}>
      <button type="button" className="btn-outline" disabled={isFirst} onClick={() => onPageChange(page - 1)}>
        Previous
      </button>
      <span className="text-sm text-taupe" aria-current="page">
        Page {page + 1} of {totalPages}
      </span>
      <button type="button" className="btn-outline" disabled={isLast} onClick={() => onPageChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
