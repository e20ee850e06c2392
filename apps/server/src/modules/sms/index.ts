/** The SMS module's public entry: other modules import from here, never its files. */
export { createSmsSender, smsConfigFrom } from './create-sms-sender';
export type { SmsSender } from './sms-sender';
