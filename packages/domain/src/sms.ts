import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { safeString } from './primitives';

/**
 * An Indian mobile number as SMS providers take it: 91 and the 10 digits (MSG91's `mobiles`). The
 * shop stores 10 digits (phoneSchema); a +91, 91 or 0 prefix and spaces or hyphens are accepted too.
 * Undefined when it is not a mobile number (Indian mobiles start with 6, 7, 8 or 9).
 */
export function indianMobileForSms(phone: string): string | undefined {
  const digits = phone.trim().replace(/^\+/, '').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const national =
    digits.length === 12 && digits.startsWith('91')
      ? digits.slice(2)
      : digits.length === 11 && digits.startsWith('0')
        ? digits.slice(1)
        : digits;
  return /^[6-9]\d{9}$/.test(national) ? `91${national}` : undefined;
}

export const SMS_PROVIDERS = ['sandbox', 'msg91'] as const;
export const SMS_STATUSES = ['SENDING', 'SENT', 'FAILED'] as const;

/** One text message as a super admin sees it (admin: GET /api/sms/messages). */
export const smsMessageSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  provider: z.enum(SMS_PROVIDERS),
  /** 91 and the 10 digits. */
  to: z.string(),
  /** The whole text for the sandbox; a real message's digits (delivery codes) are hidden. */
  text: z.string(),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsQuerySchema = pageQuerySchema(20).extend({
  /** Only the message with this reference (as a test or an admin looks one up). */
  reference: safeString().trim().min(1).max(200).optional(),
});
export type SmsQuery = z.infer<typeof smsQuerySchema>;
