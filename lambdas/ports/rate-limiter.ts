/**
 * Rate-limit counters shared by every instance of a service: the control plane's request
 * categories and a generated API's auth routes. DynamoDB (atomic ADD, one item per window):
 * lambdas/adapters/dynamodb/rate-limit-store.ts.
 */
import type { RateDecision, RateRule } from '../core/rate-limit';

/** Hits counted in one or more windows, and the decision on all of them together. */
export interface RateTicket {
  readonly decision: RateDecision;
  /** Takes the hits back (in the windows they were counted in): the attempt turned out not to count. */
  refund(): Promise<void>;
}

export interface RateLimiter {
  /** One hit in the current window of the limiter's default length. */
  hit(category: string, subject: string, limit: number): Promise<RateDecision>;
  /** One hit in every window of `rules` (20 a minute AND 200 an hour), decided together. */
  hitAll(category: string, subject: string, rules: readonly RateRule[]): Promise<RateTicket>;
}
