import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openModals = 0;
let savedOverflow = '';

/** Locks page scrolling while at least one modal is open. */
function lockScroll(): () => void {
  if (openModals === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openModals += 1;
  return () => {
    openModals -= 1;
    if (openModals === 0) document.body.style.overflow = savedOverflow;
  };
}

export interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  /** Escape and a click on the backdrop call this; without it the modal cannot be dismissed. */
  onDismiss?: () => void;
  /** Element focused on open (otherwise the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/**
 * Accessible modal: role dialog, aria-modal, focus moved in and trapped, restored on close,
 * page scroll locked while open. Rendered into document.body.
 */
export function Modal({
  labelledBy,
  describedBy,
  onDismiss,
  initialFocus,
  className = '',
  children,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const panel = panelRef.current;
    const target = initialFocus?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    target?.focus();
    return () => {
      unlock();
      previouslyFocused?.focus();
    };
    // Focus is set once per opening; initialFocus is a stable ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && dismissRef.current) {
      event.stopPropagation();
      dismissRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is the mouse's way out; Escape (onKeyDown below) is the keyboard's
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/50 p-4 backdrop-blur-[2px] sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) dismissRef.current?.();
      }}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog traps Tab and closes on Escape (WAI-ARIA dialog pattern) */}
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`card max-h-[90dvh] w-full max-w-md overflow-y-auto p-6 outline-none ${className}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
