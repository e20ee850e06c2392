import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SESSION_ENDED_EVENT, sessionHasEnded } from '../../lib/storage';
import { DialogContext, type ConfirmOptions, type DialogApi, type DialogType } from './dialog-context';
import type { DialogRequest } from './MessageDialog';

// The dialog itself (and the modal under it) is code of its own, off the shopper's first load: it is
// fetched once the page is idle, so it is there before the first message (even when the network has
// gone by then), and in any case when the first message is asked for.
let loaded: typeof import('./MessageDialog') | undefined;

/** Loads the dialog's code (once); a dialog asked for after that shows at once, with no suspense. */
export function preloadMessageDialog() {
  return import('./MessageDialog').then((m) => (loaded = m));
}
const LazyMessageDialog = lazy(preloadMessageDialog);

/** Fetches the dialog's code in an idle moment after the first screen (once per page load). */
function usePrefetchedDialog() {
  useEffect(() => {
    if (loaded) return;
    const load = () => void preloadMessageDialog().catch(() => undefined);
    // Safari before 18 has no requestIdleCallback.
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(load, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(load);
    return () => window.cancelIdleCallback(handle);
  }, []);
}

/** One request's dialog: the loaded code when it is there, else the lazy one (chosen once, so it never remounts). */
function DialogSlot(props: {
  request: DialogRequest;
  onClose: (request: DialogRequest, confirmed: boolean) => void;
}) {
  const [Loaded] = useState(() => loaded?.default);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyMessageDialog {...props} />
    </Suspense>
  );
}

/** Holds the global dialog; requests made while one is open wait their turn. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<DialogRequest[]>([]);
  const nextId = useRef(1);

  const open = useCallback(
    (type: DialogType, title: string, message: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        const request: DialogRequest = { id: nextId.current++, type, title, message, options, resolve };
        setQueue((current) => [...current, request]);
      }),
    [],
  );

  const api = useMemo<DialogApi>(
    () => ({
      success: async (title, message) => {
        await open('success', title, message);
      },
      error: async (title, message) => {
        // After the session ended every screen's failing request would say so; the login page says it once.
        if (sessionHasEnded()) return;
        await open('error', title, message);
      },
      confirm: (title, message, options) => open('confirm', title, message, options),
    }),
    [open],
  );

  const close = useCallback((request: DialogRequest, confirmed: boolean) => {
    setQueue((current) => current.filter((item) => item.id !== request.id));
    request.resolve(confirmed);
  }, []);

  useEffect(() => {
    const dropErrors = () =>
      setQueue((current) => {
        for (const r of current) if (r.type === 'error') r.resolve(false);
        return current.filter((r) => r.type !== 'error');
      });
    window.addEventListener(SESSION_ENDED_EVENT, dropErrors);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, dropErrors);
  }, []);

  usePrefetchedDialog();
  const current = queue[0];
  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && <DialogSlot key={current.id} request={current} onClose={close} />}
    </DialogContext.Provider>
  );
}
