/**
 * The signature of every outgoing request BGS sends (workflow `call` steps, webhooks later), and
 * the check a receiver runs. Pure: the sender (lambdas/adapters/outgoing/) signs with it, a
 * receiver written in TypeScript can verify with it, and README "Outgoing endpoints" describes
 * the same steps for any language.
 *
 *   X-BGS-Delivery:  a delivery id (the same on every retry of one delivery: receivers dedupe on it)
 *   X-BGS-Timestamp: unix seconds when this attempt was signed
 *   X-BGS-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>
 *
 * The timestamp is inside the signed text so a captured request cannot be replayed later than the
 * receiver's tolerance window; the body is signed byte for byte as sent (never re-serialized).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DELIVERY_HEADER = 'X-BGS-Delivery';
export const TIMESTAMP_HEADER = 'X-BGS-Timestamp';
export const SIGNATURE_HEADER = 'X-BGS-Signature';
/** The scheme of the signature; a new scheme gets a new prefix, so receivers can accept both during a change. */
export const SIGNATURE_SCHEME = 'v1';
/** How far a timestamp may be from the receiver's clock, either way, by default (as Stripe's 5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `<timestamp>.<body>` under `secret`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The three headers of one signed attempt (the signature only when the endpoint has a secret). */
export function signedHeaders(input: { deliveryId: string; timestamp: number; body: string; secret: string | undefined }): Record<string, string> {
  const headers: Record<string, string> = { [DELIVERY_HEADER]: input.deliveryId, [TIMESTAMP_HEADER]: String(input.timestamp) };
  if (input.secret !== undefined) headers[SIGNATURE_HEADER] = `${SIGNATURE_SCHEME}=${signatureOf(input.secret, input.timestamp, input.body)}`;
  return headers;
}

export interface VerifyInput {
  readonly secret: string;
  /** The raw request body, exactly as received (before any JSON parsing). */
  readonly body: string;
  /** The X-BGS-Timestamp header. */
  readonly timestamp: string | undefined;
  /** The X-BGS-Signature header: one or more comma-separated `v1=<hex>` (a receiver rotating secrets may see two). */
  readonly signature: string | undefined;
  /** The receiver's clock, unix seconds. */
  readonly nowSeconds: number;
  /** @default DEFAULT_TOLERANCE_SECONDS */
  readonly toleranceSeconds?: number;
}

export type VerifyResult = { readonly ok: true; readonly timestamp: number } | { readonly ok: false; readonly reason: string };

/**
 * A receiver's check: the timestamp is an integer within the tolerance of its clock, and one of
 * the `v1=` signatures is the HMAC of `<timestamp>.<body>` (compared in constant time).
 */
export function verifySignature(input: VerifyInput): VerifyResult {
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (input.timestamp === undefined || !/^\d{1,12}$/.test(input.timestamp)) return { ok: false, reason: 'missing or malformed timestamp' };
  const timestamp = Number(input.timestamp);
  if (Math.abs(input.nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'timestamp outside the tolerance window' };
  const candidates = (input.signature ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${SIGNATURE_SCHEME}=`))
    .map((part) => part.slice(SIGNATURE_SCHEME.length + 1));
  if (candidates.length === 0) return { ok: false, reason: `no ${SIGNATURE_SCHEME} signature` };
  const expected = Buffer.from(signatureOf(input.secret, timestamp, input.body), 'hex');
  const matches = candidates.some((hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'signature does not match' };
}
