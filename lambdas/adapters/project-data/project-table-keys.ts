/**
 * THE keys of a generated project's table: every PK/SK the project's items use is spelled here
 * and nowhere else (test/unit/key-modules.test.ts holds the rest of lambdas/ and local/ to it).
 * `<o>` = `O#<orgId>#` for a tenant-scoped item of a multi-tenant project, else ''.
 *
 *   record          PK `<o>E#<Entity>`                      SK `<id>`           (lambdas/ports/record-store.ts)
 *   member          PK `<o>E#User`                          SK `<userId>`       the built-in User entity's record
 *   index entry     GSI<n>PK `<o><Entity>#<field>#<value>`  GSI<n>SK `<created_at>#<id>`
 *   unique value    PK `<o>U#<Entity>#<field>#<value>`      SK `U`
 *   user pointer    PK `M#<userId>`                         SK `M`              which organization (membership-store.ts)
 *   email pointer   PK `EMAIL#<email>`                      SK `M`
 *   organization    PK `<o>ORG`                             SK `ORG`            (single-tenant: `ORG`, the admin counter)
 *   invitation      PK `INVITE#<sha256(code)>`              SK `I`              (the code itself is never stored)
 *   first admin     PK `META`                               SK `FIRST_ADMIN`
 *   blueprint       PK `META`                               SK `BLUEPRINT`      (deployed-blueprint.ts)
 *   upload grant    PK `<o>G#<Entity>#<recordId>`           SK `<fileKey>`      (file-grant-store.ts)
 *   rate counter    PK `RATE#<category>#<hash>`             SK `W<seconds>#<window start>` (rate-limit-store.ts)
 *   durable execution  PK `DX#<instanceId>`                 SK `X`              the local durable engine (adapters/durable/local/)
 *   its input op    PK `DX#<instanceId>`                    SK `EXOP`           the EXECUTION operation
 *   its operations  PK `DX#<instanceId>`                    SK `OP#<operationId>` one item each
 *   callback pointer PK `DXCB#<callbackId>`                 SK `CB`             -> (execution, operation)
 *   due item        PK `DXDUE`                              SK `<dueAt ms, 15 digits>#<instanceId>#<operationId>`
 *   invocation in flight PK `DXRUN`                         SK `<instanceId>`   re-run at a restart
 *   stream position PK `STREAM#<stream label>`              SK `<shardId>`      local change reader (record-changes/)
 *   event run       PK `<o>EVRUN#<runId>`                   SK `R`              a handler's or a job's run (event-run-store.ts)
 *   schedule state  PK `SCHED#<job name>`                   SK `S`              the local scheduler's last occurrence run
 *   event job       PK `EVJOB`                              SK `<dueAt ms>#<jobId>` the local event-job queue (adapters/event-jobs/)
 *   organization list GSI1PK `~ORG`                          GSI1SK `<created_at>#<orgId>` on the organization item
 *   webhook         PK `<o>WH`                              SK `W#<id>`, `N`    subscriptions and their count (webhook-store.ts)
 *   webhook delivery PK `<o>WHD#<webhookId>`                 SK `<deliveryId>`   lists: GSI1/GSI2 `<o>~WHD#<webhookId>[@<status>]`
 *
 * Only records live in `<o>E#<Entity>` partitions: the change stream's consumers see every item
 * there (except members) as a record change, so no other item may ever use such a partition.
 * The attribute names (PK, SK, GSI<n>PK/SK, _ttl) and the table itself: project-table.ts.
 */
import { createHash } from 'node:crypto';
import { USER_ENTITY, type BlueprintIR, type IrEntity, type IrField } from '../../core/blueprint/ir';
import { normalizeEmail } from '../../core/email';

export interface ItemKey {
  PK: string;
  SK: string;
}

// --- organizations ------------------------------------------------------------------------------

/** The prefix of every key of an organization's tenant-scoped items (`null`: single-tenant, ''). */
export const orgPrefix = (orgId: string | null): string => (orgId === null ? '' : `O#${orgId}#`);

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
  return orgPrefix(orgId);
}

/** The organization item (single-tenant: the project's one organization, holding only its admin counter). */
export const orgKey = (orgId: string | null): ItemKey => ({ PK: `${orgPrefix(orgId)}ORG`, SK: 'ORG' });

// --- records ------------------------------------------------------------------------------------

/** The partition of an entity's records (ids sort by creation time, so it lists in creation order). */
export const entityPartition = (prefix: string, entityName: string): string => `${prefix}E#${entityName}`;

const ENTITY_PARTITION = /^((?:O#[^#]+#)?)E#([A-Za-z][A-Za-z0-9]*)$/;

/**
 * The reverse of entityPartition: the key prefix and entity of a record's partition, or null for
 * any other item (a claim, a pointer, the blueprint). What a migration over every organization's
 * records of an entity reads a Scan's items with (lambdas/adapters/project-data/data-migration.ts).
 */
export function parseEntityPartition(pk: string): { prefix: string; entity: string } | null {
  const match = ENTITY_PARTITION.exec(pk);
  return match ? { prefix: match[1]!, entity: match[2]! } : null;
}

/** The organization of a key prefix (the reverse of orgPrefix): '' -> null. */
export function orgIdOfPrefix(prefix: string): string | null {
  if (prefix === '') return null;
  const match = /^O#([^#]+)#$/.exec(prefix);
  if (!match) throw new Error(`${prefix} is not an organization's key prefix`);
  return match[1]!;
}

/** A record: PK `<o>E#<Entity>`, SK `<id>`. */
export const recordKey = (prefix: string, entityName: string, id: string): ItemKey => ({ PK: entityPartition(prefix, entityName), SK: id });

/**
 * A member of the project: the built-in User entity's record, which `ref(User)` fields point at
 * (`orgId` null in a single-tenant project, as the membership store keeps it).
 */
export const memberKey = (orgId: string | null, userId: string): ItemKey => recordKey(orgPrefix(orgId), USER_ENTITY, userId);

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
  return field.type === 'email' && typeof value === 'string' ? normalizeEmail(value) : value;
}

/** An index entry's partition: GSI<n>PK `<o><Entity>#<field>#<value>`. */
export const indexPartitionKey = (prefix: string, entityName: string, field: string, value: unknown): string => `${prefix}${entityName}#${fieldValueKey(field, value)}`;

/** An index entry's sort key: GSI<n>SK `<created_at>#<id>` (creation order, ties broken by id). */
export const indexSortKey = (createdAt: string, id: string): string => `${createdAt}#${id}`;

/** A unique value's claim: PK `<o>U#<Entity>#<field>#<value>`, SK `U`. */
export const uniqueKey = (prefix: string, entityName: string, field: string, value: unknown): ItemKey => ({ PK: `${prefix}U#${entityName}#${fieldValueKey(field, value)}`, SK: 'U' });

// --- membership ---------------------------------------------------------------------------------

/** Which organization a user belongs to (tokens, /auth/me). */
export const memberPointerKey = (userId: string): ItemKey => ({ PK: `M#${userId}`, SK: 'M' });

/** Which member an email is (confirm and reset find the member by it); the email as normalizeEmail keeps it. */
export const emailPointerKey = (email: string): ItemKey => ({ PK: `EMAIL#${email}`, SK: 'M' });

/** An invitation, keyed by its code's SHA-256: the table never holds a usable code. */
export const invitationKey = (code: string): ItemKey => ({ PK: `INVITE#${createHash('sha256').update(code).digest('hex')}`, SK: 'I' });

/** Single-tenant: who became the admin by confirming first (one conditional write decides). */
export const FIRST_ADMIN_KEY: Readonly<ItemKey> = Object.freeze({ PK: 'META', SK: 'FIRST_ADMIN' });

// --- the deployed blueprint ---------------------------------------------------------------------

/** The blueprint the project runs (deployed-blueprint.ts). */
export const DEPLOYED_BLUEPRINT_KEY = { PK: 'META', SK: 'BLUEPRINT' } as const;

// --- files --------------------------------------------------------------------------------------

/** An upload grant of one record: PK `<o>G#<Entity>#<recordId>`, SK the fileKey. */
export const grantKey = (orgId: string | null, entity: string, recordId: string, fileKey: string): ItemKey => ({ PK: `${orgPrefix(orgId)}G#${entity}#${recordId}`, SK: fileKey });

// --- rate limits --------------------------------------------------------------------------------

/** One rate counter (the auth routes' limits, the signup mail budget): a hashed subject, one item per window. */
export const rateCounterKey = (category: string, subjectHash: string, windowSeconds: number, windowStart: number): ItemKey => ({
  PK: `RATE#${category}#${subjectHash}`,
  SK: `W${windowSeconds}#${windowStart}`,
});

// --- workflow instances (workflow-instance-store.ts) --------------------------------------------

/**
 * A workflow instance and what belongs to it, in one partition `<o>WF#<instanceId>`: the instance
 * (SK `I`), its completed steps (SK `S#<seq>`), signals kept for a later wait (SK `N#<at>#<id>`).
 */
export const workflowInstancePartition = (orgId: string | null, instanceId: string): string => `${orgPrefix(orgId)}WF#${instanceId}`;
export const workflowInstanceKey = (orgId: string | null, instanceId: string): ItemKey => ({ PK: workflowInstancePartition(orgId, instanceId), SK: 'I' });
/** Sequence numbers pad to 5 digits so steps sort in order (a history holds at most 25,000 operations). */
export const workflowStepKey = (orgId: string | null, instanceId: string, seq: number): ItemKey => ({ PK: workflowInstancePartition(orgId, instanceId), SK: `S#${String(seq).padStart(5, '0')}` });
export const WORKFLOW_STEP_PREFIX = 'S#';
export const workflowInboxKey = (orgId: string | null, instanceId: string, at: string, deliveryId: string): ItemKey => ({ PK: workflowInstancePartition(orgId, instanceId), SK: `N#${at}#${deliveryId}` });
export const WORKFLOW_INBOX_PREFIX = 'N#';

/**
 * The lists an instance item is in, through the shared GSIs: GSI1 every instance of the organization,
 * GSI2 the instances a record started, GSI3 the instances of one status; each newest first by
 * `<createdAt>#<id>`. They start with `~`, which no entity's index partition (`<Entity>#...`) can.
 */
export const workflowListPartition = (orgId: string | null): string => `${orgPrefix(orgId)}~WF`;
export const workflowRecordPartition = (orgId: string | null, entity: string, recordId: string): string => `${orgPrefix(orgId)}~WF#${entity}#${recordId}`;
export const workflowStatusPartition = (orgId: string | null, status: string): string => `${orgPrefix(orgId)}~WF@${status}`;
export const WORKFLOW_INDEXES = { all: 'GSI1', record: 'GSI2', status: 'GSI3' } as const;

/** An instance waiting for a record change: PK `<o>WFW#<waitKey>` (record-waits.ts spells the key), SK the instance. */
export const workflowRecordWaitKey = (orgId: string | null, waitKey: string, instanceId: string): ItemKey => ({ PK: `${orgPrefix(orgId)}WFW#${waitKey}`, SK: instanceId });
export const workflowRecordWaitPartition = (orgId: string | null, waitKey: string): string => `${orgPrefix(orgId)}WFW#${waitKey}`;

/** How many instances run in the whole project (the limit is the project's, not an organization's). */
export const WORKFLOWS_RUNNING_KEY = { PK: 'META', SK: 'WF_RUNNING' } as const;

// --- the local change reader --------------------------------------------------------------------

/**
 * How far the local change reader has handed on one shard of the table's stream (its last
 * acknowledged sequence number). Per stream label: a stream turned off and on again is a new
 * stream whose shards start afresh. Not an entity partition, so the reader ignores its own writes.
 */
export const streamPositionPartition = (streamLabel: string): string => `STREAM#${streamLabel}`;
export const streamPositionKey = (streamLabel: string, shardId: string): ItemKey => ({ PK: streamPositionPartition(streamLabel), SK: shardId });

// --- durable executions (the local engine: lambdas/adapters/durable/local/) ---------------------

/** The partition of one durable execution: its item, its input operation and its operations. */
const durablePartition = (instanceId: string): string => `DX#${instanceId}`;

/** A durable execution (status, current checkpoint token, result). */
export const durableExecutionKey = (instanceId: string): ItemKey => ({ PK: durablePartition(instanceId), SK: 'X' });

/**
 * The execution's own EXECUTION operation (its input), apart from `OP#` so that a page of
 * operations never has to find it: the SDK takes the first operation it is given as the input.
 */
export const durableInputOperationKey = (instanceId: string): ItemKey => ({ PK: durablePartition(instanceId), SK: 'EXOP' });

/** The sort-key prefix of an execution's operations: one item each (a checkpoint may carry 256 KB, an item holds 400 KB). */
export const DURABLE_OPERATION_SK_PREFIX = 'OP#';

export const durableOperationKey = (instanceId: string, operationId: string): ItemKey => ({ PK: durablePartition(instanceId), SK: `${DURABLE_OPERATION_SK_PREFIX}${operationId}` });

/** The partition key of an execution's items (a Query over its operations). */
export const durableExecutionPartition = durablePartition;

/** Which execution and operation a callback id belongs to (callback ids are random: they arrive from outside). */
export const durableCallbackKey = (callbackId: string): ItemKey => ({ PK: `DXCB#${callbackId}`, SK: 'CB' });

/**
 * Everything due at a time (waits, retry delays, callback timeouts, re-invocations) in one
 * partition ordered by due time: what is due is one Query (SK <= durableDueUpperBound(now)), and
 * the next wake-up is the first item. A local engine's load only: on AWS, Lambda schedules.
 */
export const DURABLE_DUE_PARTITION = 'DXDUE';

const DUE_TIME_DIGITS = 15;

/** A due item; `operationId` '' for a re-invocation of the execution itself. */
export const durableDueKey = (dueAtMs: number, instanceId: string, operationId: string): ItemKey => ({
  PK: DURABLE_DUE_PARTITION,
  SK: `${String(Math.max(0, Math.floor(dueAtMs))).padStart(DUE_TIME_DIGITS, '0')}#${instanceId}#${operationId}`,
});

/**
 * The executions whose invocation is under way (one item each, gone when it ends): a local
 * engine opening after its process died re-runs them at once instead of after their lease.
 */
export const DURABLE_RUNNING_PARTITION = 'DXRUN';

export const durableRunningKey = (instanceId: string): ItemKey => ({ PK: DURABLE_RUNNING_PARTITION, SK: instanceId });

/** The greatest sort key due at `nowMs` ('~' sorts after every id character). */
export const durableDueUpperBound = (nowMs: number): string => `${String(Math.max(0, Math.floor(nowMs))).padStart(DUE_TIME_DIGITS, '0')}#~`;

// --- organizations, listed (scheduled jobs run once per organization) ---------------------------

/**
 * Every organization of a multi-tenant project, through GSI1 on its organization item: one
 * partition, oldest first. `~` keeps it apart from every entity's index partition.
 */
export const ORGANIZATION_LIST = { index: 'GSI1', partition: '~ORG', pk: 'GSI1PK', sk: 'GSI1SK' } as const;
export const organizationListSortKey = (createdAt: string, orgId: string): string => `${createdAt}#${orgId}`;

// --- event handlers and scheduled jobs (issue 27) ----------------------------------------------

/** One run of an event handler (per change) or of a scheduled job (per occurrence and organization). */
export const eventRunKey = (orgId: string | null, runId: string): ItemKey => ({ PK: `${orgPrefix(orgId)}EVRUN#${runId}`, SK: 'R' });

/** The parked runs of an organization, newest first, through GSI1 (set only while parked). */
export const parkedRunPartition = (orgId: string | null): string => `${orgPrefix(orgId)}~EV@parked`;
export const PARKED_RUN_INDEX = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' } as const;

/** The local scheduler's memory of a job: the last occurrence it ran (on AWS, EventBridge Scheduler keeps time). */
export const scheduleStateKey = (job: string): ItemKey => ({ PK: `SCHED#${job}`, SK: 'S' });

/** The local event-job queue: one partition ordered by due time, like the durable engine's due items. */
export const EVENT_JOB_PARTITION = 'EVJOB';
export const eventJobKey = (dueAtMs: number, jobId: string): ItemKey => ({
  PK: EVENT_JOB_PARTITION,
  SK: `${String(Math.max(0, Math.floor(dueAtMs))).padStart(DUE_TIME_DIGITS, '0')}#${jobId}`,
});
/** The greatest event-job sort key due at `nowMs`. */
export const eventJobDueUpperBound = (nowMs: number): string => `${String(Math.max(0, Math.floor(nowMs))).padStart(DUE_TIME_DIGITS, '0')}#~`;
/** The due time of an event job's sort key. */
export const eventJobDueAt = (sk: string): number => Number(sk.slice(0, DUE_TIME_DIGITS));

// --- webhooks (lambdas/adapters/project-data/webhook-store.ts) ----------------------------------

/**
 * An organization's webhook subscriptions, in one partition `<o>WH`: each subscription (SK
 * `W#<webhookId>`) and the count the per-organization limit is kept with (SK `N`), changed in the
 * same transaction as a create or a delete. Never an entity partition: no change is made of them.
 */
export const webhookPartition = (orgId: string | null): string => `${orgPrefix(orgId)}WH`;
export const WEBHOOK_SK_PREFIX = 'W#';
export const webhookKey = (orgId: string | null, webhookId: string): ItemKey => ({ PK: webhookPartition(orgId), SK: `${WEBHOOK_SK_PREFIX}${webhookId}` });
export const webhookCountKey = (orgId: string | null): ItemKey => ({ PK: webhookPartition(orgId), SK: 'N' });

/** One delivery of a change to a subscription: PK `<o>WHD#<webhookId>`, SK the delivery id (derived from the change: one per change and subscription). */
export const webhookDeliveryKey = (orgId: string | null, webhookId: string, deliveryId: string): ItemKey => ({ PK: `${orgPrefix(orgId)}WHD#${webhookId}`, SK: deliveryId });

/**
 * The lists a delivery is in, through the shared GSIs: GSI1 every delivery of a subscription,
 * GSI2 those of one status; each newest first by `<createdAt>#<deliveryId>`. They start with `~`,
 * which no entity's index partition (`<Entity>#...`) can.
 */
export const webhookDeliveryListPartition = (orgId: string | null, webhookId: string): string => `${orgPrefix(orgId)}~WHD#${webhookId}`;
export const webhookDeliveryStatusPartition = (orgId: string | null, webhookId: string, status: string): string => `${orgPrefix(orgId)}~WHD#${webhookId}@${status}`;
export const webhookDeliverySortKey = (createdAt: string, deliveryId: string): string => `${createdAt}#${deliveryId}`;
export const WEBHOOK_DELIVERY_INDEXES = { all: 'GSI1', status: 'GSI2' } as const;
