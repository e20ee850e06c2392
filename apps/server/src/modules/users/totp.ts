import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  timeStep,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from '@zevar/domain';

/** The name authenticator apps show above the codes. */
const ISSUER = 'Zevar';

function totpOf(base32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it typed out. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code holds, and the QR code itself as an SVG made here (no third party sees the secret). */
export async function enrolmentOf(base32: string, label: string) {
  const otpauthUrl = totpOf(base32, label).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: base32, otpauthUrl, qrSvg };
}

/**
 * The time step whose code `code` is, within one step either side of now, or null. Whether that
 * step may still be accepted (replays) is the domain's `acceptsStep`.
 */
export function matchedStep(base32: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s/g, '');
  const delta = totpOf(base32).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : timeStep(nowMs) + delta;
}

/** The key the secrets are sealed with: derived from JWT_SECRET for this one use (HKDF-SHA256). */
export function secretKeyFrom(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'zevar', 'totp-secret-v1', 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url; a copy of the database alone opens nothing. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown second-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of ten characters (about 49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let chars = '';
    while (chars.length < 10) chars += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!;
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What is stored of a recovery code. A fast hash is enough: the codes are random (not chosen by a
 * person), each guess at sign-in goes through the rate limiter, and a code works once.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
