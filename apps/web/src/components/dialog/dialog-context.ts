import { createContext, useContext } from 'react';

export type DialogType = 'success' | 'error' | 'confirm';

export interface ConfirmOptions {
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface DialogApi {
  /** Resolves when the user presses OK (or dismisses the dialog). */
  success(title: string, message: string): Promise<void>;
  /** Resolves when the user presses OK (or dismisses the dialog). */
  error(title: string, message: string): Promise<void>;
  /** Resolves true on Confirm, false on Cancel, Escape or a click outside. */
  confirm(title: string, message: string, options?: ConfirmOptions): Promise<boolean>;
}

export const DialogContext = createContext<DialogApi | null>(null);

/** The global dialog service: `await dialog.success(title, msg)`, `if (await dialog.confirm(t, m)) ...`. */
export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog must be used inside <DialogProvider>');
  return api;
}
