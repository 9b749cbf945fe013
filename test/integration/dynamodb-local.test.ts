import { TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTestTable } from '../support/dynamo';

describe('DynamoDB Local (the run-wide instance)', () => {
  it('creates tables with the shared key schema and runs transactions', async () => {
    const { tableName, doc } = await createTestTable('smoke');
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: { PK: 'a', SK: 'a', v: 1 } } },
          { Put: { TableName: tableName, Item: { PK: 'b', SK: 'b', v: 2 } } },
        ],
      }),
    );
    const got = await doc.send(new GetCommand({ TableName: tableName, Key: { PK: 'b', SK: 'b' } }));
    expect(got.Item?.v).toBe(2);
  });
});
