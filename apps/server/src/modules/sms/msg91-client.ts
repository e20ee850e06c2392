import { AppError } from '../../lib/errors';

export type Msg91Config = {
  authKey: string;
  /** The DLT-approved template whose one variable ##text## carries the message. */
  templateId: string;
  /** The DLT sender ID, when the template does not fix one. */
  sender?: string;
  /** https://control.msg91.com/api/v5, or a local stub in tests. */
  baseUrl: string;
  timeoutMs?: number;
};

export const MSG91_TEXT = {
  unreachable: 'The SMS provider cannot be reached',
  refused: 'MSG91 refused the message',
} as const;

/**
 * One message through MSG91's Flow API (POST {base}/flow, header authkey): the template, and one
 * recipient with the number as 91XXXXXXXXXX and the text as the template's variable. They answer
 * `{ type: 'success', message: <request id> }` or `{ type: 'error', message }`. An outage, a timeout
 * or a 5xx is UNAVAILABLE (retry later); a refusal BAD_REQUEST, in their words, never the key.
 */
export async function sendThroughMsg91(
  config: Msg91Config,
  fetchImpl: typeof fetch,
  message: { mobile: string; text: string },
): Promise<string> {
  let res: Response;
  try {
    res = await fetchImpl(`${config.baseUrl.replace(/\/+$/, '')}/flow`, {
      method: 'POST',
      headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        template_id: config.templateId,
        short_url: '0',
        ...(config.sender ? { sender: config.sender } : {}),
        recipients: [{ mobiles: message.mobile, text: message.text }],
      }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
  } catch {
    throw new AppError('UNAVAILABLE', MSG91_TEXT.unreachable);
  }
  if (res.status >= 500 || res.status === 429) throw new AppError('UNAVAILABLE', MSG91_TEXT.unreachable);
  const body = (await res.json().catch(() => ({}))) as { type?: unknown; message?: unknown };
  const words = typeof body.message === 'string' ? body.message.slice(0, 300) : '';
  if (res.ok && body.type === 'success') return words || 'accepted';
  throw new AppError('BAD_REQUEST', words ? `${MSG91_TEXT.refused}: ${words}` : MSG91_TEXT.refused);
}
