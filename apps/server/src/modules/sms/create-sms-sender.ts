import { indianMobileForSms } from '@zevar/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { SmsSender } from './sms-sender';
import { claimMessage, markFailed, markSent } from './sms-messages';
import { sendThroughMsg91, type Msg91Config } from './msg91-client';

export type SmsConfig = { mode: 'sandbox' } | ({ mode: 'msg91' } & Msg91Config);

export type SmsDeps = { db: Db; now: () => Date; fetchImpl?: typeof fetch };

export const SMS_TEXT = {
  notMobile: 'Not an Indian mobile number',
  beingSent: 'This message is being sent; try again shortly',
} as const;

/** SMS=sandbox|msg91 and MSG91_* from the parsed configuration (env.ts checks they are set). */
export function smsConfigFrom(env: {
  SMS: 'sandbox' | 'msg91';
  MSG91_AUTH_KEY?: string;
  MSG91_TEMPLATE_ID?: string;
  MSG91_SENDER?: string;
  MSG91_BASE_URL: string;
}): SmsConfig {
  if (env.SMS === 'sandbox') return { mode: 'sandbox' };
  if (!env.MSG91_AUTH_KEY || !env.MSG91_TEMPLATE_ID)
    throw new Error('SMS=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID');
  return {
    mode: 'msg91',
    authKey: env.MSG91_AUTH_KEY,
    templateId: env.MSG91_TEMPLATE_ID,
    sender: env.MSG91_SENDER,
    baseUrl: env.MSG91_BASE_URL,
  };
}

/** A real message's record keeps its words, not its codes: an admin reading it cannot take delivery. */
const hideDigits = (text: string) => text.replace(/\d/g, '•');

/**
 * The SmsSender the configuration asks for. Both keep one row per reference in sms_messages: the
 * sandbox sends nothing and its row is the message (readable by tests and super admins); with MSG91
 * the row is claimed before the call, so a repeated or retried send goes out once (decision 0038).
 */
export function createSmsSender(config: SmsConfig, deps: SmsDeps): SmsSender {
  const { db, now } = deps;
  const fetchImpl = deps.fetchImpl ?? fetch;
  return {
    mode: config.mode,
    async send({ to, text, reference }) {
      const mobile = indianMobileForSms(to);
      if (!mobile) throw badRequest(SMS_TEXT.notMobile, [{ path: 'to', message: SMS_TEXT.notMobile }]);
      if (!text.trim() || !reference.trim()) throw badRequest('A message needs a text and a reference');
      const claim = await claimMessage(db, now(), {
        reference,
        provider: config.mode,
        toPhone: mobile,
        body: config.mode === 'sandbox' ? text : hideDigits(text),
      });
      if ('done' in claim) return;
      if ('busy' in claim) throw new AppError('CONFLICT', SMS_TEXT.beingSent);
      if (config.mode === 'sandbox') return markSent(db, claim.id, now(), `sandbox-${claim.id}`);
      try {
        const providerId = await sendThroughMsg91(config, fetchImpl, { mobile, text });
        await markSent(db, claim.id, now(), providerId);
      } catch (e) {
        await markFailed(db, claim.id, e instanceof Error ? e.message : 'failed');
        throw e;
      }
    },
  };
}
