/**
 * What every part of the local identity (accounts, lock-out, codes) works with: where one
 * pool's items are kept and the clock that decides expiry. One table holds many pools (the
 * control plane's, one per generated project); local-identity-table-keys.ts builds their keys.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../core/clock';

export interface LocalPool {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Letters, digits, `-` and `_` only: it is part of every key. */
  readonly poolId: string;
  readonly clock: Clock;
}

/** Seconds since the epoch, as JWT times and DynamoDB TTLs count. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
