import { useCallback, useEffect, useId } from 'react';
import { useBlocker } from 'react-router';
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

/** The session ended: nothing is left to save, and the way to /login must not be blocked. */
export const forgetUnsavedForms = () => dirtyForms.clear();

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

/**
 * Route navigation (links, back and forward) away from a page with unsaved forms asks first
 * ('Discard Changes?'); staying keeps the page and its input. Mounted once, at the top of the routes.
 */
export function useUnsavedChangesNavigationGuard() {
  const dialog = useDialog();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void askToDiscard(dialog).then((leave) => {
      if (!live) return;
      if (leave) {
        dirtyForms.clear();
        blocker.proceed();
      } else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker, dialog]);
}
