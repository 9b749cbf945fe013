/**
 * The table of one deployed generated project (DESIGN.md "Storage": control-plane and project
 * data live in separate tables): PK/SK, the overloaded GSIs every entity shares (GSI1..GSI<n>,
 * n = MAX_INDEXES_PER_ENTITY, each entity's `indexes` say which field uses which), on-demand
 * billing and a TTL attribute (invitations, codes). The key layout of the items is in
 * lambdas/ports/record-store.ts; the builders below are the one place that spells it.
 *
 * CDK (the project stack) and the local deployer both read PROJECT_TABLE_KEYS, so they cannot drift.
 */
import { createHash } from 'node:crypto';
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { MAX_INDEXES_PER_ENTITY, USER_ENTITY, type BlueprintIR, type IrEntity, type IrField } from '../../core/blueprint/ir';

/** The attribute names of one overloaded GSI. */
export interface ProjectIndexKeys {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

/** Epoch seconds; DynamoDB deletes expired items lazily, so readers also check it. */
/**
 * `_ttl`, not `ttl`: records carry their fields as top-level attributes, and a spec may well
 * name a field `ttl`; an integer there would read as an expiry time and DynamoDB would delete
 * the record. Field names are snake_case and never start with `_`.
 */
export const PROJECT_TTL_ATTRIBUTE = '_ttl';

export const PROJECT_TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** GSI1..GSI<MAX_INDEXES_PER_ENTITY>: `GSI<n>PK` names the list, `GSI<n>SK` orders it. */
  indexes: Array.from({ length: MAX_INDEXES_PER_ENTITY }, (_, i): ProjectIndexKeys => ({
    indexName: `GSI${i + 1}`,
    partitionKey: `GSI${i + 1}PK`,
    sortKey: `GSI${i + 1}SK`,
  })),
  ttlAttribute: PROJECT_TTL_ATTRIBUTE,
} as const;

/** The attributes of the GSI an IR index names (`GSI3` -> GSI3PK/GSI3SK); an unknown name is a server bug. */
export function projectIndexKeys(indexName: string): ProjectIndexKeys {
  const found = PROJECT_TABLE_KEYS.indexes.find((index) => index.indexName === indexName);
  if (!found) throw new Error(`The project table has no index ${indexName} (GSI1..GSI${MAX_INDEXES_PER_ENTITY})`);
  return found;
}

/** The CreateTable request of a generated project's table. */
export function projectTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, indexes } = PROJECT_TABLE_KEYS;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [partitionKey, sortKey, ...indexes.flatMap((index) => [index.partitionKey, index.sortKey])].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: indexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      // ALL: a list page is one Query, never a Query plus a GetItem per record.
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * Creates the project's table unless it exists, waits until it is ACTIVE and enables TTL
 * (DynamoDB Local supports the TTL API). Idempotent: safe on every start and on a redeploy.
 */
export async function ensureProjectTable(client: DynamoDBClient, tableName: string, maxWaitSeconds = 60): Promise<void> {
  try {
    await client.send(new CreateTableCommand(projectTableInput(tableName)));
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
  }
  await waitUntilTableExists({ client, maxWaitTime: maxWaitSeconds }, { TableName: tableName });
  if (await ttlEnabled(client, tableName)) return;
  try {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: PROJECT_TTL_ATTRIBUTE, Enabled: true } }));
  } catch (err) {
    // Another process enabling it at the same time makes this call fail; that is the goal reached.
    if (!(await ttlEnabled(client, tableName))) throw err;
  }
}

async function ttlEnabled(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = TimeToLiveDescription?.TimeToLiveStatus;
  return status === 'ENABLED' || status === 'ENABLING';
}

// --- item keys (the layout of lambdas/ports/record-store.ts) ---------------------------------

/**
 * `O#<orgId>#` for a tenant-scoped entity of a multi-tenant project, else ''. `entity` is an IR
 * entity or the built-in User entity (its members), which is tenant-scoped whenever the project
 * is multi-tenant. A tenant-scoped key without an organization is a server bug, never a client's
 * fault: the handler builds the scope from a verified token.
 */
export function scopePrefix(ir: Pick<BlueprintIR, 'tenancy'>, entity: Pick<IrEntity, 'name' | 'tenantScoped'> | typeof USER_ENTITY, orgId: string | null): string {
  if (ir.tenancy.mode !== 'multi') return '';
  const name = typeof entity === 'string' ? entity : entity.name;
  const scoped = typeof entity === 'string' ? true : entity.tenantScoped;
  if (!scoped) return '';
  if (orgId === null || orgId === '') throw new Error(`${name} is tenant-scoped in a multi-tenant project: its keys need an organization, and the scope has none`);
  return `O#${orgId}#`;
}

export interface ItemKey {
  PK: string;
  SK: string;
}

/** A record: PK `<o>E#<Entity>`, SK `<id>`. */
export const recordKey = (prefix: string, entityName: string, id: string): ItemKey => ({ PK: entityPartition(prefix, entityName), SK: id });

/** The partition of an entity's records (ids sort by creation time, so it lists in creation order). */
export const entityPartition = (prefix: string, entityName: string): string => `${prefix}E#${entityName}`;

/** A member of the project (the built-in User entity), which `ref(User)` fields point at. */
export const memberKey = (ir: Pick<BlueprintIR, 'tenancy'>, orgId: string | null, userId: string): ItemKey =>
  recordKey(scopePrefix(ir, USER_ENTITY, orgId), USER_ENTITY, userId);

/**
 * A partition key holds at most 2,048 bytes: a longer value (a unique string without a maximum
 * length, say) is keyed by its SHA-256 instead, under `<field>~sha256` so it can never equal a
 * literal value's key (field names are snake_case: no `~`).
 */
export const MAX_KEY_VALUE_BYTES = 1024;

/** `<field>#<value>` as it appears in index and unique keys (numbers and booleans as their JSON text). */
export function fieldValueKey(field: string, value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') text = String(value);
  else throw new Error(`${field}: a ${Array.isArray(value) ? 'list' : typeof value} value cannot be part of a key`);
  if (Buffer.byteLength(text, 'utf8') <= MAX_KEY_VALUE_BYTES) return `${field}#${text}`;
  return `${field}~sha256#${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/**
 * The value a unique item is keyed by: emails compare case-insensitively (as the identity
 * treats sign-in emails), so `Ada@x.org` and `ada@x.org` cannot both be taken; other values as
 * they are.
 */
export function uniqueValue(field: Pick<IrField, 'type'>, value: unknown): unknown {
  return field.type === 'email' && typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** An index entry's partition: GSI<n>PK `<o><Entity>#<field>#<value>`. */
export const indexPartitionKey = (prefix: string, entityName: string, field: string, value: unknown): string => `${prefix}${entityName}#${fieldValueKey(field, value)}`;

/** An index entry's sort key: GSI<n>SK `<created_at>#<id>` (creation order, ties broken by id). */
export const indexSortKey = (createdAt: string, id: string): string => `${createdAt}#${id}`;

/** A unique value's claim: PK `<o>U#<Entity>#<field>#<value>`, SK `U`. */
export const uniqueKey = (prefix: string, entityName: string, field: string, value: unknown): ItemKey => ({ PK: `${prefix}U#${entityName}#${fieldValueKey(field, value)}`, SK: 'U' });
