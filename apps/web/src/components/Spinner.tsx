/** A gold ring spinner; `label` is announced to screen readers. */
export function Spinner({ label = 'Loading...', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-gold-200 border-t-gold-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a page or section that is loading. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
