import { useEffect, useState } from 'react';
import { productsApi } from '../../../lib/catalogue-api';

export const NAME_CHECK_DEBOUNCE_MS = 500;
export type NameCheckState = 'idle' | 'checking' | 'taken';

/**
 * Live product-name availability. Skipped when the name is empty or, while editing, equals the
 * original name (case-insensitive). A failed check is only logged and counts as not taken.
 */
export function useNameCheck(name: string, originalName: string | null): NameCheckState {
  const [state, setState] = useState<NameCheckState>('idle');
  const trimmed = name.trim();
  const skip =
    !trimmed || (originalName !== null && trimmed.toLowerCase() === originalName.trim().toLowerCase());

  useEffect(() => {
    if (skip) {
      setState('idle');
      return;
    }
    setState('checking');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      productsApi
        .nameExists(trimmed, controller.signal)
        .then((taken) => setState(taken ? 'taken' : 'idle'))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Product name check failed', err);
          setState('idle');
        });
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, skip]);

  return skip ? 'idle' : state;
}
