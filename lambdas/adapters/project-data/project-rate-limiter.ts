/**
 * The rate limiter of a generated project (the auth routes' limits, the signup mail budget):
 * the shared DynamoDB counter store over the project's own table, with that table's TTL
 * attribute and its key module's counter key. The AWS runtime and the local host both build it
 * here, so neither spells the project table's layout.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../core/clock';
import { DynamoRateLimiter } from '../dynamodb/rate-limit-store';
import { PROJECT_TTL_ATTRIBUTE } from './project-table';
import { rateCounterKey } from './project-table-keys';

export function projectRateLimiter(props: { doc: DynamoDBDocumentClient; tableName: string; clock: Clock }): DynamoRateLimiter {
  return new DynamoRateLimiter({ ...props, ttlAttribute: PROJECT_TTL_ATTRIBUTE, counterKey: rateCounterKey });
}
