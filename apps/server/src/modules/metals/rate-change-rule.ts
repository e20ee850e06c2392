import { rateChangeRefusal } from '@zevar/domain';
import { AppError } from '../../lib/errors';

/**
 * The one server-side rule every rate change passes, whichever path it comes by (fine rate, purity
 * rate, gold and silver together; browser or API): a change of more than 10 % without the second
 * confirmation is refused with 400 and the field `confirmBigChange` named, before anything is written.
 */
export function assertRateChangeConfirmed(
  what: string,
  oldPaise: number,
  newPaise: number,
  confirmed: boolean | undefined,
): void {
  const refusal = rateChangeRefusal(what, oldPaise, newPaise, confirmed);
  if (refusal) throw new AppError('VALIDATION', refusal, [{ path: 'confirmBigChange', message: refusal }]);
}
