import { useCallback, useEffect, useId } from 'react';
import type { DialogApi } from './dialog/dialog-context';
import { useDialog } from './dialog/dialog-context';

export const UNSAVED_TEXT = {
  title: 'Discard Changes?',
  message: 'You have unsaved changes. Discard them?',
  discard: 'Discard',
  keep: 'Keep Editing',
} as const;

/** Forms with unsaved changes right now, by id: section switches and logout ask before leaving them. */
const dirtyForms = new Set<string>();

export const hasUnsavedChanges = () => dirtyForms.size > 0;

async function askToDiscard(dialog: DialogApi): Promise<boolean> {
  return dialog.confirm(UNSAVED_TEXT.title, UNSAVED_TEXT.message, {
    confirmLabel: UNSAVED_TEXT.discard,
    cancelLabel: UNSAVED_TEXT.keep,
  });
}

/**
 * Before leaving every open form (section switch, logout): true when nothing is unsaved or the user
 * agreed to discard it.
 */
export async function confirmLeavingForms(dialog: DialogApi): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const leave = await askToDiscard(dialog);
  if (leave) dirtyForms.clear();
  return leave;
}

/**
 * The one unsaved-changes guard for long forms: while `dirty`, the form is registered (so a section
 * switch or logout asks first), closing the tab asks the browser's question, and `confirmDiscard`
 * (for Cancel, Escape and backdrop clicks) asks before the form is thrown away.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const id = useId();
  const dialog = useDialog();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      dirtyForms.delete(id);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [dirty, id]);

  const confirmDiscard = useCallback(async () => {
    if (!dirty) return true;
    const discard = await askToDiscard(dialog);
    if (discard) dirtyForms.delete(id);
    return discard;
  }, [dirty, dialog, id]);

  return { confirmDiscard };
}
