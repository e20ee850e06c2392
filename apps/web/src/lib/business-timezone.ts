/**
 * The server's configured business timezone (`BUSINESS_TIMEZONE`, issue 9): every date the web app
 * shows or sends as a filter is in it, whatever the browser's zone. The server names it in every
 * HTML shell (`<meta name="zevar-business-timezone">`), so it is known before the first paint; a
 * page served without it (the Vite dev server) asks GET /api/config once before rendering.
 */
import { DEFAULT_BUSINESS_TIMEZONE, isTimeZone } from '@zevar/domain';

export const TIMEZONE_META_NAME = 'zevar-business-timezone';

let zone: string | null = null;

/**
 * The shape of an IANA zone name. The shell's name was checked by the server (env.ts); asking Intl
 * here would cost a phone tens of milliseconds before the first render.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

function fromShell(): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector(`meta[name="${TIMEZONE_META_NAME}"]`)?.getAttribute('content');
  return value && ZONE_NAME.test(value) ? value : null;
}

/** The zone dates are shown and filtered in. */
export function businessTimeZone(): string {
  zone ??= fromShell() ?? DEFAULT_BUSINESS_TIMEZONE;
  return zone;
}

/** Sets the zone (from GET /api/config); an unknown name keeps the current one. */
export function setBusinessTimeZone(value: string | null | undefined): void {
  if (value && isTimeZone(value)) zone = value;
}

/** True when the page's shell named the zone (no request needed before rendering). */
export function shellNamesTimeZone(): boolean {
  return fromShell() !== null;
}

/** Tests: read the shell again. */
export function resetBusinessTimeZone(): void {
  zone = null;
}
