/**
 * The names of the manifest's schemas (`components.schemas` of the OpenAPI): `$ref`s to them,
 * the built-in schemas every project has, and the names derived from each entity. Entities keep
 * their own name; built-in schemas come next (`Error`, `Tokens`...), then the entity-derived ones
 * (`TaskCreate`). A name already taken gets a number (`TaskList2`).
 */
import type { BlueprintIR } from '../ir';
import { fileFields } from './field-schemas';
import type { EntitySchemaNames, JsonSchema } from './types';

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** `{ $ref: '#/components/schemas/<name>' }`. */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `${SCHEMA_REF_PREFIX}${name}` });

/** The schema name a `$ref` points at, or undefined. */
export function refName(schema: JsonSchema | undefined): string | undefined {
  return schema?.$ref?.startsWith(SCHEMA_REF_PREFIX) ? schema.$ref.slice(SCHEMA_REF_PREFIX.length) : undefined;
}

/** The schemas of every project (those a project does not use are left out of its document), in the order names are claimed. */
export const BUILTIN_SCHEMAS = [
  'Error',
  'Message',
  'SignupRequest',
  'SignupResult',
  'ConfirmRequest',
  'LoginRequest',
  'Tokens',
  'RefreshRequest',
  'RefreshedTokens',
  'ForgotPasswordRequest',
  'ResetPasswordRequest',
  'Me',
  'User',
  'UserList',
  'RoleChange',
  'InvitationRequest',
  'Invitation',
  'UploadGrant',
  'DownloadGrant',
  'WorkflowStartRequest',
  'WorkflowSignalRequest',
  'WorkflowAccepted',
  'WorkflowInstance',
  'WorkflowInstanceList',
  'RecordWorkflowList',
  'EventFailure',
  'EventFailureList',
  'WebhookCreateRequest',
  'WebhookUpdateRequest',
  'Webhook',
  'WebhookList',
  'WebhookDelivery',
  'WebhookDeliveryList',
] as const;
export type Builtin = (typeof BUILTIN_SCHEMAS)[number];

/** The schema names of one project, claimed once so every reader gets the same. */
export class SchemaNames {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  /** Schema names per entity name. */
  readonly entities: Record<string, EntitySchemaNames> = {};

  constructor(ir: BlueprintIR) {
    for (const entity of ir.entities) this.claim(`entity:${entity.name}`, entity.name);
    for (const name of BUILTIN_SCHEMAS) this.claim(`builtin:${name}`, name);
    for (const entity of ir.entities) {
      const claim = (kind: string, suffix: string) => this.claim(`${kind}:${entity.name}`, `${entity.name}${suffix}`);
      this.entities[entity.name] = {
        entity: this.names.get(`entity:${entity.name}`)!,
        create: claim('create', 'Create'),
        replace: claim('replace', 'Replace'),
        update: claim('update', 'Update'),
        list: claim('list', 'List'),
        ...(fileFields(entity).length > 0 ? { uploadUrlRequest: claim('upload', 'UploadUrlRequest') } : {}),
      };
    }
  }

  /** The name a built-in schema has in this project. */
  builtin(name: Builtin): string {
    return this.names.get(`builtin:${name}`)!;
  }

  private claim(key: string, preferred: string): string {
    let name = preferred;
    for (let n = 2; this.taken.has(name); n += 1) name = `${preferred}${n}`;
    this.taken.add(name);
    this.names.set(key, name);
    return name;
  }
}
