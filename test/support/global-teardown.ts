import type { DynamoDbLocal } from '../../lambdas/local/dynamodb-local';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __bgsDynamo?: DynamoDbLocal }).__bgsDynamo?.stop();
}
