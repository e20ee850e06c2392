import { STALE_EDIT_MESSAGE, rateChangeRefusal } from '@zevar/domain';
import { AppError, conflict } from '../../lib/errors';

/** A rate change as the admin sent it: the version it was loaded at and the answer to the 10 % question. */
export type RateEdit = { version: number; confirmBigChange?: boolean | undefined };

/**
 * The one server-side rule every rate change passes, whichever path it comes by (fine rate, purity
 * rate, gold and silver together; browser or API), run on the locked row before anything is written:
 * 1. an edit made from an older version (someone else saved meanwhile) is refused with 409,
 *    `STALE_EDIT_MESSAGE` and `current`, the record as it is now: nobody's rate is silently undone;
 * 2. a change of more than 10 % without the second confirmation is refused with 400 and the field
 *    `confirmBigChange` named.
 */
export async function assertRateChangeAllowed(
  what: string,
  row: { ratePaise: number; version: number },
  newPaise: number,
  edit: RateEdit,
  current: () => Promise<unknown>,
): Promise<void> {
  if (row.version !== edit.version) throw conflict(STALE_EDIT_MESSAGE, { current: await current() });
  const refusal = rateChangeRefusal(what, row.ratePaise, newPaise, edit.confirmBigChange);
  if (refusal) throw new AppError('VALIDATION', refusal, [{ path: 'confirmBigChange', message: refusal }]);
}
