/**
 * The DynamoDB record store of generated project APIs against DynamoDB Local: tenancy in the
 * keys, pagination and filters, ownership and version conditions, unique values, reference
 * checks and counters, restrict / cascade / set_null, and one DynamoDB request per operation.
 */
import { randomBytes } from 'node:crypto';
import { DescribeTimeToLiveCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BlueprintIR, MAX_INDEXES_PER_ENTITY, type IrEntity, type IrField, type IrIndex } from '../../lambdas/core/blueprint/ir';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type ErrorDetail } from '../../lambdas/core/errors';
import { DynamoRecordStore, refCounterAttribute } from '../../lambdas/adapters/project-data/record-store';
import { PROJECT_TABLE_KEYS, ensureProjectTable, projectTableInput } from '../../lambdas/adapters/project-data/project-table';
import { memberKey, recordKey } from '../../lambdas/adapters/project-data/project-table-keys';
import { countRequests } from '../../lambdas/adapters/project-data/request-counter';
import type { RecordScope, StoredRecord } from '../../lambdas/ports/record-store';
import { testDynamoClient } from '../support/dynamo';
import { goldenIr } from '../support/golden-ir';

const client = testDynamoClient();
const requests = countRequests(client);
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-records-${randomBytes(4).toString('hex')}`;
const SECRET = 'test-cursor-secret';

beforeAll(async () => {
  await ensureProjectTable(client, tableName);
});
afterAll(() => {
  requests.stop();
  client.destroy();
});

// --- records ------------------------------------------------------------------------------------

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
let seq = 0;

/** A new record with server fields as the runtime sets them: time-sortable id, creation time. */
function newRecord(entity: IrEntity, scope: RecordScope, owner: string, fields: Record<string, unknown> = {}): StoredRecord {
  seq += 1;
  const at = new Date(T0 + seq * 1000).toISOString();
  const record: StoredRecord = { id: `r${String(seq).padStart(9, '0')}`, owner_id: owner, created_at: at, updated_at: at, ...fields };
  if (scope.orgId !== null && entity.tenantScoped) record.org_id = scope.orgId;
  return record;
}

/** `record` after an edit: the changes and a later updated_at. */
function edited(record: StoredRecord, changes: Record<string, unknown>): StoredRecord {
  const next: StoredRecord = { ...record, updated_at: new Date(Date.parse(record.updated_at) + 1).toISOString() };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

async function details(promise: Promise<unknown>): Promise<ErrorDetail[]> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(ValidationError);
  return [...((err as ValidationError).details ?? [])];
}

async function addMember(ir: BlueprintIR, orgId: string | null, userId: string): Promise<void> {
  // The membership store keeps a single-tenant project's members without an organization.
  await doc.send(new PutCommand({ TableName: tableName, Item: { ...memberKey(ir.tenancy.mode === 'multi' ? orgId : null, userId), role: 'member' } }));
}

const INTERNAL = /^(PK|SK|GSI\d+(PK|SK)|_.*)$/;
function expectClean(entity: IrEntity, record: StoredRecord | null): void {
  expect(record).not.toBeNull();
  const names = entity.fields.map((f) => f.name);
  for (const key of Object.keys(record!)) {
    expect(key).not.toMatch(INTERNAL);
    expect(names).toContain(key);
  }
}

const entityOf = (ir: BlueprintIR, name: string): IrEntity => {
  const found = ir.entities.find((e) => e.name === name);
  if (!found) throw new Error(`no entity ${name}`);
  return found;
};

// --- a hand-made single-tenant IR (unique values, set_null, nested cascades, lists of refs) -----

const recipe = goldenIr('02-recipe-blog');
const SERVER_FIELDS = recipe.entities[0]!.fields.slice(0, 4);
const f = (name: string, type: IrField['type'], extra: Partial<IrField> = {}): IrField => ({ name, type, required: false, ...extra });
const ref = (name: string, entity: string, onDelete: 'restrict' | 'cascade' | 'set_null', extra: Partial<IrField> = {}): IrField => f(name, 'ref', { ref: { entity, onDelete }, ...extra });

function handEntity(name: string, fields: IrField[], extraIndexes: Omit<IrIndex, 'name'>[], ownerIndex = true): IrEntity {
  const specs = [...(ownerIndex ? [{ field: 'owner_id', purpose: 'owner' as const }] : []), ...extraIndexes];
  return {
    name,
    collection: `${name.toLowerCase()}s`,
    tenantScoped: false,
    ownerField: 'owner_id',
    fields: [...SERVER_FIELDS, ...fields.map((field) => (specs.some((s) => s.field === field.name) ? { ...field, indexed: true } : field))],
    indexes: specs.map((spec, i) => ({ name: `GSI${i + 1}`, ...spec })),
    operations: recipe.entities[0]!.operations,
  };
}

const hand = BlueprintIR.parse({
  ...recipe,
  entities: [
    handEntity('Tag', [f('name', 'string', { unique: true })], []),
    handEntity('Category', [f('name', 'string'), ref('parent_id', 'Category', 'restrict')], [{ field: 'parent_id', purpose: 'ref' }]),
    handEntity(
      'Item',
      [
        f('title', 'string'),
        f('code', 'string', { unique: true }),
        ref('category_id', 'Category', 'set_null'),
        f('tag_ids', 'list', { items: { type: 'ref', ref: { entity: 'Tag' } }, ref: { entity: 'Tag', onDelete: 'cascade' } }),
        ref('helper_id', 'User', 'set_null'),
      ],
      [
        { field: 'category_id', purpose: 'ref' },
        { field: 'code', purpose: 'unique' },
      ],
    ),
    handEntity('Shelf', [f('name', 'string')], []),
    handEntity('Box', [ref('shelf_id', 'Shelf', 'cascade', { required: true }), f('label', 'string', { unique: true })], [{ field: 'shelf_id', purpose: 'ref' }]),
    handEntity('Note', [ref('box_id', 'Box', 'cascade', { required: true }), ref('shelf_id', 'Shelf', 'restrict')], [
      { field: 'box_id', purpose: 'ref' },
      { field: 'shelf_id', purpose: 'ref' },
    ]),
    handEntity('Pin', [ref('note_id', 'Note', 'restrict', { required: true })], [{ field: 'note_id', purpose: 'ref' }]),
    handEntity('Ledger', [f('kind', 'enum', { enum: ['in', 'out'], default: 'in' })], [{ field: 'kind', purpose: 'filter' }], false),
  ],
  files: [],
});
const single: RecordScope = { orgId: null };

// --- stores -------------------------------------------------------------------------------------

const tracker = goldenIr('01-task-tracker');
const Project = entityOf(tracker, 'Project');
const Task = entityOf(tracker, 'Task');
const trackerStore = new DynamoRecordStore({ doc, tableName, ir: tracker, cursorSecret: SECRET, projectId: 'p-tracker' });

const inventory = goldenIr('05-inventory');
const Product = entityOf(inventory, 'Product');
const Warehouse = entityOf(inventory, 'Warehouse');
const Movement = entityOf(inventory, 'StockMovement');
const inventoryStore = new DynamoRecordStore({ doc, tableName, ir: inventory, cursorSecret: SECRET, projectId: 'p-inventory' });

const handStore = new DynamoRecordStore({ doc, tableName, ir: hand, cursorSecret: SECRET, projectId: 'p-hand' });
const H = (name: string) => entityOf(hand, name);

// --- the table ----------------------------------------------------------------------------------

describe('the project table', () => {
  it('has PK/SK, one GSI pair per index slot, on-demand billing and TTL on `_ttl` (a field may be named ttl)', async () => {
    const input = projectTableInput('x-table');
    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
    expect(input.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(Array.from({ length: MAX_INDEXES_PER_ENTITY }, (_, i) => `GSI${i + 1}`));
    expect(input.GlobalSecondaryIndexes?.every((i) => i.Projection?.ProjectionType === 'ALL')).toBe(true);
    expect(PROJECT_TABLE_KEYS.ttlAttribute).toBe('_ttl');

    await ensureProjectTable(client, tableName); // idempotent
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: '_ttl' });
  });
});

// --- tenancy ------------------------------------------------------------------------------------

describe('tenancy (multi-tenant task tracker)', () => {
  const orgA: RecordScope = { orgId: 'org-a' };
  const orgB: RecordScope = { orgId: 'org-b' };

  it("keeps each organization's records out of every other organization's reach", async () => {
    const project = newRecord(Project, orgA, 'u-a', { name: 'Apollo' });
    await trackerStore.create(Project, orgA, project);
    const task = newRecord(Task, orgA, 'u-a', { title: 'Launch', status: 'active', priority: 'high', project_id: project.id });
    await trackerStore.create(Task, orgA, task);

    expect(await trackerStore.get(Task, orgA, task.id)).toEqual(task);
    expect(await trackerStore.get(Task, orgB, task.id)).toBeNull();
    expect((await trackerStore.list(Task, orgB, { limit: 20 })).items).toEqual([]);
    expect((await trackerStore.list(Task, orgB, { limit: 20, filter: { field: 'project_id', value: project.id } })).items).toEqual([]);
    expect(await rejection(trackerStore.update(Task, orgB, task, edited(task, { title: 'Mine now' })))).toBeInstanceOf(NotFoundError);
    expect(await rejection(trackerStore.delete(Task, orgB, task))).toBeInstanceOf(NotFoundError);
    // Org B cannot point at org A's project either: it does not exist in B.
    const stolen = newRecord(Task, orgB, 'u-b', { title: 'x', status: 'active', priority: 'low', project_id: project.id });
    expect(await details(trackerStore.create(Task, orgB, stolen))).toEqual([{ path: 'body.project_id', message: `no Project with id '${project.id}'` }]);
    expect(await trackerStore.get(Task, orgA, task.id)).toEqual(task);
  });

  it('refuses cursors of another organization, another filter, or edited ones (400)', async () => {
    const scope: RecordScope = { orgId: 'org-cursors' };
    const project = newRecord(Project, scope, 'u-c', { name: 'P' });
    await trackerStore.create(Project, scope, project);
    for (let i = 0; i < 3; i++) await trackerStore.create(Task, scope, newRecord(Task, scope, 'u-c', { title: `t${i}`, status: 'active', priority: 'low', project_id: project.id }));
    const first = await trackerStore.list(Task, scope, { limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const cursor = first.nextCursor!;
    expect((await trackerStore.list(Task, scope, { limit: 1, cursor })).items).toHaveLength(1);

    expect(await rejection(trackerStore.list(Task, { orgId: 'org-b' }, { limit: 1, cursor }))).toBeInstanceOf(ValidationError);
    expect(await rejection(trackerStore.list(Task, scope, { limit: 1, cursor, filter: { field: 'status', value: 'active' } }))).toBeInstanceOf(ValidationError);
    expect(await rejection(trackerStore.list(Task, scope, { limit: 1, cursor, ownerId: 'u-c' }))).toBeInstanceOf(ValidationError);
    expect(await rejection(trackerStore.list(Project, scope, { limit: 1, cursor }))).toBeInstanceOf(ValidationError);

    const filtered = await trackerStore.list(Task, scope, { limit: 1, filter: { field: 'status', value: 'active' } });
    expect(await rejection(trackerStore.list(Task, scope, { limit: 1, cursor: filtered.nextCursor!, filter: { field: 'status', value: 'done' } }))).toBeInstanceOf(ValidationError);

    const [payload, mac] = cursor.split('.') as [string, string];
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, string>;
    const forged = `${Buffer.from(JSON.stringify({ ...key, SK: 'r000000000' })).toString('base64url')}.${mac}`;
    const err = await rejection(trackerStore.list(Task, scope, { limit: 1, cursor: forged }));
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).statusCode).toBe(400);
  });

  it('treats a tenant-scoped key without an organization as a server bug', async () => {
    const err = await rejection(trackerStore.get(Task, single, 'r1'));
    expect(err).not.toBeInstanceOf(ValidationError);
    expect(err.message).toMatch(/tenant-scoped/);
  });
});

// --- lists --------------------------------------------------------------------------------------

describe('lists', () => {
  it('pages 45 records 20 / 20 / 5 in creation order, then no cursor', async () => {
    const scope: RecordScope = { orgId: 'org-pages' };
    const created: string[] = [];
    for (let i = 0; i < 45; i++) {
      const record = newRecord(Project, scope, 'u-p', { name: `P${i}` });
      await trackerStore.create(Project, scope, record);
      created.push(record.id);
    }
    const sizes: number[] = [];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await trackerStore.list(Project, scope, { limit: 20, cursor });
      sizes.push(page.items.length);
      seen.push(...page.items.map((r) => r.id));
      page.items.forEach((r) => expectClean(Project, r));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(created);
  });

  it('ends a list that fills its last page exactly without an empty extra page', async () => {
    const scope: RecordScope = { orgId: 'org-exact' };
    for (let i = 0; i < 40; i++) await trackerStore.create(Project, scope, newRecord(Project, scope, 'u-p', { name: `P${i}` }));
    const first = await trackerStore.list(Project, scope, { limit: 20 });
    const second = await trackerStore.list(Project, scope, { limit: 20, cursor: first.nextCursor! });
    expect([first.items.length, second.items.length, second.nextCursor]).toEqual([20, 20, null]);
  });

  it('filters on an enum index, a reference index and the owner, in creation order', async () => {
    const scope: RecordScope = { orgId: 'org-filters' };
    await addMember(tracker, scope.orgId, 'u-helper');
    const [p1, p2] = [newRecord(Project, scope, 'u1', { name: 'One' }), newRecord(Project, scope, 'u1', { name: 'Two' })];
    await trackerStore.create(Project, scope, p1);
    await trackerStore.create(Project, scope, p2);
    const tasks: StoredRecord[] = [];
    for (let i = 0; i < 12; i++) {
      const task = newRecord(Task, scope, i % 3 === 0 ? 'u1' : 'u2', {
        title: `T${i}`,
        status: i % 2 === 0 ? 'active' : 'done',
        priority: 'low',
        project_id: i < 8 ? p1.id : p2.id,
        ...(i === 5 ? { assignee_id: 'u-helper' } : {}),
      });
      await trackerStore.create(Task, scope, task);
      tasks.push(task);
    }
    const ids = (records: StoredRecord[]) => records.map((r) => r.id);
    const all = async (input: Parameters<typeof trackerStore.list>[2]) => {
      const out: StoredRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await trackerStore.list(Task, scope, { ...input, cursor });
        out.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return out;
    };
    expect(ids(await all({ limit: 4, filter: { field: 'status', value: 'active' } }))).toEqual(ids(tasks.filter((t) => t.status === 'active')));
    expect(ids(await all({ limit: 3, filter: { field: 'project_id', value: p2.id } }))).toEqual(ids(tasks.filter((t) => t.project_id === p2.id)));
    expect(ids(await all({ limit: 2, ownerId: 'u1' }))).toEqual(ids(tasks.filter((t) => t.owner_id === 'u1')));
    expect(ids(await all({ limit: 5, filter: { field: 'assignee_id', value: 'u-helper' } }))).toEqual([tasks[5]!.id]);
    // A filter AND the owner: the filter's index, the owner checked on each item, pages still full.
    const both = tasks.filter((t) => t.status === 'active' && t.owner_id === 'u1');
    const page = await trackerStore.list(Task, scope, { limit: 2, filter: { field: 'status', value: 'active' }, ownerId: 'u1' });
    expect(ids(page.items)).toEqual(ids(both.slice(0, 2)));
    expect(ids(await all({ limit: 2, filter: { field: 'status', value: 'active' }, ownerId: 'u1' }))).toEqual(ids(both));
    // Filtering on the owner field for someone else while limited to own records: nothing.
    expect(await trackerStore.list(Task, scope, { limit: 5, filter: { field: 'owner_id', value: 'u2' }, ownerId: 'u1' })).toEqual({ items: [], nextCursor: null });
  });

  it('lists own records of an entity without an owner index through its partition', async () => {
    const Ledger = H('Ledger');
    const mine: string[] = [];
    for (let i = 0; i < 9; i++) {
      const record = newRecord(Ledger, single, i % 3 === 0 ? 'u-mine' : 'u-other', { kind: i % 2 === 0 ? 'in' : 'out' });
      await handStore.create(Ledger, single, record);
      if (record.owner_id === 'u-mine') mine.push(record.id);
    }
    const first = await handStore.list(Ledger, single, { limit: 2, ownerId: 'u-mine' });
    expect(first.items.map((r) => r.id)).toEqual(mine.slice(0, 2));
    const second = await handStore.list(Ledger, single, { limit: 2, ownerId: 'u-mine', cursor: first.nextCursor! });
    expect(second.items.map((r) => r.id)).toEqual(mine.slice(2));
    expect(second.nextCursor).toBeNull();
  });
});

// --- writes -------------------------------------------------------------------------------------

describe('updates and deletes', () => {
  const scope: RecordScope = { orgId: 'org-writes' };

  it('refuses a stale version (409) and a non-owner guard (403); the owner passes', async () => {
    const project = newRecord(Project, scope, 'u-owner', { name: 'Zeus' });
    await trackerStore.create(Project, scope, project);
    const v2 = edited(project, { name: 'Zeus 2' });
    await trackerStore.update(Project, scope, project, v2, { ownerId: 'u-owner' });
    expect(await trackerStore.get(Project, scope, project.id)).toEqual(v2);

    const stale = await rejection(trackerStore.update(Project, scope, project, edited(project, { name: 'lost update' })));
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.message).toBe('The record was changed by another request; read it again');
    expect(await rejection(trackerStore.delete(Project, scope, project))).toBeInstanceOf(ConflictError);

    const forbidden = await rejection(trackerStore.update(Project, scope, v2, edited(v2, { name: 'hijack' }), { ownerId: 'u-else' }));
    expect(forbidden).toBeInstanceOf(ForbiddenError);
    expect(await rejection(trackerStore.delete(Project, scope, v2, { ownerId: 'u-else' }))).toBeInstanceOf(ForbiddenError);
    expect(await trackerStore.get(Project, scope, project.id)).toEqual(v2);

    await trackerStore.delete(Project, scope, v2, { ownerId: 'u-owner' });
    expect(await trackerStore.get(Project, scope, project.id)).toBeNull();
    expect(await rejection(trackerStore.update(Project, scope, v2, edited(v2, { name: 'ghost' })))).toBeInstanceOf(NotFoundError);
    expect(await rejection(trackerStore.delete(Project, scope, v2))).toBeInstanceOf(NotFoundError);
  });

  it('moves index entries when an indexed field changes and removes them when it is cleared', async () => {
    const project = newRecord(Project, scope, 'u1', { name: 'Index' });
    await trackerStore.create(Project, scope, project);
    await addMember(tracker, scope.orgId, 'u-ann');
    const task = newRecord(Task, scope, 'u1', { title: 'Move', status: 'pending', priority: 'low', project_id: project.id, assignee_id: 'u-ann' });
    await trackerStore.create(Task, scope, task);
    const moved = edited(task, { status: 'done', assignee_id: undefined });
    await trackerStore.update(Task, scope, task, moved);
    const ids = async (field: string, value: string) => (await trackerStore.list(Task, scope, { limit: 50, filter: { field, value } })).items.map((r) => r.id);
    expect(await ids('status', 'pending')).not.toContain(task.id);
    expect(await ids('status', 'done')).toContain(task.id);
    expect(await ids('assignee_id', 'u-ann')).not.toContain(task.id);
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: recordKey('O#org-writes#', 'Task', task.id) }));
    expect(Item).not.toHaveProperty('assignee_id');
    expect(Object.keys(Item!).filter((k) => /^GSI\dPK$/.test(k)).sort()).toEqual(['GSI1PK', 'GSI2PK', 'GSI3PK', 'GSI5PK']);
  });
});

describe('unique values (inventory: Product.sku)', () => {
  const scope: RecordScope = { orgId: 'org-unique' };

  it('refuses a taken value (409 naming the field), frees it on change and delete, per organization', async () => {
    const a = newRecord(Product, scope, 'u1', { sku: 'SKU-1', name: 'Bolt' });
    await inventoryStore.create(Product, scope, a);
    const dup = await rejection(inventoryStore.create(Product, scope, newRecord(Product, scope, 'u1', { sku: 'SKU-1', name: 'Other' })));
    expect(dup).toBeInstanceOf(ConflictError);
    expect(dup.message).toBe("sku 'SKU-1' is already taken");
    await inventoryStore.create(Product, { orgId: 'org-unique-2' }, newRecord(Product, { orgId: 'org-unique-2' }, 'u9', { sku: 'SKU-1', name: 'Elsewhere' }));

    const b = newRecord(Product, scope, 'u1', { sku: 'SKU-2', name: 'Nut' });
    await inventoryStore.create(Product, scope, b);
    expect(await rejection(inventoryStore.update(Product, scope, b, edited(b, { sku: 'SKU-1' })))).toBeInstanceOf(ConflictError);
    const a2 = edited(a, { sku: 'SKU-3' });
    await inventoryStore.update(Product, scope, a, a2);
    await inventoryStore.update(Product, scope, b, edited(b, { sku: 'SKU-1' }));
    await inventoryStore.delete(Product, scope, a2);
    await inventoryStore.create(Product, scope, newRecord(Product, scope, 'u1', { sku: 'SKU-3', name: 'Reuse' }));
  });

  it('compares unique emails case-insensitively, and keeps the value as written', async () => {
    // The inventory's sku, typed as an email for this test: one key rule, whatever the field.
    const ir = structuredClone(inventory);
    const sku = entityOf(ir, 'Product').fields.find((f) => f.name === 'sku')!;
    sku.type = 'email';
    const Contact = entityOf(ir, 'Product');
    const store = new DynamoRecordStore({ doc, tableName, ir, cursorSecret: SECRET, projectId: 'p-inventory-emails' });
    const first = newRecord(Contact, scope, 'u1', { sku: 'Ada@Example.org', name: 'Ada' });
    await store.create(Contact, scope, first);
    expect((await store.get(Contact, scope, first.id))!.sku).toBe('Ada@Example.org');
    expect(await rejection(store.create(Contact, scope, newRecord(Contact, scope, 'u1', { sku: 'ada@example.ORG', name: 'Dup' })))).toBeInstanceOf(ConflictError);
    await store.delete(Contact, scope, first);
    await store.create(Contact, scope, newRecord(Contact, scope, 'u1', { sku: 'ADA@example.org', name: 'Again' }));
  });

  it('lets exactly one of two concurrent creates of one value win', async () => {
    for (let round = 0; round < 5; round++) {
      const sku = `RACE-${round}`;
      const results = await Promise.allSettled([
        inventoryStore.create(Product, scope, newRecord(Product, scope, 'u1', { sku, name: 'left' })),
        inventoryStore.create(Product, scope, newRecord(Product, scope, 'u2', { sku, name: 'right' })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect(lost.reason).toBeInstanceOf(ConflictError);
      const listed = await inventoryStore.list(Product, scope, { limit: 5, filter: { field: 'sku', value: sku } });
      expect(listed.items).toHaveLength(1);
    }
  });

  it('keys a very long unique value by its hash', async () => {
    const Tag = H('Tag');
    const name = 'x'.repeat(3000);
    await handStore.create(Tag, single, newRecord(Tag, single, 'u1', { name }));
    expect(await rejection(handStore.create(Tag, single, newRecord(Tag, single, 'u1', { name })))).toBeInstanceOf(ConflictError);
  });
});

describe('references', () => {
  const scope: RecordScope = { orgId: 'org-refs' };

  it('refuses a missing target with 400 at body.<field>, every one of them', async () => {
    await addMember(tracker, scope.orgId, 'u-member');
    const project = newRecord(Project, scope, 'u1', { name: 'Refs' });
    await trackerStore.create(Project, scope, project);
    const bad = newRecord(Task, scope, 'u1', { title: 'x', status: 'active', priority: 'low', project_id: 'nope', assignee_id: 'u-stranger' });
    // In the entity's field order, as record validation reports.
    expect(await details(trackerStore.create(Task, scope, bad))).toEqual([
      { path: 'body.assignee_id', message: "no User with id 'u-stranger'" },
      { path: 'body.project_id', message: "no Project with id 'nope'" },
    ]);
    // A member of another organization is not a member here.
    await addMember(tracker, 'org-elsewhere', 'u-foreign');
    expect(await details(trackerStore.create(Task, scope, newRecord(Task, scope, 'u1', { title: 'x', status: 'active', priority: 'low', project_id: project.id, assignee_id: 'u-foreign' })))).toEqual([
      { path: 'body.assignee_id', message: "no User with id 'u-foreign'" },
    ]);
    const good = newRecord(Task, scope, 'u1', { title: 'ok', status: 'active', priority: 'low', project_id: project.id, assignee_id: 'u-member' });
    await trackerStore.create(Task, scope, good);
    expect(await details(trackerStore.update(Task, scope, good, edited(good, { project_id: 'gone' })))).toEqual([{ path: 'body.project_id', message: "no Project with id 'gone'" }]);
    expect(await trackerStore.get(Task, scope, good.id)).toEqual(good);
  });

  it('counts references on the target and never shows the counters', async () => {
    const project = newRecord(Project, scope, 'u1', { name: 'Counted' });
    await trackerStore.create(Project, scope, project);
    const tasks = [0, 1, 2].map((i) => newRecord(Task, scope, 'u1', { title: `c${i}`, status: 'active', priority: 'low', project_id: project.id }));
    for (const task of tasks) await trackerStore.create(Task, scope, task);
    const raw = async () => (await doc.send(new GetCommand({ TableName: tableName, Key: recordKey('O#org-refs#', 'Project', project.id) }))).Item!;
    const counter = refCounterAttribute('Task', 'project_id');
    expect((await raw())[counter]).toBe(3);
    await trackerStore.delete(Task, scope, tasks[0]!);
    expect((await raw())[counter]).toBe(2);
    const other = newRecord(Project, scope, 'u1', { name: 'Other' });
    await trackerStore.create(Project, scope, other);
    await trackerStore.update(Task, scope, tasks[1]!, edited(tasks[1]!, { project_id: other.id }));
    expect((await raw())[counter]).toBe(1);
    const fetched = await trackerStore.get(Project, scope, project.id);
    expectClean(Project, fetched);
    expect(fetched).toEqual(project);
    for (const item of (await trackerStore.list(Project, scope, { limit: 50 })).items) expectClean(Project, item);
  });

  it('refuses a record that references itself', async () => {
    const Category = H('Category');
    const root = newRecord(Category, single, 'u1', { name: 'root' });
    await handStore.create(Category, single, root);
    expect(await details(handStore.update(Category, single, root, edited(root, { parent_id: root.id })))).toEqual([{ path: 'body.parent_id', message: 'cannot reference the record itself' }]);
    const self = newRecord(Category, single, 'u1', { name: 'self' });
    expect(await details(handStore.create(Category, single, { ...self, parent_id: self.id }))).toEqual([{ path: 'body.parent_id', message: `no Category with id '${self.id}'` }]);
  });
});

describe('deleting referenced records', () => {
  it('restrict: 409 while referenced, then allowed once the reference is gone', async () => {
    const scope: RecordScope = { orgId: 'org-restrict' };
    const product = newRecord(Product, scope, 'u1', { sku: 'R-1', name: 'Kept' });
    const warehouse = newRecord(Warehouse, scope, 'u1', { name: 'Main' });
    await inventoryStore.create(Product, scope, product);
    await inventoryStore.create(Warehouse, scope, warehouse);
    const movement = newRecord(Movement, scope, 'u1', { product_id: product.id, warehouse_id: warehouse.id, quantity: 5 });
    await inventoryStore.create(Movement, scope, movement);

    const refused = await rejection(inventoryStore.delete(Product, scope, product));
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused.message).toBe('1 StockMovement record(s) still reference it through product_id');
    expect(await inventoryStore.get(Product, scope, product.id)).toEqual(product);

    await inventoryStore.delete(Movement, scope, movement);
    await inventoryStore.delete(Product, scope, product);
    await inventoryStore.delete(Warehouse, scope, warehouse);
    expect(await inventoryStore.get(Product, scope, product.id)).toBeNull();
  });

  it('cascade: deletes the referencing records in the same write', async () => {
    const scope: RecordScope = { orgId: 'org-cascade' };
    const project = newRecord(Project, scope, 'u1', { name: 'Doomed' });
    const keep = newRecord(Project, scope, 'u1', { name: 'Kept' });
    await trackerStore.create(Project, scope, project);
    await trackerStore.create(Project, scope, keep);
    const tasks = [0, 1, 2].map((i) => newRecord(Task, scope, 'u1', { title: `d${i}`, status: 'active', priority: 'low', project_id: project.id }));
    for (const task of tasks) await trackerStore.create(Task, scope, task);
    const kept = newRecord(Task, scope, 'u1', { title: 'kept', status: 'active', priority: 'low', project_id: keep.id });
    await trackerStore.create(Task, scope, kept);

    requests.reset();
    await trackerStore.delete(Project, scope, project);
    // A first attempt (the counter says 3), one Query of the tasks, one transaction.
    expect(requests.byCommand()).toEqual({ DeleteItemCommand: 1, QueryCommand: 1, TransactWriteItemsCommand: 1 });
    for (const task of tasks) expect(await trackerStore.get(Task, scope, task.id)).toBeNull();
    expect((await trackerStore.list(Task, scope, { limit: 10, filter: { field: 'project_id', value: project.id } })).items).toEqual([]);
    expect((await trackerStore.list(Task, scope, { limit: 10 })).items).toEqual([kept]);
  });

  it('cascade refuses (409, try again) when the counter and the index disagree, as with a child created meanwhile', async () => {
    const scope: RecordScope = { orgId: 'org-cascade-race' };
    const project = newRecord(Project, scope, 'u1', { name: 'Racy' });
    await trackerStore.create(Project, scope, project);
    const task = newRecord(Task, scope, 'u1', { title: 'seen', status: 'active', priority: 'low', project_id: project.id });
    await trackerStore.create(Task, scope, task);
    // A reference the index does not show yet (GSIs lag; the counter does not).
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: recordKey('O#org-cascade-race#', 'Project', project.id),
        UpdateExpression: 'ADD #c :one',
        ExpressionAttributeNames: { '#c': refCounterAttribute('Task', 'project_id') },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const err = await rejection(trackerStore.delete(Project, scope, project));
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toBe('Records that depend on it changed while it was being deleted; try again');
    expect(await trackerStore.get(Project, scope, project.id)).toEqual(project);
    expect(await trackerStore.get(Task, scope, task.id)).toEqual(task);
  });

  it('a reference whose target vanished outside the store does not block deleting the record', async () => {
    const scope: RecordScope = { orgId: 'org-stale' };
    const project = newRecord(Project, scope, 'u1', { name: 'Vanishing' });
    await trackerStore.create(Project, scope, project);
    const task = newRecord(Task, scope, 'u1', { title: 'orphan', status: 'active', priority: 'low', project_id: project.id });
    await trackerStore.create(Task, scope, task);
    await doc.send(new DeleteCommand({ TableName: tableName, Key: recordKey('O#org-stale#', 'Project', project.id) }));
    requests.reset();
    await trackerStore.delete(Task, scope, task);
    // The decrement fails (no ghost counter item is created), the delete is repeated without it.
    expect(requests.byCommand()).toEqual({ TransactWriteItemsCommand: 1, DeleteItemCommand: 1 });
    expect(await trackerStore.get(Task, scope, task.id)).toBeNull();
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: recordKey('O#org-stale#', 'Project', project.id) }));
    expect(Item).toBeUndefined();
  });

  it('cascade follows cascades, releases unique values and obeys restrict further down', async () => {
    const [Shelf, Box, Note, Pin] = ['Shelf', 'Box', 'Note', 'Pin'].map(H) as [IrEntity, IrEntity, IrEntity, IrEntity];
    const shelf = newRecord(Shelf, single, 'u1', { name: 'top' });
    await handStore.create(Shelf, single, shelf);
    const boxes = [0, 1].map((i) => newRecord(Box, single, 'u1', { shelf_id: shelf.id, label: `box-${i}` }));
    for (const box of boxes) await handStore.create(Box, single, box);
    const notes = boxes.map((box) => newRecord(Note, single, 'u1', { box_id: box.id }));
    for (const note of notes) await handStore.create(Note, single, note);
    const pin = newRecord(Pin, single, 'u1', { note_id: notes[1]!.id });
    await handStore.create(Pin, single, pin);

    const blocked = await rejection(handStore.delete(Shelf, single, shelf));
    expect(blocked).toBeInstanceOf(ConflictError);
    expect(blocked.message).toBe(`1 Pin record(s) still reference Note '${notes[1]!.id}' (deleted with it) through note_id`);
    expect(await handStore.get(Box, single, boxes[0]!.id)).toEqual(boxes[0]);

    await handStore.delete(Pin, single, pin);
    await handStore.delete(Shelf, single, shelf);
    for (const [entity, record] of [[Shelf, shelf], [Box, boxes[0]!], [Box, boxes[1]!], [Note, notes[0]!], [Note, notes[1]!]] as const) {
      expect(await handStore.get(entity, single, record.id)).toBeNull();
    }
    // The boxes' unique labels were released with them.
    const shelf2 = newRecord(Shelf, single, 'u1', { name: 'again' });
    await handStore.create(Shelf, single, shelf2);
    await handStore.create(Box, single, newRecord(Box, single, 'u1', { shelf_id: shelf2.id, label: 'box-0' }));
  });

  it('a dependent restrict on the record being deleted itself (Note.shelf_id) blocks it', async () => {
    const [Shelf, Box, Note] = ['Shelf', 'Box', 'Note'].map(H) as [IrEntity, IrEntity, IrEntity];
    const shelf = newRecord(Shelf, single, 'u1', { name: 's' });
    await handStore.create(Shelf, single, shelf);
    const box = newRecord(Box, single, 'u1', { shelf_id: shelf.id });
    await handStore.create(Box, single, box);
    const note = newRecord(Note, single, 'u1', { box_id: box.id, shelf_id: shelf.id });
    await handStore.create(Note, single, note);
    const refused = await rejection(handStore.delete(Shelf, single, shelf));
    expect(refused.message).toBe('1 Note record(s) still reference it through shelf_id');
    await handStore.update(Note, single, note, edited(note, { shelf_id: undefined }));
    await handStore.delete(Shelf, single, shelf);
    expect(await handStore.get(Note, single, note.id)).toBeNull();
  });

  it('cascade refuses more dependents than one transaction holds', async () => {
    const [Shelf, Box] = ['Shelf', 'Box'].map(H) as [IrEntity, IrEntity];
    const shelf = newRecord(Shelf, single, 'u1', { name: 'crowded' });
    await handStore.create(Shelf, single, shelf);
    for (let i = 0; i < 100; i++) await handStore.create(Box, single, newRecord(Box, single, 'u1', { shelf_id: shelf.id }));
    const err = await rejection(handStore.delete(Shelf, single, shelf));
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toBe('too many dependent records; delete them first');
    expect(await handStore.get(Shelf, single, shelf.id)).toEqual(shelf);
  });

  it('set_null: clears the reference and its index entry, and gives the record a new version', async () => {
    const [Category, Item] = [H('Category'), H('Item')];
    const category = newRecord(Category, single, 'u1', { name: 'tools' });
    await handStore.create(Category, single, category);
    const items = [0, 1].map((i) => newRecord(Item, single, 'u1', { title: `item ${i}`, category_id: category.id }));
    for (const item of items) await handStore.create(Item, single, item);

    await handStore.delete(Category, single, category);
    expect(await handStore.get(Category, single, category.id)).toBeNull();
    for (const item of items) {
      const now = await handStore.get(Item, single, item.id);
      expect(now).not.toHaveProperty('category_id');
      expect(now!.updated_at > item.updated_at).toBe(true);
      expect(now).toEqual({ ...item, category_id: undefined, updated_at: now!.updated_at });
      const { Item: raw } = await doc.send(new GetCommand({ TableName: tableName, Key: recordKey('', 'Item', item.id) }));
      expect(raw).not.toHaveProperty('GSI2PK');
    }
    expect((await handStore.list(Item, single, { limit: 10, filter: { field: 'category_id', value: category.id } })).items).toEqual([]);
    const index = await doc.send(new QueryCommand({ TableName: tableName, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': `Item#category_id#${category.id}` } }));
    expect(index.Items).toEqual([]);
    // A client still holding the old version cannot put the reference back.
    expect(await rejection(handStore.update(Item, single, items[0]!, edited(items[0]!, { title: 'stale' })))).toBeInstanceOf(ConflictError);
  });

  it('a list of references blocks the delete of its targets whatever onDelete says, counting each record once', async () => {
    const [Tag, Item] = [H('Tag'), H('Item')];
    const [red, blue] = [newRecord(Tag, single, 'u1', { name: 'red' }), newRecord(Tag, single, 'u1', { name: 'blue' })];
    await handStore.create(Tag, single, red);
    await handStore.create(Tag, single, blue);
    expect(await details(handStore.create(Item, single, newRecord(Item, single, 'u1', { title: 'x', tag_ids: [red.id, 'no-tag'] })))).toEqual([{ path: 'body.tag_ids', message: "no Tag with id 'no-tag'" }]);
    const item = newRecord(Item, single, 'u1', { title: 'tagged', tag_ids: [red.id, red.id, blue.id] });
    await handStore.create(Item, single, item);

    const refused = await rejection(handStore.delete(Tag, single, red));
    expect(refused.message).toBe('1 Item record(s) still reference it through tag_ids');
    await handStore.update(Item, single, item, edited(item, { tag_ids: [blue.id] }));
    await handStore.delete(Tag, single, red);
    expect(await rejection(handStore.delete(Tag, single, blue))).toBeInstanceOf(ConflictError);
  });

  it('a list of references larger than one transaction is refused, naming the field', async () => {
    const Item = H('Item');
    const tag_ids = Array.from({ length: 120 }, (_, i) => `t${i}`);
    const found = await details(handStore.create(Item, single, newRecord(Item, single, 'u1', { title: 'many', tag_ids })));
    expect(found.map((d) => d.path)).toEqual(['body.tag_ids']);
  });
});

// --- requests per operation ---------------------------------------------------------------------

describe('one DynamoDB request per operation', () => {
  const scope: RecordScope = { orgId: 'org-count' };

  it('get, list, create, update and delete each send one request', async () => {
    await addMember(tracker, scope.orgId, 'u-count');
    const measure = async (run: () => Promise<unknown>): Promise<Record<string, number>> => {
      requests.reset();
      await run();
      return requests.byCommand();
    };
    const project = newRecord(Project, scope, 'u1', { name: 'Count' });
    expect(await measure(() => trackerStore.create(Project, scope, project))).toEqual({ PutItemCommand: 1 });
    const task = newRecord(Task, scope, 'u1', { title: 't', status: 'active', priority: 'low', project_id: project.id, assignee_id: 'u-count' });
    expect(await measure(() => trackerStore.create(Task, scope, task))).toEqual({ TransactWriteItemsCommand: 1 });
    expect(await measure(() => trackerStore.get(Task, scope, task.id))).toEqual({ GetItemCommand: 1 });
    expect(await measure(() => trackerStore.list(Task, scope, { limit: 20 }))).toEqual({ QueryCommand: 1 });
    expect(await measure(() => trackerStore.list(Task, scope, { limit: 20, filter: { field: 'status', value: 'active' } }))).toEqual({ QueryCommand: 1 });
    expect(await measure(() => trackerStore.list(Task, scope, { limit: 20, ownerId: 'u1' }))).toEqual({ QueryCommand: 1 });
    expect(await measure(() => trackerStore.list(Task, scope, { limit: 20, filter: { field: 'status', value: 'active' }, ownerId: 'u1' }))).toEqual({ QueryCommand: 1 });
    const v2 = edited(task, { title: 't2' });
    expect(await measure(() => trackerStore.update(Task, scope, task, v2))).toEqual({ UpdateItemCommand: 1 });
    const other = newRecord(Project, scope, 'u1', { name: 'Other' });
    await trackerStore.create(Project, scope, other);
    const v3 = edited(v2, { project_id: other.id });
    expect(await measure(() => trackerStore.update(Task, scope, v2, v3))).toEqual({ TransactWriteItemsCommand: 1 });
    expect(await measure(() => trackerStore.delete(Task, scope, v3))).toEqual({ TransactWriteItemsCommand: 1 });
    expect(await measure(() => trackerStore.delete(Project, scope, project))).toEqual({ DeleteItemCommand: 1 });
  });
});
