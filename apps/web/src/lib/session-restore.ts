import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * An expired session keeps the work (issue 20, item 9). When the server ends a back-office session
 * (401), the screen's location and every registered piece of unsaved work (open forms' values, which
 * section and which popup were open) are written to sessionStorage; after the same user signs in
 * again the app returns to that location and each form takes its draft back once. A different user
 * signing in drops it all.
 */
const STORE_KEY = 'zevar.session-restore';

interface Saved {
  userId: number | null;
  location: string;
  drafts: Record<string, unknown>;
}

/** What open screens keep right now, by key: each getter answers undefined when there is nothing. */
const keepers = new Map<string, () => unknown>();

function read(): Saved | null {
  try {
    const raw = window.sessionStorage.getItem(STORE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Saved;
    return parsed && typeof parsed.location === 'string' && typeof parsed.drafts === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

function write(saved: Saved | null): void {
  try {
    if (saved) window.sessionStorage.setItem(STORE_KEY, JSON.stringify(saved));
    else window.sessionStorage.removeItem(STORE_KEY);
  } catch {
    // Storage full or disabled: the work is simply not kept.
  }
}

/** The session of `userId` ended on `location`: keep the location and every registered draft. */
export function saveSessionWork(userId: number | null, location: string): void {
  const drafts: Record<string, unknown> = {};
  for (const [key, get] of keepers) {
    const value = get();
    if (value !== undefined) drafts[key] = value;
  }
  write({ userId, location, drafts });
}

/**
 * At sign-in: where to return, when the session this tab lost belonged to the same user. Another
 * user's sign-in drops the kept work (it is not theirs).
 */
export function returnLocationAfterSignIn(userId: number): string | null {
  const saved = read();
  if (!saved) return null;
  if (saved.userId !== userId) {
    write(null);
    return null;
  }
  // The way back is used once; the drafts wait for their forms.
  write(Object.keys(saved.drafts).length > 0 ? { ...saved, location: '' } : null);
  return saved.location || null;
}

/** Hands a kept draft to the screen that registered it, once (it is removed from storage). */
export function takeDraft<T>(key: string): T | undefined {
  const saved = read();
  if (!saved || !(key in saved.drafts)) return undefined;
  const value = saved.drafts[key] as T;
  delete saved.drafts[key];
  write(Object.keys(saved.drafts).length > 0 ? saved : null);
  return value;
}

/** Registers what to keep under `key` while mounted; `get` answers undefined when nothing is unsaved. */
function useKeeper(key: string | null, get: () => unknown): void {
  const latest = useRef(get);
  latest.current = get;
  useEffect(() => {
    if (!key) return;
    keepers.set(key, () => latest.current());
    return () => {
      keepers.delete(key);
    };
  }, [key]);
}

/**
 * A piece of screen state (the open section, which record a popup edits) kept over a session end:
 * `restore` receives it back once, on mount after the same user signed in again.
 */
export function useKeptOnSessionEnd<T>(key: string, value: T | undefined, restore: (kept: T) => void): void {
  useKeeper(key, () => value);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  useEffect(() => {
    const kept = takeDraft<T>(key);
    if (kept !== undefined) restoreRef.current(kept);
  }, [key]);
}

/**
 * A react-hook-form form's draft: while the form has unsaved changes its values are kept under `key`
 * if the session ends; when the form mounts again after sign-in it is refilled with them (still
 * unsaved, so saving or discarding works as for any edit, and the draft is gone from storage).
 * Call it after the form's own reset effects, so the draft is applied last.
 */
export function useSessionDraft<T extends FieldValues>(key: string | null, form: UseFormReturn<T>): void {
  const { getValues, reset } = form;
  const dirty = form.formState.isDirty;
  useKeeper(key, () => (dirty ? getValues() : undefined));
  useEffect(() => {
    if (!key) return;
    const draft = takeDraft<T>(key);
    if (draft !== undefined) reset(draft, { keepDefaultValues: true });
  }, [key, reset]);
}
