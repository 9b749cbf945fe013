/**
 * When a failed webhook delivery is tried again (README "Webhooks"): exponential backoff, by
 * default 6 attempts in all, the second 30 s after the first, each wait twice the one before
 * (30 s, 1 min, 2 min, 4 min, 8 min: the last attempt about a quarter of an hour after the
 * first), then the delivery is `failed` and stays redeliverable. A refused address is not tried
 * again: the sender refuses it by rule (SSRF), which no wait changes.
 */
import type { OutgoingFailureKind } from '../../core/outgoing/outgoing-failure';

export interface WebhookRetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The wait after the first failed attempt. */
  readonly firstDelaySeconds: number;
  /** Each later wait is this many times the one before. */
  readonly factor: number;
}

export const DEFAULT_WEBHOOK_RETRY_POLICY: WebhookRetryPolicy = Object.freeze({ maxAttempts: 6, firstDelaySeconds: 30, factor: 2 });

/** Failures no later attempt can fix. */
const FINAL_FAILURES: ReadonlySet<OutgoingFailureKind> = new Set(['refused_address']);

/**
 * The wait before the next attempt after `attempts` attempts failed, the last with `kind`; null
 * when none is left (or none is worth making).
 */
export function retryDelaySeconds(policy: WebhookRetryPolicy, attempts: number, kind: OutgoingFailureKind | 'internal'): number | null {
  if (kind !== 'internal' && FINAL_FAILURES.has(kind)) return null;
  if (attempts >= policy.maxAttempts) return null;
  return Math.round(policy.firstDelaySeconds * policy.factor ** Math.max(0, attempts - 1));
}
