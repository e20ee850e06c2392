/**
 * Text messages to a buyer's phone (delivery codes, tracking codes), issue 22. The offline sandbox
 * (default) keeps them where an admin and tests can read them; the MSG91 client sends them for real.
 * Chosen once by SMS=sandbox|msg91, like PAYMENTS and SHIPPING.
 */
export interface SmsSender {
  readonly mode: 'sandbox' | 'msg91';
  /** Sends once per `reference` (a repeat with the same reference is not sent again). */
  send(input: { to: string; text: string; reference: string }): Promise<void>;
}
