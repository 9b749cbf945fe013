/**
 * What a deploy reads from and does to the records a project already holds (issue 24 "Data
 * safety"; the plan is pure: lambdas/core/deploy/data-safety.ts). The deployer runs these
 * against the project's table, locally and on AWS alike:
 *   - `readDataFacts`: per entity, how many records, how many hold a value of the asked fields,
 *     and how many values are shared where a unique rule is coming;
 *   - `runSafeStep`: re-index, back-fill a default, write or drop uniqueness claims.
 *
 * An entity's records live in one partition per organization (`<o>E#<Entity>`), so reaching all
 * of them is a Scan filtered on the partition (paginated; this runs once per deploy, never on a
 * request). Each rewrite is conditioned on the record's `updated_at` as read: a record the new
 * runtime changed meanwhile was written with the new blueprint already and is left alone.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BlueprintIR, IrEntity, IrField } from '../../core/blueprint/ir';
import type { DataFacts, DataQuestions, EntityFacts, SafeStep } from '../../core/deploy/data-safety';
import type { StoredRecord } from '../../ports/record-store';
import { PROJECT_TABLE_KEYS } from './project-table';
import { entityPartition, parseEntityPartition, uniqueKey, uniqueValue } from './project-table-keys';
import { itemOf, present, toRecord, type Item } from './records/record-item';
import { indexOrganizations } from './organization-list';

const { partitionKey: PK, sortKey: SK } = PROJECT_TABLE_KEYS;

interface StoredItem {
  readonly prefix: string;
  readonly item: Item;
}

/** Every record of `entity`, in every organization: a Scan of the table filtered on the entity's partitions. */
async function* recordsOf(doc: DynamoDBDocumentClient, tableName: string, entity: string): AsyncGenerator<StoredItem> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        // The filter narrows what is sent back; parseEntityPartition decides (E#Task is also inside E#TaskList).
        FilterExpression: 'contains(#pk, :partition)',
        ExpressionAttributeNames: { '#pk': PK },
        ExpressionAttributeValues: { ':partition': entityPartition('', entity) },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) {
      const parsed = parseEntityPartition(String(item[PK]));
      if (parsed && parsed.entity === entity) yield { prefix: parsed.prefix, item };
    }
    start = page.LastEvaluatedKey;
  } while (start);
}

/** The answers to `questions` about the records stored under the blueprint `deployed`. */
export async function readDataFacts(doc: DynamoDBDocumentClient, tableName: string, deployed: BlueprintIR, questions: DataQuestions): Promise<DataFacts> {
  const facts: Record<string, EntityFacts> = {};
  for (const question of questions.entities) {
    const entity = deployed.entities.find((e) => e.name === question.entity);
    if (!entity) continue;
    let records = 0;
    const filled: Record<string, number> = Object.fromEntries(question.filledFields.map((f) => [f, 0]));
    const holders = new Map<string, Map<string, number>>(question.duplicateFields.map((f) => [f, new Map()]));
    for await (const { prefix, item } of recordsOf(doc, tableName, entity.name)) {
      records += 1;
      for (const field of question.filledFields) if (present(item[field])) filled[field]! += 1;
      for (const [field, seen] of holders) {
        if (!present(item[field])) continue;
        // Compared as the unique rule compares them: per organization, emails case-insensitively.
        const key = uniqueKey(prefix, entity.name, field, uniqueValue(fieldOf(entity, field) ?? { type: 'string' }, item[field])).PK;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    const duplicates = Object.fromEntries([...holders].map(([field, seen]) => [field, [...seen.values()].filter((n) => n > 1).length]));
    facts[entity.name] = { records, filled, duplicates };
  }
  return facts;
}

const fieldOf = (entity: IrEntity, name: string): IrField | undefined => entity.fields.find((f) => f.name === name);

function entityOf(ir: BlueprintIR, name: string): IrEntity {
  const found = ir.entities.find((e) => e.name === name);
  if (!found) throw new Error(`The blueprint has no entity ${name}`);
  return found;
}

export interface SafeStepResult {
  /** Records (or claims) written. */
  readonly changed: number;
  /** Records left alone: changed meanwhile by the new runtime, or (claims) a value another record holds. */
  readonly skipped: number;
}

/**
 * Runs one step of the plan over the records stored: `before` is the blueprint they were
 * written with, `after` the one deployed now (the runtime already serves it).
 */
export async function runSafeStep(doc: DynamoDBDocumentClient, tableName: string, before: BlueprintIR, after: BlueprintIR, step: SafeStep): Promise<SafeStepResult> {
  switch (step.kind) {
    case 'reindex':
      return rewriteRecords(doc, tableName, entityOf(after, step.entity), undefined);
    case 'backfill':
      return rewriteRecords(doc, tableName, entityOf(after, step.entity), { field: step.field, value: step.value });
    case 'claim-unique':
      return claimUnique(doc, tableName, entityOf(after, step.entity), step.field);
    case 'release-unique':
      return releaseUnique(doc, tableName, entityOf(before, step.entity), step.field);
    case 'list-organizations':
      return { changed: await indexOrganizations({ doc, tableName }), skipped: 0 };
  }
}

/**
 * Writes every record's index keys from `entity` (the new blueprint's), setting `fill` where the
 * record has no value for it first: SET the index attributes the record now has, REMOVE the
 * others, conditioned on the record being unchanged since it was read.
 */
async function rewriteRecords(doc: DynamoDBDocumentClient, tableName: string, entity: IrEntity, fill: { field: string; value: unknown } | undefined): Promise<SafeStepResult> {
  let changed = 0;
  let skipped = 0;
  const allIndexAttributes = PROJECT_TABLE_KEYS.indexes.flatMap((index) => [index.partitionKey, index.sortKey]);
  for await (const { prefix, item } of recordsOf(doc, tableName, entity.name)) {
    const record = toRecord(entity, item) as Record<string, unknown>;
    const filling = fill !== undefined && !present(record[fill.field]);
    if (fill && filling) record[fill.field] = fill.value;
    if (fill && !filling) continue;
    const written = itemOf(entity, prefix, record as StoredRecord);
    const set = Object.entries(written).filter(([name]) => allIndexAttributes.includes(name) || (filling && name === fill.field));
    const remove = allIndexAttributes.filter((name) => !(name in written) && name in item);
    if (set.every(([name, value]) => item[name] === value) && remove.length === 0) continue;
    const names: Record<string, string> = { '#updated': 'updated_at' };
    const values: Record<string, unknown> = { ':seen': item.updated_at };
    const sets = set.map(([name, value], i) => {
      names[`#s${i}`] = name;
      values[`:s${i}`] = value;
      return `#s${i} = :s${i}`;
    });
    const removes = remove.map((name, i) => {
      names[`#r${i}`] = name;
      return `#r${i}`;
    });
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { [PK]: item[PK], [SK]: item[SK] },
          UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
          ConditionExpression: 'attribute_exists(#updated) AND #updated = :seen',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      changed += 1;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      skipped += 1;
    }
  }
  return { changed, skipped };
}

/** Writes the claim of every record's value of `field` (oldest record first: the one that keeps a shared value). */
async function claimUnique(doc: DynamoDBDocumentClient, tableName: string, entity: IrEntity, fieldName: string): Promise<SafeStepResult> {
  const field = fieldOf(entity, fieldName);
  if (!field) throw new Error(`${entity.name} has no field ${fieldName}`);
  const holders: StoredItem[] = [];
  for await (const stored of recordsOf(doc, tableName, entity.name)) if (present(stored.item[fieldName])) holders.push(stored);
  holders.sort((a, b) => String(a.item.created_at).localeCompare(String(b.item.created_at)) || String(a.item.id).localeCompare(String(b.item.id)));
  let changed = 0;
  let skipped = 0;
  for (const { prefix, item } of holders) {
    const key = uniqueKey(prefix, entity.name, fieldName, uniqueValue(field, item[fieldName]));
    try {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key, recordId: item.id },
          ConditionExpression: 'attribute_not_exists(#pk) OR recordId = :id',
          ExpressionAttributeNames: { '#pk': PK },
          ExpressionAttributeValues: { ':id': item.id },
        }),
      );
      changed += 1;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      skipped += 1;
    }
  }
  return { changed, skipped };
}

/** Deletes the claims of `field` as the blueprint that made it unique wrote them. */
async function releaseUnique(doc: DynamoDBDocumentClient, tableName: string, entity: IrEntity, fieldName: string): Promise<SafeStepResult> {
  const field = fieldOf(entity, fieldName);
  if (!field) throw new Error(`${entity.name} has no field ${fieldName}`);
  let changed = 0;
  for await (const { prefix, item } of recordsOf(doc, tableName, entity.name)) {
    if (!present(item[fieldName])) continue;
    const key = uniqueKey(prefix, entity.name, fieldName, uniqueValue(field, item[fieldName]));
    try {
      const { Attributes } = await doc.send(
        new DeleteCommand({ TableName: tableName, Key: key, ConditionExpression: 'attribute_not_exists(recordId) OR recordId = :id', ExpressionAttributeValues: { ':id': item.id }, ReturnValues: 'ALL_OLD' }),
      );
      // A record sharing a value whose claim another record held (and gave up first) deletes nothing.
      if (Attributes) changed += 1;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }
  return { changed, skipped: 0 };
}
