import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { SESSION_ENDED_EVENT, sessionHasEnded } from '../../lib/storage';
import { Modal } from '../Modal';
import { DialogContext, type ConfirmOptions, type DialogApi, type DialogType } from './dialog-context';

interface DialogRequest {
  id: number;
  type: DialogType;
  title: string;
  message: string;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
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

  const current = queue[0];
  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && <MessageDialog key={current.id} request={current} onClose={close} />}
    </DialogContext.Provider>
  );
}

const ICONS: Record<DialogType, { glyph: string; className: string }> = {
  success: { glyph: '✓', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  error: { glyph: '!', className: 'bg-red-50 text-red-700 ring-red-200' },
  confirm: { glyph: '?', className: 'bg-gold-50 text-gold-800 ring-gold-200' },
};

function MessageDialog({
  request,
  onClose,
}: {
  request: DialogRequest;
  onClose: (request: DialogRequest, confirmed: boolean) => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const primaryRef = useRef<HTMLButtonElement>(null);
  const isConfirm = request.type === 'confirm';
  const icon = ICONS[request.type];

  return (
    <Modal
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={primaryRef}
      onDismiss={() => onClose(request, false)}
    >
      <div className="flex flex-col items-center text-center">
        <span
          aria-hidden="true"
          className={`mb-4 flex size-12 items-center justify-center rounded-full text-xl font-bold ring-4 ${icon.className}`}
        >
          {icon.glyph}
        </span>
        <h2 id={titleId} className="text-2xl font-semibold">
          {request.title}
        </h2>
        <p id={messageId} className="mt-2 text-sm whitespace-pre-line text-taupe">
          {request.message}
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        {isConfirm && (
          <button type="button" className="btn-outline" onClick={() => onClose(request, false)}>
            {request.options.cancelLabel ?? 'Cancel'}
          </button>
        )}
        <button
          ref={primaryRef}
          type="button"
          className={request.type === 'error' ? 'btn-danger' : 'btn-primary'}
          onClick={() => onClose(request, true)}
        >
          {isConfirm ? (request.options.confirmLabel ?? 'Confirm') : 'OK'}
        </button>
      </div>
    </Modal>
  );
}
