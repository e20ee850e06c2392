import { useLayoutEffect } from 'react';
import { ScrollRestoration, type Location } from 'react-router';

/**
 * Where each page of the tab was left, kept by React Router's ScrollRestoration: a new page opens at
 * its top, Back (and a reload) returns to where the shopper was. Two cases it does not know:
 *
 * - Every page load starts on an entry React Router calls 'default', so a page opened by a full load
 *   (a link followed before the app had taken the server's markup over, an address typed) got the
 *   position saved for the previous page's 'default'. Each loaded entry gets a key of its own
 *   (`markHistoryEntry`, before the router reads the history).
 * - When the app takes over a server-rendered page the shopper may already have scrolled it: that is
 *   kept, not reset to the top.
 */
export function ScrollPositions() {
  return (
    <>
      <NoteEarlyScroll />
      <ScrollRestoration getKey={scrollKey} />
      <KeepEarlyScroll />
    </>
  );
}

const ENTRY_KEY = 'zevarEntry';

/** Gives the history entry this page was loaded on a key of its own (kept across reloads and Back). */
export function markHistoryEntry(): void {
  const state: unknown = window.history.state;
  const fields = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  if (typeof fields[ENTRY_KEY] === 'string') return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...fields, [ENTRY_KEY]: key }, '');
}

function scrollKey(location: Location): string {
  if (location.key !== 'default') return location.key;
  const state: unknown = window.history.state;
  const own =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[ENTRY_KEY] : null;
  return typeof own === 'string' ? `entry-${own}` : location.key;
}

/** The page's scroll position when the app mounted, before ScrollRestoration's first move. */
let earlyScroll = 0;

function NoteEarlyScroll() {
  useLayoutEffect(() => {
    earlyScroll = window.scrollY;
  }, []);
  return null;
}

function KeepEarlyScroll() {
  useLayoutEffect(() => {
    if (earlyScroll > 0 && window.scrollY !== earlyScroll) window.scrollTo(0, earlyScroll);
    earlyScroll = 0;
  }, []);
  return null;
}
