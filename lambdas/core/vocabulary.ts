/**
 * The words a spec (spec/spec-model.ts, spec/field-type.ts) and a blueprint (blueprint/ir.ts)
 * share: field types, operations, access levels, rights and their scopes, delete behaviours,
 * trigger events, tenancy modes, the server-owned fields, the built-in entities and the grammar
 * of names. Each list is written here once; the spec model and the IR build their zod schemas
 * from it, so a word added here is known to both.
 */

/** The built-in entity of every project (its members, `/v1/users`), referenced by `ref(User)`. */
export const USER_ENTITY = 'User' as const;
/** The entity a multi-tenant project's records belong to (claim `org_id`); never declared in a spec. */
export const TENANT_ENTITY = 'Organization' as const;

/**
 * Fields the server writes on every record, in the order they lead each entity's field list; a
 * spec does not declare them (org_id only exists when multi-tenant).
 */
export const SERVER_FIELD_NAMES = ['id', 'org_id', 'owner_id', 'created_at', 'updated_at'] as const;
export type ServerFieldName = (typeof SERVER_FIELD_NAMES)[number];

/** Whether `name` is one of the server-owned fields (whatever the tenancy). */
export const isServerFieldName = (name: string): name is ServerFieldName => (SERVER_FIELD_NAMES as readonly string[]).includes(name);

/** The field types a spec writes as one word; `ref(Entity)` and `list(type)` are the other two. */
export const SCALAR_TYPES = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'file'] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

/** Every field type of the IR: the scalar ones, then `ref` and `list`. */
export const FIELD_TYPES = [...SCALAR_TYPES, 'ref', 'list'] as const;
export type FieldTypeName = (typeof FIELD_TYPES)[number];

/** What a `list` may hold: any type but file and list (lists nest one level). */
export type ListItemType = Exclude<FieldTypeName, 'file' | 'list'>;
const isListItemType = (type: FieldTypeName): type is ListItemType => type !== 'file' && type !== 'list';
export const LIST_ITEM_TYPES = FIELD_TYPES.filter(isListItemType) as readonly ListItemType[] as readonly [ListItemType, ...ListItemType[]];

/** The five endpoints of an entity, in the order routes and tables list them. */
export const OPERATIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The level an endpoint demands before rights are checked (CONTRACT "Authorization"). */
export const ACCESS_LEVELS = ['public', 'authenticated', 'owner', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** A role's rights on an entity (list and read both need `read`). */
export const RIGHT_NAMES = ['create', 'read', 'update', 'delete'] as const;
export type RightName = (typeof RIGHT_NAMES)[number];
/** A right on every record (of the organization), or only on the records the user owns. */
export const RIGHT_SCOPES = ['all', 'own'] as const;
export type RightScope = (typeof RIGHT_SCOPES)[number];

/** What deleting a referenced record does to the records pointing at it. */
export const ON_DELETE_BEHAVIOURS = ['restrict', 'cascade', 'set_null'] as const;
export type OnDeleteBehaviour = (typeof ON_DELETE_BEHAVIOURS)[number];

/** The record events a workflow trigger names (a field condition is an `updated`). */
export const TRIGGER_EVENTS = ['created', 'updated', 'deleted'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const TENANCY_MODES = ['single', 'multi'] as const;
export type TenancyMode = (typeof TENANCY_MODES)[number];

/** An object with one key per word of a list, in the list's order (a zod shape of rights per operation...). */
export function keyedBy<K extends string, V>(keys: readonly K[], value: V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>;
}

// --- the grammar of names ---------------------------------------------------------------------

/** Entity names: singular PascalCase (`ExpenseReport`). */
export const PASCAL_NAME = /^[A-Z][A-Za-z0-9]*$/;
/** Field, role, workflow, step and event names: snake_case (`due_date`). */
export const SNAKE_NAME = /^[a-z][a-z0-9_]*$/;
/** Collections: plural kebab-case path segments (`expense-reports`). */
export const KEBAB_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A file field's allowed content type: `image/png`, or every subtype with `image/*`. */
export const CONTENT_TYPE_PATTERN = /^[a-z]+\/([a-z0-9.+-]+|\*)$/;
