/**
 * Judges a BlueprintIR before anything is rendered or deployed from it: the report of
 * `POST /blueprints/{id}/validate` and `GET /blueprints/{id}/validation-report`. Errors make a
 * generation `failed`; warnings are advice. Each issue names the IR node it is about with a JSON
 * path (`$.entities[1].fields[3].type`) and an UPPER_SNAKE code.
 *
 * Pure, and it never throws: the input is first checked against the zod schema (a stored IR of
 * another shape gives SCHEMA_INVALID issues), then every rule runs over the whole document, so
 * one report lists every problem. DynamoDB's reserved words are not a problem: every expression
 * of the runtime uses attribute-name placeholders.
 *
 * Error codes: SCHEMA_INVALID, INVALID_NAME, DUPLICATE_NAME, RESERVED_NAME, UNKNOWN_REF_TARGET,
 * SERVER_FIELD_CONFLICT, SERVER_FIELD_MISSING, TYPE_SHAPE_INVALID, ENUM_WITHOUT_VALUES,
 * INVALID_RANGE, INVALID_DEFAULT, REQUIRED_WITH_DEFAULT, UNIQUE_NOT_SUPPORTED, INVALID_ON_DELETE,
 * FILE_FIELD_WITHOUT_LIMITS, FILE_LIMIT_TOO_LARGE, INVALID_CONTENT_TYPE, FILES_INCONSISTENT,
 * OWNER_FIELD_INVALID, OWNER_LEVEL_WITHOUT_OWNER, OWN_RIGHT_WITHOUT_OWNER, INVALID_LEVEL,
 * TENANCY_INCONSISTENT, TOO_MANY_INDEXES, INVALID_INDEX, INDEX_MISSING, ROLE_UNKNOWN_ENTITY,
 * ADMIN_ROLE_MISSING, ADMIN_ROLE_CONFLICT, ADMIN_RIGHTS_INCOMPLETE, DEFAULT_ROLE_MISSING,
 * TRIGGER_UNKNOWN_ENTITY, TRIGGER_UNKNOWN_FIELD, TRIGGER_INVALID, TRIGGER_INVALID_VALUE,
 * WAIT_UNTIL_INVALID_FIELD, WAIT_FOR_EVENT_WITHOUT_EVENTS, WORKFLOW_WITHOUT_STEPS,
 * WORKFLOW_TIMEOUT_TOO_LONG, WORKFLOW_PAYLOAD_TOO_LARGE, INVALID_CORS_ORIGIN, VALIDATION_CRASHED.
 * Warning codes: ENTITY_UNREADABLE, ROLE_WITHOUT_RIGHTS, PUBLIC_WRITE, ENTITY_WITHOUT_TITLE,
 * INDEX_SLOTS_FULL, OWNER_NOT_INDEXED, LIST_REF_UNCHECKED, RECORD_MAY_EXCEED_ITEM_LIMIT,
 * DEFAULT_ROLE_IS_ADMIN, NO_CORS_ORIGINS, NO_ENTITIES.
 */
import {
  BlueprintIR,
  IR_OPERATIONS,
  MAX_INDEXES_PER_ENTITY,
  RIGHT_NAMES,
  SERVER_FIELD_NAMES,
  TENANT_ENTITY,
  USER_ENTITY,
  isServerFieldName,
  jsonPath,
  type BlueprintIssue,
  type IrEntity,
  type IrField,
  type IrFieldType,
  type IrStep,
  type IrWorkflow,
  type ServerFieldName,
} from './ir';
import { kebabCase } from './naming';
import { DEPLOY_LIMITS } from './deploy-limits';
import { projectRoutes } from './project-routes';

export type Issue = BlueprintIssue;

export interface ValidationReport {
  valid: boolean;
  errors: Issue[];
  warnings: Issue[];
}

/**
 * Path words the service answers itself (generated API: `/auth/*`, `/v1/users`, `/v1/invitations`,
 * `/v1/{collection}/{id}/attachments`, `/workflows/*`, `/admin/*`, `/.well-known/*`, `/health`,
 * `/openapi.json`, `/docs`), in singular and plural, which no entity (its kebab name or its
 * collection) may take.
 */
export const RESERVED_ROUTE_WORDS: readonly string[] = [
  'auth', 'auths', 'user', 'users', 'invitation', 'invitations', 'attachment', 'attachments', 'workflow', 'workflows',
  'admin', 'admins', 'v1', 'well-known', 'health', 'openapi', 'docs', 'organization', 'organizations', 'me', 'apis', 'local',
];
/** Entities every project has already: the members and (multi-tenant) the organizations. */
export const RESERVED_ENTITY_NAMES: readonly string[] = [USER_ENTITY, TENANT_ENTITY];
/** Query parameters of every list: a filterable field may not take their names. */
export const RESERVED_QUERY_NAMES: readonly string[] = ['limit', 'cursor'];

/** S3's limit for one presigned PUT (5 GiB). */
export const MAX_FILE_BYTES = 5 * 1024 ** 3;
/** DynamoDB's item limit. */
export const MAX_ITEM_BYTES = 400 * 1024;

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const SNAKE = /^[a-z][a-z0-9_]*$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CONTENT_TYPE = /^[a-z]+\/([a-z0-9.+-]+|\*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
const TITLE_FIELD = /^(name|title|subject|label|code|reference|sku|slug|email|number|[a-z0-9_]+_(name|title|number|code))$/;

const SERVER_FIELD_TYPES: Record<ServerFieldName, IrFieldType> = { id: 'string', org_id: 'string', owner_id: 'ref', created_at: 'datetime', updated_at: 'datetime' };

export function validateBlueprint(ir: BlueprintIR): ValidationReport {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  try {
    const parsed = BlueprintIR.safeParse(ir);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ path: jsonPath(issue.path), code: 'SCHEMA_INVALID', message: `not a blueprint of IR version 1: ${issue.message}` });
      return { valid: false, errors, warnings };
    }
    new Checker(parsed.data, errors, warnings).run();
  } catch (err) {
    // A rule with a bug must not turn a report into a 500: say so, as an error of the report.
    errors.push({ path: '$', code: 'VALIDATION_CRASHED', message: `validation stopped early: ${err instanceof Error ? err.message : String(err)}` });
  }
  return { valid: errors.length === 0, errors, warnings };
}

/** `$.a.b` + key: `.key` for identifiers, `["Some key"]` otherwise. */
const prop = (base: string, key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`);

class Checker {
  private readonly entities: Map<string, IrEntity>;
  private readonly multi: boolean;

  constructor(
    private readonly ir: BlueprintIR,
    private readonly errors: Issue[],
    private readonly warnings: Issue[],
  ) {
    this.entities = new Map();
    for (const entity of ir.entities) if (!this.entities.has(entity.name)) this.entities.set(entity.name, entity);
    this.multi = ir.tenancy.mode === 'multi';
  }

  private error(path: string, code: string, message: string): void {
    this.errors.push({ path, code, message });
  }

  private warn(path: string, code: string, message: string): void {
    this.warnings.push({ path, code, message });
  }

  run(): void {
    this.checkTenancy();
    this.checkEntityNames();
    this.ir.entities.forEach((entity, e) => this.checkEntity(entity, `$.entities[${e}]`));
    this.checkFiles();
    this.checkRoles();
    this.checkWorkflows();
    this.checkCors();
    // The route manifest is derived only from a sound blueprint.
    if (this.errors.length === 0) this.checkDeployLimits();
  }

  // --- AWS limits of the deployed project ------------------------------------------------------

  /**
   * Warnings, not errors: the project still generates and runs locally; only its AWS stack
   * would be refused, and the user should learn that now rather than from a failed deploy.
   */
  private checkDeployLimits(): void {
    // The manifest's routes and the catch-all `$default` route.
    const routes = projectRoutes(this.ir).length + 1;
    const resources = DEPLOY_LIMITS.projectStackFixedResources + routes - 1;
    if (resources > DEPLOY_LIMITS.resourcesPerStack) {
      this.warn('$.entities', 'TOO_MANY_RESOURCES', `the project's AWS stack would have ${resources} resources; CloudFormation allows ${DEPLOY_LIMITS.resourcesPerStack} per stack (${routes} routes): it runs locally, but split the project or drop entities before deploying to AWS`);
    } else if (routes > DEPLOY_LIMITS.routesPerHttpApi) {
      this.warn('$.entities', 'TOO_MANY_ROUTES', `the API would have ${routes} routes; API Gateway allows ${DEPLOY_LIMITS.routesPerHttpApi} per HTTP API by default: raise the quota before deploying to AWS, or drop entities`);
    }
  }

  // --- tenancy --------------------------------------------------------------------------------

  private checkTenancy(): void {
    const { mode, tenantEntity, claim } = this.ir.tenancy;
    if (mode === 'multi' && (tenantEntity !== TENANT_ENTITY || claim !== 'org_id')) {
      this.error('$.tenancy', 'TENANCY_INCONSISTENT', `a multi-tenant project's records belong to ${TENANT_ENTITY} through the org_id claim (tenantEntity '${TENANT_ENTITY}', claim 'org_id')`);
    }
    if (mode === 'single' && (tenantEntity !== null || claim !== null)) {
      this.error('$.tenancy', 'TENANCY_INCONSISTENT', 'a single-tenant project has no tenant entity and no org_id claim (both null)');
    }
  }

  // --- entities -------------------------------------------------------------------------------

  private checkEntityNames(): void {
    const names = new Map<string, number>();
    const collections = new Map<string, number>();
    this.ir.entities.forEach((entity, e) => {
      const path = `$.entities[${e}]`;
      if (RESERVED_ENTITY_NAMES.includes(entity.name)) {
        const what = entity.name === USER_ENTITY ? 'the built-in members entity (reference it with ref(User))' : 'the tenant entity of multi-tenant projects';
        this.error(`${path}.name`, 'RESERVED_NAME', `${entity.name} is ${what}; name the entity differently`);
      } else if (!PASCAL.test(entity.name)) {
        this.error(`${path}.name`, 'INVALID_NAME', `entity name '${entity.name}' must be singular PascalCase (e.g. ExpenseReport)`);
      } else if (RESERVED_ROUTE_WORDS.includes(kebabCase(entity.name))) {
        this.error(`${path}.name`, 'RESERVED_NAME', `'${entity.name}' is a word of the service's own routes (${RESERVED_ROUTE_WORDS.join(', ')}); name the entity differently`);
      }
      if (!KEBAB.test(entity.collection)) {
        this.error(`${path}.collection`, 'INVALID_NAME', `collection '${entity.collection}' must be plural kebab-case (e.g. expense-reports)`);
      } else if (RESERVED_ROUTE_WORDS.includes(entity.collection) && !RESERVED_ENTITY_NAMES.includes(entity.name) && !RESERVED_ROUTE_WORDS.includes(kebabCase(entity.name))) {
        this.error(`${path}.collection`, 'RESERVED_NAME', `the collection /v1/${entity.collection} would collide with the service's own routes`);
      }
      const seen = names.get(entity.name);
      if (seen !== undefined) this.error(`${path}.name`, 'DUPLICATE_NAME', `entity ${entity.name} is declared twice (also $.entities[${seen}])`);
      else names.set(entity.name, e);
      const other = collections.get(entity.collection);
      if (other !== undefined && seen === undefined) {
        this.error(`${path}.collection`, 'DUPLICATE_NAME', `${entity.name}'s collection /v1/${entity.collection} is also ${this.ir.entities[other]?.name ?? '?'}'s ($.entities[${other}])`);
      } else if (other === undefined) collections.set(entity.collection, e);
    });
    if (this.ir.entities.length === 0) this.warn('$.entities', 'NO_ENTITIES', 'the project declares no entity: its API has only auth, users and workflows');
  }

  private checkEntity(entity: IrEntity, path: string): void {
    if (entity.tenantScoped !== this.multi) {
      this.error(`${path}.tenantScoped`, 'TENANCY_INCONSISTENT', this.multi ? `${entity.name} must be tenant-scoped: every entity of a multi-tenant project is` : `${entity.name} cannot be tenant-scoped in a single-tenant project`);
    }
    this.checkServerFields(entity, path);
    const fieldNames = new Map<string, number>();
    entity.fields.forEach((field, f) => {
      const fieldPath = `${path}.fields[${f}]`;
      const first = fieldNames.get(field.name);
      if (first !== undefined) {
        const earlier = entity.fields[first] as IrField;
        const serverPair = isServerFieldName(field.name) && earlier.serverOwned !== field.serverOwned;
        if (!(serverPair && earlier.type !== field.type)) this.error(`${fieldPath}.name`, 'DUPLICATE_NAME', `${entity.name}.${field.name} is declared twice (also ${path}.fields[${first}])`);
      } else fieldNames.set(field.name, f);
      this.checkField(entity, field, fieldPath);
    });
    this.checkOwner(entity, path);
    this.checkOperations(entity, path);
    this.checkIndexes(entity, path);
    if (!entity.fields.some((field) => !field.serverOwned && (field.type === 'string' || field.type === 'email') && TITLE_FIELD.test(field.name))) {
      this.warn(`${path}.fields`, 'ENTITY_WITHOUT_TITLE', `${entity.name} has no name or title field: lists and pickers will show bare ids`);
    }
    const bytes = estimateRecordBytes(entity);
    if (bytes > MAX_ITEM_BYTES) {
      this.warn(`${path}.fields`, 'RECORD_MAY_EXCEED_ITEM_LIMIT', `a ${entity.name} record may take about ${kb(bytes)} KB, above DynamoDB's 400 KB per item: lower some maximum lengths`);
    }
  }

  /** id, org_id (multi-tenant only), owner_id, created_at, updated_at: present, flagged, with their types. */
  private checkServerFields(entity: IrEntity, path: string): void {
    entity.fields.forEach((field, f) => {
      const fieldPath = `${path}.fields[${f}]`;
      if (field.name === 'org_id' && !this.multi) {
        this.error(fieldPath, 'TENANCY_INCONSISTENT', `${entity.name}.org_id: a single-tenant project has no organizations, so no org_id`);
        return;
      }
      if (field.serverOwned && !isServerFieldName(field.name)) {
        this.error(`${fieldPath}.serverOwned`, 'SERVER_FIELD_CONFLICT', `${entity.name}.${field.name} is flagged server-owned, but the server owns only ${SERVER_FIELD_NAMES.join(', ')}`);
        return;
      }
      if (!isServerFieldName(field.name)) return;
      const expected = SERVER_FIELD_TYPES[field.name];
      if (field.type !== expected) {
        this.error(`${fieldPath}.type`, 'SERVER_FIELD_CONFLICT', `${entity.name}.${field.name} is a server-owned field of type ${expected}; declare your field under another name`);
      } else if (!field.serverOwned && entity.fields.some((other) => other !== field && other.name === field.name && other.serverOwned)) {
        // A second declaration of the same type: DUPLICATE_NAME reports it.
      } else if (!field.serverOwned) {
        this.error(`${fieldPath}.serverOwned`, 'SERVER_FIELD_CONFLICT', `${entity.name}.${field.name} is written by the server; it must be flagged serverOwned`);
      }
    });
    for (const name of SERVER_FIELD_NAMES) {
      if (name === 'org_id' && !this.multi) continue;
      if (entity.fields.some((field) => field.name === name)) continue;
      if (name === 'org_id') this.error(`${path}.fields`, 'TENANCY_INCONSISTENT', `${entity.name} lacks org_id: every record of a multi-tenant project carries its organization`);
      else this.error(`${path}.fields`, 'SERVER_FIELD_MISSING', `${entity.name} lacks the server-owned field ${name}`);
    }
  }

  private checkField(entity: IrEntity, field: IrField, path: string): void {
    const subject = `${entity.name}.${field.name}`;
    if (!SNAKE.test(field.name)) this.error(`${path}.name`, 'INVALID_NAME', `field name '${field.name}' must be snake_case (e.g. due_date)`);
    if (field.indexed && RESERVED_QUERY_NAMES.includes(field.name)) {
      this.error(`${path}.name`, 'RESERVED_NAME', `${subject} is filterable, but ?${field.name}= is a list parameter of every collection; rename the field`);
    }
    this.checkShape(field, subject, path);
    this.checkRange(field, subject, path);
    this.checkDefault(field, subject, path);
    if (field.required && field.default !== undefined) {
      this.error(`${path}.required`, 'REQUIRED_WITH_DEFAULT', `${subject} has a default, so it is not required on create (the contract's required rule)`);
    }
    if (field.unique && (field.type === 'boolean' || field.type === 'list' || field.type === 'file')) {
      this.error(`${path}.unique`, 'UNIQUE_NOT_SUPPORTED', `unique does not apply to ${field.type} fields (${subject})`);
    }
  }

  /** The parts a type needs and only those: items for lists, ref for refs, enum values, file rules. */
  private checkShape(field: IrField, subject: string, path: string): void {
    const isList = field.type === 'list';
    const itemType = isList ? field.items?.type : undefined;
    if (isList && !field.items) this.error(`${path}.items`, 'TYPE_SHAPE_INVALID', `${subject} is a list without items (what does it hold?)`);
    if (!isList && field.items) this.error(`${path}.items`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}, not a list: it takes no items`);

    // Enum values.
    if (field.type === 'enum') this.checkEnumValues(field.enum, subject, `${path}.enum`);
    else if (field.enum !== undefined) this.error(`${path}.enum`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}: only enum fields take values`);
    if (itemType === 'enum') this.checkEnumValues(field.items?.enum, subject, `${path}.items.enum`);
    else if (field.items?.enum !== undefined) this.error(`${path}.items.enum`, 'TYPE_SHAPE_INVALID', `${subject}: only list(enum) takes values`);

    // References.
    const refsSomething = field.type === 'ref' || itemType === 'ref';
    if (refsSomething && !field.ref) this.error(`${path}.ref`, 'TYPE_SHAPE_INVALID', `${subject} is a reference without a target`);
    if (!refsSomething && field.ref) this.error(`${path}.ref`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}: only ref fields (and lists of refs) reference an entity`);
    if (itemType === 'ref' && !field.items?.ref) this.error(`${path}.items.ref`, 'TYPE_SHAPE_INVALID', `${subject} is a list of references without a target`);
    if (itemType !== 'ref' && field.items?.ref) this.error(`${path}.items.ref`, 'TYPE_SHAPE_INVALID', `${subject}: only list(ref(...)) items reference an entity`);
    if (itemType === 'ref' && field.items?.ref && field.ref && field.items.ref.entity !== field.ref.entity) {
      this.error(`${path}.items.ref.entity`, 'TYPE_SHAPE_INVALID', `${subject}: the items reference ${field.items.ref.entity} but the relation says ${field.ref.entity}`);
    }
    if (refsSomething && field.ref) {
      if (!this.isEntity(field.ref.entity)) this.error(`${path}.ref.entity`, 'UNKNOWN_REF_TARGET', `${subject} references ${field.ref.entity}, which is neither an entity of the project nor ${USER_ENTITY}`);
      if (field.ref.onDelete === 'set_null' && field.required) {
        this.error(`${path}.ref.onDelete`, 'INVALID_ON_DELETE', `${subject} is required, so deleting the ${field.ref.entity} cannot clear it: use restrict or cascade, or make it optional`);
      }
    }
    if (itemType === 'ref' && field.items?.ref && !this.isEntity(field.items.ref.entity) && field.items.ref.entity !== field.ref?.entity) {
      this.error(`${path}.items.ref.entity`, 'UNKNOWN_REF_TARGET', `${subject} holds references to ${field.items.ref.entity}, which is not an entity of the project`);
    }
    if (itemType === 'ref' && field.ref && this.entities.has(field.ref.entity)) {
      this.warn(`${path}.ref`, 'LIST_REF_UNCHECKED', `${subject} is a list of references: no index can find it when a ${field.ref.entity} is deleted, so stale ids are dropped when read instead of '${field.ref.onDelete}'`);
    }

    // Files.
    if (field.type === 'file') {
      const rules = field.file;
      if (!rules || rules.contentTypes.length === 0 || rules.maxBytes <= 0) {
        this.error(`${path}.file`, 'FILE_FIELD_WITHOUT_LIMITS', `${subject} is a file field: it needs its allowed content types and a size limit`);
      }
      if (rules && rules.maxBytes > MAX_FILE_BYTES) this.error(`${path}.file.maxBytes`, 'FILE_LIMIT_TOO_LARGE', `${subject}: ${rules.maxBytes} bytes is above the 5 GB a single upload can take`);
      rules?.contentTypes.forEach((type, t) => {
        if (!CONTENT_TYPE.test(type)) this.error(`${path}.file.contentTypes[${t}]`, 'INVALID_CONTENT_TYPE', `${subject}: '${type}' is not a content type like image/png or image/*`);
      });
    } else if (field.file) {
      this.error(`${path}.file`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}: only file fields take upload rules`);
    }
  }

  private checkEnumValues(values: string[] | undefined, subject: string, path: string): void {
    if (!values || values.length === 0) {
      this.error(path, 'ENUM_WITHOUT_VALUES', `${subject} is an enum without values`);
      return;
    }
    const seen = new Set<string>();
    values.forEach((value, v) => {
      if (value.trim() === '') this.error(`${path}[${v}]`, 'ENUM_WITHOUT_VALUES', `${subject} has an empty enum value`);
      if (seen.has(value)) this.error(`${path}[${v}]`, 'DUPLICATE_NAME', `${subject} lists the value '${value}' twice`);
      seen.add(value);
    });
  }

  /** Value bounds for numbers, length bounds for strings and texts, element counts for lists. */
  private checkRange(field: IrField, subject: string, path: string): void {
    if (field.min === undefined && field.max === undefined) return;
    const numeric = field.type === 'integer' || field.type === 'number';
    const length = field.type === 'string' || field.type === 'text' || field.type === 'list';
    if (!numeric && !length) {
      this.error(field.min !== undefined ? `${path}.min` : `${path}.max`, 'INVALID_RANGE', `${subject}: a range applies to integer, number, string, text and list fields, not ${field.type}`);
      return;
    }
    for (const key of ['min', 'max'] as const) {
      const bound = field[key];
      if (bound === undefined) continue;
      if (!Number.isFinite(bound)) this.error(`${path}.${key}`, 'INVALID_RANGE', `${subject}: ${key} ${bound} is not a number`);
      else if (length && (!Number.isInteger(bound) || bound < 0)) this.error(`${path}.${key}`, 'INVALID_RANGE', `${subject}: a length or count takes whole numbers from 0 (${key} is ${bound})`);
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      this.error(`${path}.min`, 'INVALID_RANGE', `${subject}: the range ${field.min}..${field.max} is empty (min is above max)`);
    }
  }

  private checkDefault(field: IrField, subject: string, path: string): void {
    const value = field.default;
    if (value === undefined) return;
    const bad = (why: string) => this.error(`${path}.default`, 'INVALID_DEFAULT', `${subject}: ${why}`);
    const inRange = (n: number) => (field.min === undefined || n >= field.min) && (field.max === undefined || n <= field.max);
    switch (field.type) {
      case 'ref':
      case 'list':
      case 'file':
        return bad(`${field.type} fields take no default`);
      case 'integer':
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) return bad(`the default '${String(value)}' is not a number`);
        if (field.type === 'integer' && !Number.isInteger(value)) return bad(`the default ${value} is not a whole number`);
        if (!inRange(value)) return bad(`the default ${value} is outside ${field.min ?? ''}..${field.max ?? ''}`);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') return bad(`the default '${String(value)}' is not true or false`);
        return;
    }
    if (typeof value !== 'string') return bad(`the default ${String(value)} is not text`);
    switch (field.type) {
      case 'enum':
        if (field.enum && field.enum.length > 0 && !field.enum.includes(value)) bad(`the default '${value}' is not one of ${field.enum.join(', ')}`);
        return;
      case 'date':
        if (!DATE.test(value) || Number.isNaN(Date.parse(value))) bad(`the default '${value}' is not a date like 2025-01-31`);
        return;
      case 'datetime':
        if (!DATETIME.test(value) || Number.isNaN(Date.parse(value))) bad(`the default '${value}' is not a date-time like 2025-01-31T09:00:00Z`);
        return;
      case 'string':
      case 'text':
        if (!inRange([...value].length)) bad(`the default '${value}' has a length outside ${field.min ?? ''}..${field.max ?? ''}`);
        return;
    }
  }

  // --- ownership and levels -------------------------------------------------------------------

  /** Whether the entity's owner field is a single reference to a member. */
  private ownerIsUser(entity: IrEntity): boolean {
    const owner = entity.fields.find((field) => field.name === entity.ownerField);
    return owner !== undefined && owner.type === 'ref' && owner.ref?.entity === USER_ENTITY;
  }

  private checkOwner(entity: IrEntity, path: string): void {
    if (!this.ownerIsUser(entity)) {
      const owner = entity.fields.find((field) => field.name === entity.ownerField);
      this.error(
        `${path}.ownerField`,
        'OWNER_FIELD_INVALID',
        owner ? `${entity.name}'s owner field ${owner.name} must be a ref(User) field (it is ${owner.type})` : `${entity.name}'s owner field '${entity.ownerField}' is not one of its fields`,
      );
    }
  }

  private checkOperations(entity: IrEntity, path: string): void {
    for (const operation of IR_OPERATIONS) {
      const level = entity.operations[operation].level;
      const levelPath = `${path}.operations.${operation}.level`;
      if (level === 'owner' && operation === 'create') {
        this.error(levelPath, 'INVALID_LEVEL', `${entity.name} create cannot be owner-level: a record has no owner before it exists`);
      } else if (level === 'owner' && !this.ownerIsUser(entity)) {
        this.error(levelPath, 'OWNER_LEVEL_WITHOUT_OWNER', `${entity.name} ${operation} is owner-level, but ${entity.name}'s owner field '${entity.ownerField}' is not a reference to a member`);
      }
      if (level === 'public' && (operation === 'create' || operation === 'update' || operation === 'delete')) {
        this.warn(levelPath, 'PUBLIC_WRITE', `${entity.name} ${operation} is public: anyone, without signing in, can ${operation} ${entity.collection}`);
      }
    }
  }

  // --- indexes --------------------------------------------------------------------------------

  private checkIndexes(entity: IrEntity, path: string): void {
    if (entity.indexes.length > MAX_INDEXES_PER_ENTITY) {
      this.error(
        `${path}.indexes`,
        'TOO_MANY_INDEXES',
        `${entity.name} needs ${entity.indexes.length} indexes, but the table has ${MAX_INDEXES_PER_ENTITY} shared GSIs (GSI1..GSI${MAX_INDEXES_PER_ENTITY}): the owner field and every reference to another entity need one; split the entity or drop references`,
      );
    }
    const names = new Set<string>();
    const fields = new Set<string>();
    entity.indexes.forEach((index, i) => {
      const indexPath = `${path}.indexes[${i}]`;
      const number = Number(index.name.slice(3));
      if (number > MAX_INDEXES_PER_ENTITY && entity.indexes.length <= MAX_INDEXES_PER_ENTITY) {
        this.error(`${indexPath}.name`, 'TOO_MANY_INDEXES', `${index.name} does not exist: the table has GSI1..GSI${MAX_INDEXES_PER_ENTITY}`);
      }
      if (names.has(index.name)) this.error(`${indexPath}.name`, 'DUPLICATE_NAME', `${entity.name} uses ${index.name} twice`);
      names.add(index.name);
      if (fields.has(index.field)) this.error(`${indexPath}.field`, 'DUPLICATE_NAME', `${entity.name}.${index.field} is indexed twice`);
      fields.add(index.field);
      const field = entity.fields.find((f) => f.name === index.field);
      if (!field) this.error(`${indexPath}.field`, 'INVALID_INDEX', `${entity.name} has no field '${index.field}' to index`);
      else if (field.type === 'list' || field.type === 'file' || field.type === 'text') {
        this.error(`${indexPath}.field`, 'INVALID_INDEX', `${entity.name}.${field.name} is a ${field.type} field: it cannot be an index key`);
      } else if (index.purpose === 'owner' && index.field !== entity.ownerField) {
        this.error(`${indexPath}.purpose`, 'INVALID_INDEX', `${entity.name}'s owner index must be on its owner field ${entity.ownerField}`);
      }
    });
    entity.fields.forEach((field, f) => {
      if (field.indexed && !fields.has(field.name)) this.error(`${path}.fields[${f}].indexed`, 'INVALID_INDEX', `${entity.name}.${field.name} is marked indexed but no index uses it`);
      if (!field.indexed && fields.has(field.name)) this.error(`${path}.fields[${f}].indexed`, 'INVALID_INDEX', `${entity.name}.${field.name} has an index but is not marked indexed`);
      const ref = field.type === 'ref' ? field.ref : undefined;
      if (ref && this.entities.has(ref.entity) && !field.serverOwned && !fields.has(field.name)) {
        this.error(`${path}.fields[${f}]`, 'INDEX_MISSING', `${entity.name}.${field.name} references ${ref.entity} but has no index: deleting a ${ref.entity} could not find its ${entity.collection} without a Scan`);
      }
    });
    if (!fields.has(entity.ownerField)) {
      this.warn(`${path}.indexes`, 'OWNER_NOT_INDEXED', `${entity.name}'s owner field ${entity.ownerField} has no index: lists limited to own records must filter every page`);
    }
    if (entity.indexes.length >= MAX_INDEXES_PER_ENTITY) {
      const left = entity.fields.filter((field) => !field.serverOwned && !fields.has(field.name) && (field.type === 'enum' || field.type === 'boolean' || (field.type === 'ref' && field.ref?.entity === USER_ENTITY)));
      if (left.length > 0) {
        this.warn(`${path}.indexes`, 'INDEX_SLOTS_FULL', `${entity.name} uses all ${MAX_INDEXES_PER_ENTITY} indexes, so ${left.map((field) => field.name).join(', ')} cannot be list filters`);
      }
    }
  }

  // --- files ----------------------------------------------------------------------------------

  /** `files` lists every file field with the field's own rules, in entity and field order. */
  private checkFiles(): void {
    const expected = this.ir.entities.flatMap((entity) => entity.fields.filter((field) => field.type === 'file').map((field) => ({ entity: entity.name, field: field.name, rules: field.file })));
    const listed = new Set<string>();
    this.ir.files.forEach((file, i) => {
      const match = expected.find((e) => e.entity === file.entity && e.field === file.field);
      const path = `$.files[${i}]`;
      if (!match) this.error(path, 'FILES_INCONSISTENT', `${file.entity}.${file.field} is listed as a file but is not a file field`);
      else if (!match.rules || match.rules.maxBytes !== file.maxBytes || match.rules.contentTypes.join('\n') !== file.contentTypes.join('\n')) {
        this.error(path, 'FILES_INCONSISTENT', `${file.entity}.${file.field}: the rules differ from the field's own`);
      }
      if (listed.has(`${file.entity}.${file.field}`)) this.error(path, 'DUPLICATE_NAME', `${file.entity}.${file.field} is listed twice`);
      listed.add(`${file.entity}.${file.field}`);
    });
    for (const e of expected) {
      if (!listed.has(`${e.entity}.${e.field}`)) this.error('$.files', 'FILES_INCONSISTENT', `the file field ${e.entity}.${e.field} is missing from files`);
    }
  }

  // --- roles ----------------------------------------------------------------------------------

  private checkRoles(): void {
    const { roles, adminRole, defaultRole } = this.ir;
    const seen = new Map<string, number>();
    roles.forEach((role, r) => {
      const path = `$.roles[${r}]`;
      if (!SNAKE.test(role.name)) this.error(`${path}.name`, 'INVALID_NAME', `role name '${role.name}' must be snake_case (e.g. support_agent)`);
      const first = seen.get(role.name);
      if (first !== undefined) this.error(`${path}.name`, 'DUPLICATE_NAME', `role ${role.name} is declared twice (also $.roles[${first}])`);
      else seen.set(role.name, r);
      if (role.admin && role.name !== adminRole) this.error(`${path}.admin`, 'ADMIN_ROLE_CONFLICT', `${role.name} is marked administrative, but the administrative role is ${adminRole}`);
      if (!role.admin && role.name === adminRole) this.error(`${path}.admin`, 'ADMIN_ROLE_MISSING', `${role.name} is the administrative role but is not marked admin`);
      for (const [entity, rights] of Object.entries(role.rights)) {
        const rightsPath = prop(`${path}.rights`, entity);
        if (!this.entities.has(entity)) {
          this.error(rightsPath, 'ROLE_UNKNOWN_ENTITY', `role ${role.name} has rights on ${entity}, which is not an entity of the project`);
          continue;
        }
        const target = this.entities.get(entity) as IrEntity;
        for (const right of RIGHT_NAMES) {
          if (rights[right] === 'own' && !this.ownerIsUser(target)) {
            this.error(`${rightsPath}.${right}`, 'OWN_RIGHT_WITHOUT_OWNER', `role ${role.name} may ${right} only its own ${entity} records, but ${entity}'s owner field is not a reference to a member`);
          }
        }
      }
      if (role.admin) {
        for (const entity of this.entities.keys()) {
          const rights = role.rights[entity];
          if (!rights || RIGHT_NAMES.some((right) => rights[right] !== 'all')) {
            this.error(prop(`${path}.rights`, entity), 'ADMIN_RIGHTS_INCOMPLETE', `${role.name} is the administrative role, so it has every right on ${entity} (create, read, update and delete all records)`);
          }
        }
      } else if (this.ir.entities.length > 0 && !Object.values(role.rights).some((rights) => RIGHT_NAMES.some((right) => rights[right] !== undefined))) {
        this.warn(`${path}.rights`, 'ROLE_WITHOUT_RIGHTS', `role ${role.name} has no right on any entity: its members can only sign in`);
      }
    });
    if (!seen.has(adminRole)) this.error('$.adminRole', 'ADMIN_ROLE_MISSING', `the administrative role '${adminRole}' is not one of the roles (${roles.map((role) => role.name).join(', ') || 'none'})`);
    if (!seen.has(defaultRole)) this.error('$.defaultRole', 'DEFAULT_ROLE_MISSING', `the default role '${defaultRole}' is not one of the roles (${roles.map((role) => role.name).join(', ') || 'none'})`);
    else if (defaultRole === adminRole && roles.length > 1) this.warn('$.defaultRole', 'DEFAULT_ROLE_IS_ADMIN', `the default role is the administrative one: every new member gets every right`);
    this.ir.entities.forEach((entity, e) => {
      const readable = roles.some((role) => !role.admin && role.rights[entity.name]?.read !== undefined);
      if (!readable && entity.operations.read.level !== 'public' && entity.operations.list.level !== 'public') {
        this.warn(`$.entities[${e}]`, 'ENTITY_UNREADABLE', `no role but ${adminRole} can read ${entity.name}`);
      }
    });
  }

  // --- workflows ------------------------------------------------------------------------------

  private checkWorkflows(): void {
    const names = new Map<string, number>();
    this.ir.workflows.forEach((workflow, w) => {
      const path = `$.workflows[${w}]`;
      if (!SNAKE.test(workflow.name)) this.error(`${path}.name`, 'INVALID_NAME', `workflow name '${workflow.name}' must be snake_case`);
      const first = names.get(workflow.name);
      if (first !== undefined) this.error(`${path}.name`, 'DUPLICATE_NAME', `workflow ${workflow.name} is declared twice (also $.workflows[${first}])`);
      else names.set(workflow.name, w);
      const entity = this.checkTrigger(workflow, path);
      this.checkSteps(workflow, entity, path);
    });
  }

  /** The triggering entity, when the trigger names a known one. */
  private checkTrigger(workflow: IrWorkflow, path: string): IrEntity | undefined {
    const trigger = workflow.trigger;
    if ('manual' in trigger) return undefined;
    const tpath = `${path}.trigger`;
    const entity = this.entities.get(trigger.entity);
    if (!entity) {
      this.error(`${tpath}.entity`, 'TRIGGER_UNKNOWN_ENTITY', `workflow ${workflow.name} is triggered by ${trigger.entity}, which is not an entity of the project`);
      return undefined;
    }
    if ((trigger.field === undefined) !== (trigger.value === undefined)) {
      this.error(tpath, 'TRIGGER_INVALID', `workflow ${workflow.name}: a field trigger names both a field and a value (${trigger.entity} <field> = <value>)`);
    } else if (trigger.field !== undefined && trigger.event !== 'updated') {
      this.error(`${tpath}.event`, 'TRIGGER_INVALID', `workflow ${workflow.name}: a field trigger fires on updates (event 'updated'), not on '${trigger.event}'`);
    }
    if (trigger.field !== undefined) {
      const field = entity.fields.find((f) => f.name === trigger.field);
      if (!field) this.error(`${tpath}.field`, 'TRIGGER_UNKNOWN_FIELD', `workflow ${workflow.name}: ${entity.name} has no field '${trigger.field}'`);
      else if (trigger.value !== undefined) {
        if (field.type === 'enum' && field.enum && !field.enum.includes(trigger.value)) {
          this.error(`${tpath}.value`, 'TRIGGER_INVALID_VALUE', `workflow ${workflow.name}: '${trigger.value}' is not a value of ${entity.name}.${field.name} (${field.enum.join(', ')})`);
        } else if (field.type === 'boolean' && trigger.value !== 'true' && trigger.value !== 'false') {
          this.error(`${tpath}.value`, 'TRIGGER_INVALID_VALUE', `workflow ${workflow.name}: ${entity.name}.${field.name} is true or false, not '${trigger.value}'`);
        } else if ((field.type === 'integer' || field.type === 'number') && !Number.isFinite(Number(trigger.value))) {
          this.error(`${tpath}.value`, 'TRIGGER_INVALID_VALUE', `workflow ${workflow.name}: ${entity.name}.${field.name} is a number, not '${trigger.value}'`);
        }
      }
    }
    const bytes = estimateRecordBytes(entity);
    if (bytes > this.ir.limits.workflowPayloadMaxBytes) {
      this.error(
        tpath,
        'WORKFLOW_PAYLOAD_TOO_LARGE',
        `workflow ${workflow.name} starts with a ${entity.name} record, which may take about ${kb(bytes)} KB, above the ${kb(this.ir.limits.workflowPayloadMaxBytes)} KB a workflow's input can hold: lower the maximum lengths of its text fields`,
      );
    }
    return entity;
  }

  private checkSteps(workflow: IrWorkflow, entity: IrEntity | undefined, path: string): void {
    const limits = this.ir.limits;
    if (workflow.steps.length === 0) this.error(`${path}.steps`, 'WORKFLOW_WITHOUT_STEPS', `workflow ${workflow.name} has no steps`);
    const names = new Set<string>();
    let total = 0;
    let stepTooLong = false;
    workflow.steps.forEach((step, s) => {
      const spath = `${path}.steps[${s}]`;
      if (!SNAKE.test(step.name)) this.error(`${spath}.name`, 'INVALID_NAME', `step name '${step.name}' must be snake_case`);
      if (names.has(step.name)) this.error(`${spath}.name`, 'DUPLICATE_NAME', `workflow ${workflow.name} has two steps named ${step.name}`);
      names.add(step.name);
      const [seconds, key] = stepWait(step);
      total += Math.max(0, seconds);
      if (Math.abs(seconds) > limits.workflowStepTimeoutMaxSeconds) {
        stepTooLong = true;
        this.error(`${spath}.${key}`, 'WORKFLOW_TIMEOUT_TOO_LONG', `workflow ${workflow.name}, step ${step.name}: ${describeSeconds(Math.abs(seconds))} is above the limit of one step (${describeSeconds(limits.workflowStepTimeoutMaxSeconds)})`);
      }
      if (step.kind === 'waitForEvent') {
        if (step.events.length === 0) this.error(`${spath}.events`, 'WAIT_FOR_EVENT_WITHOUT_EVENTS', `workflow ${workflow.name}, step ${step.name} waits for no event`);
        const events = new Set<string>();
        step.events.forEach((event, v) => {
          if (!SNAKE.test(event)) this.error(`${spath}.events[${v}]`, 'INVALID_NAME', `event name '${event}' must be snake_case`);
          if (events.has(event)) this.error(`${spath}.events[${v}]`, 'DUPLICATE_NAME', `step ${step.name} lists the event ${event} twice`);
          events.add(event);
        });
      }
      if (step.kind === 'waitUntil') this.checkWaitUntil(workflow, step, entity, spath);
    });
    // One report per workflow: a step above the limit already makes the total too long.
    if (total > limits.workflowMaxDurationSeconds && !stepTooLong) {
      this.error(`${path}.steps`, 'WORKFLOW_TIMEOUT_TOO_LONG', `workflow ${workflow.name} may wait ${describeSeconds(total)} in all, above the limit of ${describeSeconds(limits.workflowMaxDurationSeconds)}`);
    }
  }

  private checkWaitUntil(workflow: IrWorkflow, step: Extract<IrStep, { kind: 'waitUntil' }>, entity: IrEntity | undefined, path: string): void {
    if ('manual' in workflow.trigger) {
      this.error(`${path}.field`, 'WAIT_UNTIL_INVALID_FIELD', `workflow ${workflow.name} is started by hand, so step ${step.name} has no record whose ${step.field} it could wait for`);
      return;
    }
    if (!entity) return; // TRIGGER_UNKNOWN_ENTITY says why.
    const field = entity.fields.find((f) => f.name === step.field);
    if (!field) this.error(`${path}.field`, 'WAIT_UNTIL_INVALID_FIELD', `workflow ${workflow.name}, step ${step.name}: ${entity.name} has no field '${step.field}'`);
    else if (field.type !== 'date' && field.type !== 'datetime') {
      this.error(`${path}.field`, 'WAIT_UNTIL_INVALID_FIELD', `workflow ${workflow.name}, step ${step.name}: ${entity.name}.${field.name} is a ${field.type}, not a date or datetime`);
    }
  }

  // --- cors -----------------------------------------------------------------------------------

  private checkCors(): void {
    const origins = this.ir.cors.allowedOrigins;
    if (origins.length === 0) this.warn('$.cors.allowedOrigins', 'NO_CORS_ORIGINS', 'no origin is allowed: browsers cannot call the API');
    origins.forEach((origin, o) => {
      if (origin !== '*' && !ORIGIN.test(origin)) {
        this.error(`$.cors.allowedOrigins[${o}]`, 'INVALID_CORS_ORIGIN', `'${origin}' is not '*' or an origin like https://app.example.com (scheme, host and optional port, no path)`);
      }
    });
  }

  private isEntity(name: string): boolean {
    return name === USER_ENTITY || this.entities.has(name);
  }
}

// --- estimates ------------------------------------------------------------------------------

/** How long a step may wait, and the key of the IR node that says so. Tasks: the sum of their retry delays (doubling). */
function stepWait(step: IrStep): [number, string] {
  switch (step.kind) {
    case 'wait':
      return [step.seconds, 'seconds'];
    case 'waitUntil':
      // Waits until a time the record holds (unknown here); only its offset is bounded.
      return [step.offsetSeconds, 'offsetSeconds'];
    case 'waitForEvent':
      return [step.timeoutSeconds, 'timeoutSeconds'];
    case 'task':
      return [step.backoffSeconds * (2 ** step.retries - 1), 'retries'];
  }
}

/** Bytes per character for declared maximum lengths: the worst case of UTF-8 for a UTF-16 unit. */
const BYTES_PER_CHAR = 3;
/** Sizes assumed for values without a declared maximum (typical ASCII content). */
const TYPICAL = { string: 255, text: 4000, listItems: 20 } as const;

/** A value's JSON size: declared maxima count at their worst, undeclared sizes at typical ones. */
function valueBytes(type: IrFieldType, field: { max?: number; enum?: string[] }, item = false): number {
  switch (type) {
    case 'string':
      return 2 + (field.max !== undefined && !item ? field.max * BYTES_PER_CHAR : TYPICAL.string);
    case 'text':
      return 2 + (field.max !== undefined && !item ? field.max * BYTES_PER_CHAR : TYPICAL.text);
    case 'email':
      return 2 + 254;
    case 'url':
      return 2 + 2048;
    case 'integer':
    case 'number':
      return 24;
    case 'boolean':
      return 5;
    case 'date':
      return 12;
    case 'datetime':
      return 32;
    case 'enum':
      return 2 + BYTES_PER_CHAR * Math.max(1, ...(field.enum ?? []).map((value) => value.length));
    case 'file':
    case 'ref':
      return 2 + 64;
    case 'list':
      return 2;
  }
}

/**
 * An estimate of the largest JSON form of a record: every field present at its largest declared
 * size (undeclared sizes at typical ones). Used for the workflow payload limit (a triggering
 * record is the workflow's input) and DynamoDB's item limit.
 */
export function estimateRecordBytes(entity: IrEntity): number {
  let bytes = 2;
  for (const field of entity.fields) {
    bytes += field.name.length + 4;
    if (field.type === 'list') {
      const count = field.max ?? TYPICAL.listItems;
      const item = field.items ? valueBytes(field.items.type, { enum: field.items.enum }, true) : TYPICAL.string;
      bytes += 2 + count * (item + 1);
    } else {
      bytes += valueBytes(field.type, field);
    }
  }
  return bytes;
}

const kb = (bytes: number): number => Math.ceil(bytes / 1024);

function describeSeconds(seconds: number): string {
  const days = seconds / 86400;
  return days >= 1 ? `${Number(days.toFixed(1))} days` : `${seconds} s`;
}
