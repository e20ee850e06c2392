import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { TRACK_TEXT, type TrackingView } from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { escapeHtml, queueEmail } from '../mail';
import { createTrackingSecrets } from './tracking-secrets';
import { orderByNumber, trackedOrderById, type TrackedOrder } from './tracked-orders.read-model';
import {
  CODE_MINUTES,
  MAX_CODES_PER_HOUR,
  codesSentSince,
  countWrongTry,
  liveCodeOf,
  recordCodeIn,
  spendCode,
} from './tracking-codes';
import { trackPageUrl } from './track-link';
import { trackingViewOf } from './shipment-timeline';
import { createDeliveryEstimates } from '../delivery';

/** Minutes a tracking token (after the right code) opens the order's timeline. */
export const TOKEN_MINUTES = 30;
/**
 * Every answer to a code request takes at least this long, whether or not the details matched, so
 * the time taken tells nothing about which orders exist.
 */
const MIN_ANSWER_MS = 350;

type Contact = { kind: 'email' | 'phone'; value: string };

const matches = (order: TrackedOrder, contact: Contact) =>
  contact.kind === 'email'
    ? order.customerEmail.toLowerCase() === contact.value
    : order.customerPhone.replace(/\D/g, '').slice(-10) === contact.value;

const wrongCode = () => new AppError('BAD_REQUEST', TRACK_TEXT.wrongCode);

function codeMail(order: TrackedOrder, code: string, link: string) {
  return [
    `<p>Dear ${escapeHtml(order.customerName)},</p>`,
    `<p>Your code to follow order <strong>${escapeHtml(order.orderNumber)}</strong> is:</p>`,
    `<p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p>`,
    `<p>It is valid for ${CODE_MINUTES} minutes. Enter it on <a href="${escapeHtml(link)}">the tracking page</a>.</p>`,
    '<p>If you did not ask for it, you can ignore this email: nobody can see your order without the code.</p>',
  ].join('\n');
}

/** What tracking needs of the SMS provider (the sms module's SmsSender fits it). */
type TextSender = { send(input: { to: string; text: string; reference: string }): Promise<void> };

export type TrackingDeps = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'cache' | 'carrier'> & {
  /** Also sends the code by SMS when the buyer gave their phone number (wired at merge). */
  sms?: TextSender;
  minAnswerMs?: number;
};

export function createTrackingService(deps: TrackingDeps) {
  const { db, config, now } = deps;
  const secrets = createTrackingSecrets(config.JWT_SECRET);
  const minAnswerMs = deps.minAnswerMs ?? MIN_ANSWER_MS;
  const delivery = createDeliveryEstimates(deps);

  async function sendCode(order: TrackedOrder, contact: Contact) {
    const at = now();
    if ((await codesSentSince(db, order.id, new Date(at.getTime() - 3600_000))) >= MAX_CODES_PER_HOUR) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const link = trackPageUrl(config, order);
    const codeId = await db.transaction(async (tx) => {
      const id = await recordCodeIn(tx, order.id, secrets.hashCode(order.id, code), at);
      await queueEmail(tx, {
        dedupeKey: `tracking-code:${id}`,
        to: order.customerEmail,
        subject: `${TRACK_TEXT.mailSubject}: ${order.orderNumber}`,
        html: codeMail(order, code, link),
      });
      return id;
    });
    if (contact.kind !== 'phone' || !deps.sms) return;
    // Not awaited: the provider's time must not show in the answer's; a failure is logged, the mail stands.
    deps.sms
      .send({
        to: order.customerPhone,
        text: `${code} is your Zevar code to track order ${order.orderNumber}. Valid ${CODE_MINUTES} minutes.`,
        reference: `tracking-code:${codeId}`,
      })
      .catch((err: unknown) => deps.log.warn({ err, orderId: order.id }, 'tracking code SMS failed'));
  }

  return {
    /** The same answer, after the same time, whether or not the order and contact match. */
    async requestCode(input: { orderNumber: string; contact: Contact }) {
      const started = performance.now();
      try {
        const order = await orderByNumber(db, input.orderNumber);
        if (order?.paid && matches(order, input.contact)) await sendCode(order, input.contact);
      } finally {
        const left = minAnswerMs - (performance.now() - started);
        if (left > 0) await sleep(left);
      }
      return { message: TRACK_TEXT.codeSent };
    },

    /** The right code gives a short-lived token; anything else one message, the same for every case. */
    async verifyCode(input: { orderNumber: string; code: string }) {
      const at = now();
      const order = await orderByNumber(db, input.orderNumber);
      const live = order?.paid ? await liveCodeOf(db, order.id, at) : undefined;
      const given = secrets.hashCode(order?.id ?? '', input.code);
      if (!order || !live) throw wrongCode();
      if (!secrets.sameHash(given, live.codeHash)) {
        await countWrongTry(db, live.id, at);
        throw wrongCode();
      }
      if (!(await spendCode(db, live.id, at))) throw wrongCode();
      const expiresAt = new Date(at.getTime() + TOKEN_MINUTES * 60_000);
      return { token: secrets.token(order.id, expiresAt), expiresAt: expiresAt.toISOString() };
    },

    /** The order's timeline for a token from verifyCode. */
    async view(token: string | undefined): Promise<TrackingView> {
      const orderId = token ? secrets.orderOfToken(token, now()) : null;
      const order = orderId ? await trackedOrderById(db, orderId) : undefined;
      if (!order) throw new AppError('UNAUTHORIZED', TRACK_TEXT.sessionEnded);
      return trackingViewOf({ db, config, now, delivery }, order);
    },
  };
}
