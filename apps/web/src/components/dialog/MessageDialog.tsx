import { useId, useRef } from 'react';
import { Modal } from '../Modal';
import type { ConfirmOptions, DialogType } from './dialog-context';

export interface DialogRequest {
  id: number;
  type: DialogType;
  title: string;
  message: string;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

const ICONS: Record<DialogType, { glyph: string; className: string }> = {
  success: { glyph: '✓', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  error: { glyph: '!', className: 'bg-red-50 text-red-700 ring-red-200' },
  confirm: { glyph: '?', className: 'bg-gold-50 text-gold-800 ring-gold-200' },
};

/** The global message dialog (success, error or confirm), loaded on its own by DialogProvider. */
export default function MessageDialog({
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
