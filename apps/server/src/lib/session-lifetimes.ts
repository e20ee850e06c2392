import type { UserType } from '@zevar/domain';

/**
 * How long a token lives (seconds). Admin sessions are short and sliding: a token older than
 * SESSION_RENEW_AFTER is replaced on the next request (header `x-session-token`), so an admin at
 * work stays signed in and an idle one is out after 12 hours. Vendors keep a week.
 */
export const SESSION_SECONDS: Record<UserType, number> = { ADMIN: 12 * 3600, VENDOR: 7 * 24 * 3600 };
