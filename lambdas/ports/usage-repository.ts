/**
 * Language-model usage per user: one record per call and running totals, written together with
 * atomic additions, so the totals are one read and concurrent calls never lose a count.
 * DynamoDB: lambdas/adapters/dynamodb/usage-repository.ts.
 */

export type UsageOutcome = 'succeeded' | 'failed';

/** One model call as metered (lambdas/control-plane/metered-author.ts). */
export interface UsageInput {
  readonly operation: string;
  readonly provider: string;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costMicros: number;
  readonly latencyMs: number;
  readonly projectId: string | null;
  readonly outcome: UsageOutcome;
}

/** One call as recorded and answered (`GET /usage/recent`). */
export interface UsageRecord {
  readonly id: string;
  readonly operation: string;
  readonly provider: string;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Exact cost in cents (fractional: costs are kept in micro-dollars). */
  readonly costCents: number;
  readonly latencyMs: number;
  readonly projectId: string | null;
  /** `failed` when the model call failed (still metered). */
  readonly outcome: UsageOutcome;
  readonly createdAt: string;
}

export interface UsageTotals {
  /** The profile's email, null when the user has no profile yet. */
  readonly email: string | null;
  readonly totalCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costMicros: number;
}

export interface UsageRepository {
  record(userId: string, usage: UsageInput, now: Date): Promise<UsageRecord>;
  totals(userId: string): Promise<UsageTotals>;
  /** Newest first. */
  recent(userId: string, limit: number): Promise<UsageRecord[]>;
}
