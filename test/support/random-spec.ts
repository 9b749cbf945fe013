/**
 * A seeded generator of valid SpecDocuments for property tests (fast-check is not a dependency):
 * random entities, fields of every type with fitting values, ranges and defaults, relations,
 * roles with own-only rights, access rules, and workflows with every step kind. "Valid" means
 * what check-spec.ts accepts, which the tests assert too, so a generator bug cannot hide.
 * Free text deliberately includes characters the format must escape or keep (`|`, `\`, `:`,
 * commas, bullets and deep headings in prose).
 */
import type { EntityRights, SpecDocument, SpecEntity, SpecField, SpecRole, SpecWorkflow, WorkflowStep } from '../../lambdas/core/spec/spec-model';

/** mulberry32: small, fast and good enough to spread test cases; the seed makes failures replayable. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p = 0.5): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }

  /** `count` distinct items (fewer if there are not that many). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0] as T);
    return out;
  }
}

const WORDS = ['amber', 'brisk', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'ivory', 'jade', 'kelp', 'lunar', 'maple', 'north', 'orbit', 'pixel', 'quartz', 'river', 'sable', 'tidal'];
const ODD_BITS = ['a|b', 'x\\y', 'c:d', 'e\\|f', '50%', '(g)', 'h-i', '*j*', '`k`', 'l#m', 'n.o'];
const ENTITY_NAMES = ['Book', 'Loan', 'Ticket', 'Team', 'Invoice', 'LineItem', 'Shelf', 'Author', 'Review', 'Order', 'Device', 'Room', 'Booking', 'Tag'];
const ROLE_NAMES = ['admin', 'member', 'viewer', 'librarian', 'agent', 'support_manager', 'guest', 'editor'];
const SCALARS = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'file'] as const;
const LIST_ITEMS = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum'] as const;
const CONTENT_TYPES = ['image/*', 'image/png', 'application/pdf', 'text/plain', 'video/mp4', 'application/vnd.ms-excel'];
const DURATIONS = ['P1D', 'PT24H', 'P1Y2M3DT4H5M6S', 'PT30M', 'P2W', 'PT1S', 'P30D'];
const KB = 1024;
const MB = 1024 * KB;

/** No negative zero: it renders as `0` and would not compare equal after a round trip. */
const plain = (n: number): number => (n === 0 ? 0 : n);

function word(r: Random): string {
  return r.chance(0.15) ? r.pick(ODD_BITS) : r.pick(WORDS);
}

function sentence(r: Random, words = r.int(1, 8)): string {
  return Array.from({ length: words }, () => word(r)).join(r.chance(0.2) ? ', ' : ' ');
}

/** Prose with paragraphs, bullets and (where allowed) deep headings; never structure-like lines. */
function prose(r: Random, opts: { headings: boolean }): string {
  const lines: string[] = [];
  for (let p = r.int(1, 3); p > 0; p -= 1) {
    if (lines.length > 0) lines.push(...(r.chance(0.2) ? ['', ''] : ['']));
    for (let l = r.int(1, 3); l > 0; l -= 1) {
      const kind = r.int(0, 9);
      if (kind === 0) lines.push(`- ${sentence(r)}`);
      else if (kind === 1 && opts.headings) lines.push(`### ${sentence(r, 2)}`);
      else if (kind === 2) lines.push(`#### ${sentence(r, 2)}`);
      else if (kind === 3) lines.push(`    ${sentence(r)}`);
      else lines.push(sentence(r));
    }
  }
  return lines.join('\n');
}

function token(r: Random): string {
  return r.chance(0.2) ? `${r.pick(WORDS)} ${r.pick(WORDS)}` : r.pick([...WORDS, 'a|b', 'x\\y']);
}

function distinct(r: Random, make: () => string, count: number): string[] {
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries += 1) out.add(make());
  return [...out];
}

function randomType(r: Random, entities: string[]): string {
  const roll = r.int(0, 9);
  const ref = () => `ref(${r.pick([...entities, 'User'])})`;
  if (roll < 6) return r.pick(SCALARS);
  if (roll < 8) return ref();
  return `list(${r.chance(0.25) ? ref() : r.pick(LIST_ITEMS)})`;
}

function randomField(r: Random, name: string, entities: string[]): SpecField {
  const type = randomType(r, entities);
  const field: SpecField = { name, type, required: r.chance() };
  const element = type.startsWith('list(') ? type.slice(5, -1) : type;
  const isList = type !== element;
  if (element === 'enum') {
    field.values = distinct(r, () => token(r), r.int(1, 4));
    if (!isList && r.chance()) field.default = r.pick(field.values);
  } else if (type === 'file') {
    const maxBytes = r.pick([r.int(1, 50) * MB, r.int(1, 4000) * KB, r.int(1, 5000) * KB + 1]);
    field.file = { contentTypes: r.sample(CONTENT_TYPES, r.int(1, 3)), maxBytes };
  } else if (type === 'integer' || type === 'number') {
    const num = () => plain(type === 'integer' ? r.int(-100, 100) : Math.round((r.next() * 200 - 100) * 100) / 100);
    const [a, b] = [num(), num()].sort((x, y) => x - y) as [number, number];
    if (r.chance()) field.min = a;
    if (r.chance()) field.max = b;
    if (r.chance()) field.default = plain(Math.min(Math.max(num(), field.min ?? -Infinity), field.max ?? Infinity));
  } else if (type === 'string' || type === 'text' || (isList && element !== 'enum')) {
    const a = r.int(0, 10);
    const b = a + r.int(0, 40);
    if (r.chance(0.4)) field.min = a;
    if (r.chance(0.4)) field.max = b;
    if (!isList && r.chance() && (field.max ?? 1) >= 1) {
      const length = Math.max(field.min ?? 1, 1) + r.int(0, Math.max(0, (field.max ?? 20) - Math.max(field.min ?? 1, 1)));
      field.default = `v${'|x\\ y'.repeat(10)}`.slice(0, length).trimEnd().padEnd(length, 'z');
    }
  } else if (type === 'boolean') {
    if (r.chance()) field.default = r.chance();
  } else if (type === 'date') {
    if (r.chance()) field.default = '2024-02-29';
  } else if (type === 'datetime') {
    if (r.chance()) field.default = r.pick(['2024-05-17T09:30:00Z', '2024-05-17T09:30:00.250+02:00', '2030-01-01T00:00Z']);
  } else if (type === 'email' || type === 'url') {
    if (r.chance(0.3)) field.default = type === 'email' ? 'someone@example.com' : 'https://example.com/a|b';
  }
  if (element.startsWith('ref(') && r.chance(0.6)) field.onDelete = r.pick(field.required ? (['restrict', 'cascade'] as const) : (['restrict', 'cascade', 'set_null'] as const));
  if (!isList && type !== 'boolean' && type !== 'file' && r.chance(0.2)) field.unique = true;
  if (r.chance(0.3)) field.notes = sentence(r);
  return field;
}

function randomEntity(r: Random, name: string, entities: string[]): SpecEntity {
  const names = distinct(r, () => `${r.pick(WORDS)}_${r.int(1, 9)}`, r.int(1, 6));
  const entity: SpecEntity = { name, fields: names.map((fieldName) => randomField(r, fieldName, entities)) };
  if (r.chance(0.4)) entity.description = prose(r, { headings: false });
  const userRefs = entity.fields.filter((field) => field.type === 'ref(User)');
  if (userRefs.length > 0 && r.chance()) entity.ownerField = r.pick(userRefs).name;
  return entity;
}

function randomRights(r: Random): EntityRights {
  const rights: EntityRights = {};
  for (const right of ['create', 'read', 'update', 'delete'] as const) {
    if (r.chance(0.6)) rights[right] = r.chance(0.7) ? 'all' : 'own';
  }
  return rights;
}

function randomRoles(r: Random, entities: string[]): { roles: SpecRole[]; adminRole: string; defaultRole: string } {
  const names = r.sample(ROLE_NAMES, r.int(1, 4));
  const admin = r.pick(names);
  const roles = names.map((name): SpecRole => {
    const rights: Record<string, EntityRights> = {};
    for (const entity of entities) {
      const granted: EntityRights = name === admin ? { create: 'all', read: 'all', update: 'all', delete: 'all' } : randomRights(r);
      if (Object.keys(granted).length > 0) rights[entity] = granted;
    }
    return r.chance(0.3) ? { name, description: sentence(r), rights } : { name, rights };
  });
  return { roles, adminRole: admin, defaultRole: r.pick(names) };
}

function randomTrigger(r: Random, entities: SpecEntity[]): SpecWorkflow['trigger'] {
  const roll = r.int(0, 3);
  const entity = r.pick(entities);
  if (roll === 0) return undefined;
  if (roll === 1) return { entity: entity.name, event: r.pick(['created', 'updated', 'deleted'] as const) };
  const comparable = entity.fields.filter((field) => !field.type.startsWith('list(') && field.type !== 'file');
  if (comparable.length === 0) return { entity: entity.name, event: 'created' };
  const field = r.pick(comparable);
  const value = field.values
    ? r.pick(field.values)
    : field.type === 'integer' || field.type === 'number'
      ? String(r.int(-5, 5))
      : field.type === 'boolean'
        ? String(r.chance())
        : r.chance()
          ? token(r)
          : `${r.pick(WORDS)} = ${r.pick(WORDS)}`;
  return { entity: entity.name, event: 'updated', field: field.name, value };
}

function randomStep(r: Random, name: string, dateFields: string[]): WorkflowStep {
  const kinds = dateFields.length > 0 ? (['wait', 'waitUntil', 'waitForEvent', 'task'] as const) : (['wait', 'waitForEvent', 'task'] as const);
  switch (r.pick(kinds)) {
    case 'wait':
      return { kind: 'wait', name, duration: r.pick(DURATIONS) };
    case 'waitUntil': {
      const step: WorkflowStep = { kind: 'waitUntil', name, field: r.pick(dateFields) };
      if (r.chance()) step.offset = `${r.pick(['+', '-'])}${r.pick(DURATIONS)}`;
      return step;
    }
    case 'waitForEvent': {
      const step: WorkflowStep = { kind: 'waitForEvent', name, events: r.sample(['approved', 'rejected', 'answered', 'paid', 'cancelled'], r.int(1, 3)), timeout: r.pick(DURATIONS) };
      if (r.chance()) step.onTimeout = r.pick(['rejected', 'escalated', 'expired']);
      return step;
    }
    case 'task': {
      const step: WorkflowStep = { kind: 'task', name };
      if (r.chance()) step.retries = r.int(0, 20);
      if (r.chance()) step.backoff = r.pick(DURATIONS);
      return step;
    }
  }
}

function randomWorkflow(r: Random, name: string, entities: SpecEntity[]): SpecWorkflow {
  const trigger = randomTrigger(r, entities);
  const source = entities.find((entity) => entity.name === trigger?.entity);
  const dateFields = (source?.fields ?? []).filter((field) => field.type === 'date' || field.type === 'datetime').map((field) => field.name);
  const stepNames = distinct(r, () => `${r.pick(WORDS)}_step`, r.int(1, 5));
  const workflow: SpecWorkflow = { name, steps: stepNames.map((stepName) => randomStep(r, stepName, dateFields)) };
  if (trigger) workflow.trigger = trigger;
  if (r.chance(0.4)) workflow.description = prose(r, { headings: false });
  return workflow;
}

export function randomSpec(seed: number): SpecDocument {
  const r = new Random(seed);
  const entityNames = r.sample(ENTITY_NAMES, r.int(1, 4));
  const entities = entityNames.map((name) => randomEntity(r, name, entityNames));
  const { roles, adminRole, defaultRole } = randomRoles(r, entityNames);
  const access = r
    .sample(
      entityNames.flatMap((entity) => (['list', 'read', 'create', 'update', 'delete'] as const).map((operation) => ({ entity, operation }))),
      r.int(0, 4),
    )
    .map(({ entity, operation }) => ({ entity, operation, level: r.pick(operation === 'create' ? (['public', 'admin'] as const) : (['public', 'owner', 'admin'] as const)) }));
  const workflowNames = distinct(r, () => `${r.pick(WORDS)}_flow`, r.int(0, 3));
  return {
    title: sentence(r, r.int(1, 4)),
    overview: r.chance(0.1) ? '' : prose(r, { headings: true }),
    tenancy: r.chance() ? 'multi' : 'single',
    entities,
    roles,
    adminRole,
    defaultRole,
    access,
    workflows: workflowNames.map((name) => randomWorkflow(r, name, entities)),
  };
}
