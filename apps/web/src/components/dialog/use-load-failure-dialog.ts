import { useEffect } from 'react';
import { ERROR_TITLE } from '@zevar/domain';
import { useDialog } from './dialog-context';

/**
 * A section's load failure in an 'Error' dialog (back-office §8), the same way in every section:
 * shown once each time the query fails.
 */
export function useLoadFailureDialog(failed: boolean, message: string): void {
  const dialog = useDialog();
  useEffect(() => {
    if (failed) void dialog.error(ERROR_TITLE, message);
  }, [failed, message, dialog]);
}
