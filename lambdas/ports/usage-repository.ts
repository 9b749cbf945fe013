/**
 * Language-model usage per user: one record per call and running totals, written together with
 * atomic additions, so the totals are one read and concurrent calls never lose a count.
 * DynamoDB: lambdas/adapters/dynamodb/usage-repository.ts.
 */

import type { UsageOutcome, UsageRecord } from '../core/control-plane-records';

export type { UsageOutcome, UsageRecord };

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
