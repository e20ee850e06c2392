import { useEffect, useRef } from 'react';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';

/**
 * Above a form whose save was refused because someone else saved first: its fields now hold the newer
 * values. The Save button that was pressed is often far below (a long form, a tall modal), so the notice
 * brings itself into view when it appears; otherwise the values change with no visible reason.
 * `scroll-mt-20` keeps it clear of the sticky header.
 */
export function StaleEditNotice({ show = true }: { show?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (show) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [show]);
  if (!show) return null;
  return (
    <p
      ref={ref}
      role="alert"
      className="scroll-mt-20 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {STALE_EDIT_MESSAGE}
    </p>
  );
}
