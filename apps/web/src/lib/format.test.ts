import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/utils';
import { loadBusinessTimeZone, resetConfigCache } from './config';
import { TIMEZONE_META_NAME, resetBusinessTimeZone } from './business-timezone';
import { formatDate, formatDateTime, fromZonedInput, keepHyphens, toIsoDate, toZonedInput } from './format';

function shellNames(zone: string) {
  const meta = document.createElement('meta');
  meta.name = TIMEZONE_META_NAME;
  meta.content = zone;
  document.head.append(meta);
}

describe("dates in the server's business timezone", () => {
  afterEach(() => {
    document.head.querySelectorAll(`meta[name="${TIMEZONE_META_NAME}"]`).forEach((m) => m.remove());
    resetBusinessTimeZone();
    resetConfigCache();
  });

  // 02:00 UTC on 5 March is 4 March in New York and 5 March in India.
  const instant = '2026-03-05T02:00:00.000Z';

  it('shows and filters dates in the zone the page shell names', () => {
    shellNames('America/New_York');
    expect(formatDate(instant)).toBe('4 Mar 2026');
    expect(formatDateTime(instant)).toMatch(/^4 Mar 2026, 9:00 pm$/i);
    expect(toIsoDate(new Date(instant))).toBe('2026-03-04');
    expect(toZonedInput(instant)).toBe('2026-03-04T21:00');
    expect(fromZonedInput('2026-03-04T21:00')?.toISOString()).toBe(instant);
  });

  it('asks GET /api/config for the zone when the shell does not name it', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ defaultVendorSlug: 'zevar', businessTimezone: 'America/New_York' }),
    );
    await loadBusinessTimeZone();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(formatDate(instant)).toBe('4 Mar 2026');
  });

  it('needs no request when the shell names it, and uses Asia/Kolkata when nothing does', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 500));
    shellNames('Asia/Kolkata');
    await loadBusinessTimeZone();
    expect(fetchMock).not.toHaveBeenCalled();
    document.head.querySelector(`meta[name="${TIMEZONE_META_NAME}"]`)?.remove();
    resetBusinessTimeZone();
    expect(formatDate(instant)).toBe('5 Mar 2026');
  });
});

describe('shop names', () => {
  it('never break after a hyphen: the hyphens become non-breaking ones', () => {
    expect(keepHyphens('Shree-Lakshmi Jewellers')).toBe('Shree\u2011Lakshmi Jewellers');
    expect(keepHyphens('Shree-Lakshmi Jewellers')).not.toContain('-');
  });
});
