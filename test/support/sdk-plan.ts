/**
 * The plan of the generic SDK scenario (test/http/project-sdk-every-example.test.ts for Python,
 * project-sdk-typescript-every-example.test.ts for TypeScript), derived from a project's API
 * instead of written per example: which entity the scenario creates (the one with a file field,
 * else the one with the most required references) and the parents its required references need
 * first, valid create bodies and an update body (sampled from the published schemas with
 * openapi-fuzz's generator and kept only when the runtime's own checks accept them), the SDK
 * methods to call by name, the file to upload, and how far to move the clock so the access token
 * expires. The scenario script only follows it; the names are those of the SDK it runs, from its
 * generator's naming functions (Python's file helpers excepted: as python-client.ts writes them).
 */
import * as fc from 'fast-check';
import { USER_ENTITY, type BlueprintIR, type IrEntity, type IrField } from '../../lambdas/core/blueprint/ir';
import { refName, type JsonSchema, type RouteAction } from '../../lambdas/core/blueprint/project-routes';
import { validateCreate, validatePatch } from '../../lambdas/core/project-api/record-validation';
import { RECORD_ID_LENGTH } from '../../lambdas/core/project-api/record-id';
import { pythonIteratorName, pythonMethodName } from '../../lambdas/core/sdk/python/python-client';
import { pythonPackageName } from '../../lambdas/core/sdk/python/python-sdk';
import { tsFileHelperName, tsIteratorName } from '../../lambdas/core/sdk/typescript/typescript-client';
import { typescriptPackageName } from '../../lambdas/core/sdk/typescript/typescript-sdk';
import { sdkApi, typeNameOf, type SdkApi, type SdkInput, type SdkOperation } from '../../lambdas/core/sdk/sdk-api';
import { snakeCase } from '../../lambdas/core/text/case';
import { illFormedTextDetails } from '../../lambdas/core/well-formed-text';
import { KnownValues, SchemaArbitraries, type Schema } from './openapi-fuzz';

/** Records of the scenario's entity: more than two pages of PAGE_SIZE. */
export const PAGE_SIZE = 2;
export const RECORD_COUNT = 2 * PAGE_SIZE + 1;
/** What a reference to the signed-up user is filled with (`refs[].to`). */
export const ME = '@me';
/** A body's JSON at most this long: the plan travels in an environment variable. */
const MAX_BODY_JSON = 2_000;
/** Candidates drawn from the fuzz generator per body set (most are hostile or invalid on purpose). */
const SAMPLES = 2_000;

export type SdkLanguage = 'python' | 'typescript';

/** How each SDK names what the scenario calls. */
interface SdkNaming {
  method(operationId: string): string;
  iterator(listOperationId: string): string;
  package(projectName: string): string;
  fileHelper(verb: 'upload' | 'download', entity: string): string;
}

const NAMING: Record<SdkLanguage, SdkNaming> = {
  python: {
    method: pythonMethodName,
    iterator: pythonIteratorName,
    package: pythonPackageName,
    // The helpers python-client.ts writes per entity with files.
    fileHelper: (verb, entity) => `${verb}_${snakeCase(entity)}_file`,
  },
  typescript: {
    // typescript-client.ts names each method by its operationId, unchanged.
    method: (operationId) => operationId,
    iterator: tsIteratorName,
    package: typescriptPackageName,
    fileHelper: tsFileHelperName,
  },
};

/** A reference the script fills when it runs: the id of the record created for `to` (or the user's). */
export interface PlannedRef {
  field: string;
  to: string;
  /** A list of references: the id goes in as a one-element list. */
  list: boolean;
}

export interface PlannedCreate {
  entity: string;
  create: string;
  body: Record<string, unknown>;
  refs: PlannedRef[];
}

export interface SdkScenarioPlan {
  /** The `to` of a reference to the signed-up user. */
  me: typeof ME;
  package: string;
  client_class: string;
  auth: { sign_up: string; confirm: string; log_in: string; me: string; org_name: string | null };
  /** Created first, in order: the records the target's required references point at. */
  parents: PlannedCreate[];
  target: {
    entity: string;
    create: string;
    read: string;
    update: string;
    list: string;
    iter: string;
    /** RECORD_COUNT valid create bodies (references left out: `refs`). */
    bodies: Record<string, unknown>[];
    refs: PlannedRef[];
    update_body: Record<string, unknown>;
    /** A create body the API must refuse with 400, and the detail path it must name. */
    invalid: { body: Record<string, unknown>; refs: PlannedRef[]; path: string };
    unknown_id: string;
  };
  page_size: number;
  file: { upload: string; download: string; field: string; content_type: string; filename: string; data_base64: string } | null;
  /** Past the access token's lifetime. */
  advance_ms: number;
}

export function sdkScenarioPlan(input: SdkInput, seed: number, language: SdkLanguage = 'python'): SdkScenarioPlan {
  const api = sdkApi(input);
  const { ir } = input;
  const naming = NAMING[language];
  const method = (action: RouteAction, entity?: string): string => naming.method(operation(api, action, entity).route.operationId);
  const entity = targetEntity(api, ir);
  const sampler = new BodySampler(api, ir, seed);

  const parents: PlannedCreate[] = [];
  const planParents = (of: IrEntity): void => {
    for (const ref of referencesOf(of, true)) {
      if (ref.to === ME || ref.to === of.name || parents.some((p) => p.entity === ref.to)) continue;
      const parent = entityNamed(ir, ref.to);
      planParents(parent);
      parents.push({ entity: parent.name, create: method('crud.create', parent.name), body: sampler.createBodies(parent, 1)[0]!, refs: referencesOf(parent, true) });
    }
  };
  planParents(entity);

  const refs = referencesOf(entity, true);
  const bodies = sampler.createBodies(entity, RECORD_COUNT);
  const list = operation(api, 'crud.list', entity.name);
  const helper = api.files.find((f) => f.entity === entity.name);
  return {
    me: ME,
    package: naming.package(api.projectName),
    // As python-sdk.ts and typescript-sdk.ts name the client class.
    client_class: `${typeNameOf(api.projectName)}Client`,
    auth: { sign_up: method('auth.signup'), confirm: method('auth.confirm'), log_in: method('auth.login'), me: method('auth.me'), org_name: api.multiTenant ? 'SDK Scenario Inc' : null },
    parents,
    target: {
      entity: entity.name,
      create: method('crud.create', entity.name),
      read: method('crud.read', entity.name),
      update: method('crud.update', entity.name),
      list: naming.method(list.route.operationId),
      iter: naming.iterator(list.route.operationId),
      bodies,
      refs,
      update_body: sampler.updateBody(entity, bodies),
      invalid: invalidBody(api, entity, bodies[0]!, refs),
      unknown_id: '0'.repeat(RECORD_ID_LENGTH),
    },
    page_size: PAGE_SIZE,
    file: helper ? fileStep(entity, helper.fields[0]!, naming) : null,
    advance_ms: (ir.auth.tokenLifetimes.accessSeconds + 60) * 1000,
  };
}

function operation(api: SdkApi, action: RouteAction, entity?: string): SdkOperation {
  const found = api.operations.find((op) => op.route.action === action && op.route.entity === entity);
  if (!found) throw new Error(`the API has no ${action}${entity ? ` of ${entity}` : ''}`);
  return found;
}

const entityNamed = (ir: BlueprintIR, name: string): IrEntity => {
  const found = ir.entities.find((e) => e.name === name);
  if (!found) throw new Error(`no entity ${name}`);
  return found;
};

const targetOf = (field: IrField): string | undefined => field.ref?.entity ?? field.items?.ref?.entity;

/** The reference fields of a create body (`requiredOnly`: those it cannot do without). */
function referencesOf(entity: IrEntity, requiredOnly: boolean): PlannedRef[] {
  return entity.fields
    .filter((f) => !f.serverOwned && targetOf(f) !== undefined && (f.required || !requiredOnly))
    .map((f) => ({ field: f.name, to: targetOf(f) === USER_ENTITY ? ME : targetOf(f)!, list: f.type === 'list' }));
}

/**
 * The entity with a file field (so the file step runs on the records just created), else the
 * one with the most required references to other entities (so parents are created first).
 */
function targetEntity(api: SdkApi, ir: BlueprintIR): IrEntity {
  const actions: RouteAction[] = ['crud.create', 'crud.read', 'crud.update', 'crud.list'];
  const candidates = ir.entities.filter((e) => actions.every((action) => api.operations.some((op) => op.route.action === action && op.route.entity === e.name)));
  const withFile = candidates.find((e) => api.files.some((f) => f.entity === e.name));
  if (withFile) return withFile;
  const parentCount = (e: IrEntity) => referencesOf(e, true).filter((r) => r.to !== ME && r.to !== e.name).length;
  const [best] = [...candidates].sort((a, b) => parentCount(b) - parentCount(a));
  if (!best) throw new Error('no entity with create, read, update and list routes');
  return best;
}

/** Ids of the right shape where the script will put real ones, so the runtime's checks can run here. */
function withPlaceholderRefs(body: Record<string, unknown>, refs: readonly PlannedRef[]): Record<string, unknown> {
  const out = { ...body };
  for (const ref of refs) {
    const id = ref.to === ME ? '00000000-0000-4000-8000-000000000000' : '0'.repeat(RECORD_ID_LENGTH);
    out[ref.field] = ref.list ? [id] : id;
  }
  return out;
}

/** True when the runtime's own checks (well-formed text, then record validation) accept `run`'s input. */
function accepted(body: Record<string, unknown>, run: () => unknown): boolean {
  if (illFormedTextDetails(body, 'body').length > 0) return false;
  try {
    run();
    return true;
  } catch {
    return false;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bodies drawn from openapi-fuzz's schema generator, filtered down to what the API accepts. */
class BodySampler {
  private readonly arbitraries: SchemaArbitraries;
  private draws = 0;

  constructor(
    private readonly api: SdkApi,
    private readonly ir: BlueprintIR,
    private readonly seed: number,
  ) {
    this.arbitraries = new SchemaArbitraries({ paths: {}, components: { schemas: api.schemas as Record<string, Schema> } }, new KnownValues());
  }

  /** `count` create bodies without their references, distinct in every unique field. */
  createBodies(entity: IrEntity, count: number): Record<string, unknown>[] {
    const refs = referencesOf(entity, false);
    const schema = this.bodySchema('crud.create', entity, refs.map((r) => r.field));
    const required = referencesOf(entity, true);
    return this.draw(schema, count, entity, [], (body) => accepted(body, () => validateCreate(entity, withPlaceholderRefs(body, required))));
  }

  /** A PATCH body that sets at least one field to a value none of `bodies` has there (no references, no files, no nulls). */
  updateBody(entity: IrEntity, bodies: readonly Record<string, unknown>[]): Record<string, unknown> {
    const refs = referencesOf(entity, false);
    const files = entity.fields.filter((f) => f.type === 'file').map((f) => f.name);
    const schema = this.bodySchema('crud.update', entity, [...refs.map((r) => r.field), ...files], true);
    const current = validateCreate(entity, withPlaceholderRefs(bodies[0]!, referencesOf(entity, true)));
    const [body] = this.draw(schema, 1, entity, bodies, (candidate) => {
      const values = Object.entries(candidate);
      return (
        values.length > 0 &&
        values.every(([, v]) => v !== null) &&
        values.some(([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k])) &&
        accepted(candidate, () => validatePatch(entity, candidate, current))
      );
    });
    return body!;
  }

  /** The route's body schema with `without` left out (`writableOnly`: server-owned fields too). */
  private bodySchema(action: RouteAction, entity: IrEntity, without: readonly string[], writableOnly = false): Schema {
    const body = operation(this.api, action, entity.name).body;
    const resolved: JsonSchema | undefined = this.api.schemas[refName(body) ?? ''] ?? body;
    if (!resolved?.properties) throw new Error(`${action} of ${entity.name} has no object body`);
    const serverOwned = entity.fields.filter((f) => f.serverOwned).map((f) => f.name);
    const dropped = new Set([...without, ...(writableOnly ? serverOwned : [])]);
    const properties = Object.fromEntries(Object.entries(resolved.properties).filter(([name]) => !dropped.has(name)));
    return { ...resolved, properties, required: (resolved.required ?? []).filter((name) => !dropped.has(name)) } as Schema;
  }

  private draw(schema: Schema, count: number, entity: IrEntity, others: readonly Record<string, unknown>[], accept: (body: Record<string, unknown>) => boolean): Record<string, unknown>[] {
    const unique = entity.fields.filter((f) => f.unique).map((f) => f.name);
    const taken = new Set(others.flatMap((b) => unique.filter((name) => b[name] !== undefined).map((name) => `${name}=${JSON.stringify(b[name])}`)));
    const out: Record<string, unknown>[] = [];
    this.draws += 1;
    const candidates = fc.sample(this.arbitraries.value(schema), { seed: this.seed + this.draws, numRuns: SAMPLES });
    for (const candidate of candidates) {
      if (out.length === count) break;
      if (!isPlainObject(candidate) || JSON.stringify(candidate).length > MAX_BODY_JSON || !accept(candidate)) continue;
      const claims = unique.filter((name) => candidate[name] !== undefined).map((name) => `${name}=${JSON.stringify(candidate[name])}`);
      if (claims.some((claim) => taken.has(claim))) continue;
      for (const claim of claims) taken.add(claim);
      out.push(candidate);
    }
    if (out.length < count) throw new Error(`${this.ir.project.name}: only ${out.length} of ${count} sampled ${entity.name} bodies are valid`);
    return out;
  }
}

/**
 * The body without its first required field (or, with none required, with an unknown one), and
 * the detail path the 400 must name.
 */
function invalidBody(api: SdkApi, entity: IrEntity, body: Record<string, unknown>, refs: readonly PlannedRef[]): SdkScenarioPlan['target']['invalid'] {
  const create = operation(api, 'crud.create', entity.name).body;
  const missing = (api.schemas[refName(create) ?? ''] ?? create)?.required?.[0];
  if (missing === undefined) return { body: { ...body, not_a_field: true }, refs: [...refs], path: 'body.not_a_field' };
  return { body: Object.fromEntries(Object.entries(body).filter(([name]) => name !== missing)), refs: refs.filter((r) => r.field !== missing), path: `body.${missing}` };
}

/** Bytes of every value (binary, not text), in a type the field allows (`image/*` -> `image/png`). */
function fileStep(entity: IrEntity, field: string, naming: SdkNaming): NonNullable<SdkScenarioPlan['file']> {
  const allowed = entity.fields.find((f) => f.name === field)?.file?.contentTypes[0] ?? 'application/octet-stream';
  const contentType = allowed.endsWith('/*') ? `${allowed.slice(0, -1)}png` : allowed;
  const data = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
  return { upload: naming.fileHelper('upload', entity.name), download: naming.fileHelper('download', entity.name), field, content_type: contentType, filename: `scenario-${field}.bin`, data_base64: data.toString('base64') };
}
