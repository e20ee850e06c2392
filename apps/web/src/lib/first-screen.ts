/**
 * A server-rendered first screen (decision 0021) is on screen before the app has run. Taps on its
 * controls meanwhile are held by boot.ts, and what is typed or chosen in its fields noted; both are
 * replayed once the page is hydrated, which the storefront layout announces with this event.
 */
export const FIRST_SCREEN_HYDRATED_EVENT = 'zevar:first-screen-hydrated';

/** What a held tap may land on: the page's controls (links work without the app). */
export const HELD_CONTROLS =
  'button, select, summary, label, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"]';
