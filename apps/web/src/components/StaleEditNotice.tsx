import { STALE_EDIT_MESSAGE } from '@zevar/domain';

/** Above a form whose save was refused because someone else saved first: its fields now hold the newer values. */
export function StaleEditNotice({ show = true }: { show?: boolean }) {
  if (!show) return null;
  return (
    <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {STALE_EDIT_MESSAGE}
    </p>
  );
}
