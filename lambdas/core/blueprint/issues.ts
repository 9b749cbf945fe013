/**
 * What the blueprint's judges report: one issue per problem, with a JSON path into the IR and a
 * machine code from the lists below (one list per kind of issue, every issue built with it).
 * `POST /blueprints/{id}/validate` -> `{ valid, errors, warnings }`; a failed generation stores
 * its build or parse issues the same way.
 */

/** Errors of validate-blueprint: the blueprint cannot be rendered or deployed as it is. */
export const VALIDATION_ERROR_CODES = [
  'SCHEMA_INVALID',
  'INVALID_NAME',
  'DUPLICATE_NAME',
  'RESERVED_NAME',
  'UNKNOWN_REF_TARGET',
  'SERVER_FIELD_CONFLICT',
  'SERVER_FIELD_MISSING',
  'TYPE_SHAPE_INVALID',
  'ENUM_WITHOUT_VALUES',
  'INVALID_RANGE',
  'INVALID_DEFAULT',
  'REQUIRED_WITH_DEFAULT',
  'UNIQUE_NOT_SUPPORTED',
  'INVALID_ON_DELETE',
  'FILE_FIELD_WITHOUT_LIMITS',
  'FILE_LIMIT_TOO_LARGE',
  'INVALID_CONTENT_TYPE',
  'FILES_INCONSISTENT',
  'OWNER_FIELD_INVALID',
  'OWNER_LEVEL_WITHOUT_OWNER',
  'OWN_RIGHT_WITHOUT_OWNER',
  'INVALID_LEVEL',
  'TENANCY_INCONSISTENT',
  'TOO_MANY_INDEXES',
  'INVALID_INDEX',
  'INDEX_MISSING',
  'ROLE_UNKNOWN_ENTITY',
  'ADMIN_ROLE_MISSING',
  'ADMIN_ROLE_CONFLICT',
  'ADMIN_RIGHTS_INCOMPLETE',
  'DEFAULT_ROLE_MISSING',
  'TRIGGER_UNKNOWN_ENTITY',
  'TRIGGER_UNKNOWN_FIELD',
  'TRIGGER_INVALID',
  'TRIGGER_INVALID_VALUE',
  'WAIT_UNTIL_INVALID_FIELD',
  'WAIT_FOR_EVENT_WITHOUT_EVENTS',
  'WORKFLOW_WITHOUT_STEPS',
  'WORKFLOW_TIMEOUT_TOO_LONG',
  'WORKFLOW_PAYLOAD_TOO_LARGE',
  /** A branch leads to a step the workflow does not have, or names an event its step does not wait for. */
  'WORKFLOW_UNKNOWN_TARGET',
  /** Steps that lead back to each other without a wait between them (they would run forever). */
  'WORKFLOW_LOOP_WITHOUT_WAIT',
  'WAIT_FOR_RECORD_INVALID',
  'TASK_ACTION_INVALID',
  /** A scheduled job's expression or time zone cannot be read, or the schedule never occurs. */
  'SCHEDULE_INVALID',
  /** A scheduled job's records: an unknown entity or field, a condition on a field without an index, a value the field cannot hold, an empty age window. */
  'RECORD_QUERY_INVALID',
  'INVALID_CORS_ORIGIN',
  /** A rule of the validator failed: the report is incomplete (never a 500). */
  'VALIDATION_CRASHED',
] as const;
export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];

/** Warnings of validate-blueprint: advice; the blueprint still generates and runs. */
export const VALIDATION_WARNING_CODES = [
  'ENTITY_UNREADABLE',
  'ROLE_WITHOUT_RIGHTS',
  'PUBLIC_WRITE',
  'ENTITY_WITHOUT_TITLE',
  'INDEX_SLOTS_FULL',
  'OWNER_NOT_INDEXED',
  'LIST_REF_UNCHECKED',
  'RECORD_MAY_EXCEED_ITEM_LIMIT',
  'DEFAULT_ROLE_IS_ADMIN',
  'NO_CORS_ORIGINS',
  'NO_ENTITIES',
  /** The project's AWS stack would pass CloudFormation's resource limit (it runs locally). */
  'TOO_MANY_RESOURCES',
  /** The API would pass API Gateway's default route quota (it runs locally). */
  'TOO_MANY_ROUTES',
] as const;
export type ValidationWarningCode = (typeof VALIDATION_WARNING_CODES)[number];

/** Why a blueprint could not be built from a spec (build-blueprint, the generation's parse step). */
export const BUILD_ISSUE_CODES = [
  /** The spec does not follow the canonical format: `spec.line N` says where. */
  'SPEC_PARSE_ERROR',
  /** The spec is a draft that names no record type yet: nothing to build until one is added. */
  'SPEC_HAS_NO_ENTITIES',
  /** The builder made no valid IR of a spec that parsed (a bug of the builder). */
  'BUILD_FAILED',
] as const;
export type BuildIssueCode = (typeof BUILD_ISSUE_CODES)[number];

export type BlueprintIssueCode = ValidationErrorCode | ValidationWarningCode | BuildIssueCode;

/**
 * One finding about a blueprint (or about the spec it was built from): the validation report's
 * item, `POST /blueprints/{id}/validate` -> `{ valid, errors, warnings }`.
 */
export interface BlueprintIssue<Code extends BlueprintIssueCode = BlueprintIssueCode> {
  /** A JSON path into the IR (`$.entities[1].fields[3].type`), or `spec.line N` for a spec parse error. */
  path: string;
  /** UPPER_SNAKE machine code (`UNKNOWN_REF_TARGET`). */
  code: Code;
  message: string;
}

/** zod's issue path as a JSON path (`$.entities[1].fields[3].type`). */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(String(key)) ? `${acc}.${String(key)}` : `${acc}[${JSON.stringify(String(key))}]`), '$');
}
