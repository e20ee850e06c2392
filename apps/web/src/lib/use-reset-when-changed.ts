import { useEffect, useRef } from 'react';

/**
 * Calls `reset` when the record a form edits changes (another record opened, or the newer version a
 * 409 brought), but not for the record the form was first rendered with: its defaultValues already
 * hold that one, and effects may run after the first paint, so a reset then would throw away what
 * the user had already started typing (seen on a loaded machine in the catalogue journey).
 */
export function useResetWhenChanged<T>(record: T, reset: () => void): void {
  const shown = useRef(record);
  const latestReset = useRef(reset);
  latestReset.current = reset;
  useEffect(() => {
    if (shown.current === record) return;
    shown.current = record;
    latestReset.current();
  }, [record]);
}
