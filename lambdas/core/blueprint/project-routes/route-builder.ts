/**
 * The builder every route kind adds its routes and schemas to: a route's responses (its success,
 * then every error status it can answer, in status order, each with the Error schema), the page
 * query of lists, and the checks and output of the manifest (routes unique, only the schemas some
 * route reaches).
 */
import type { BlueprintIR } from '../ir';
import { MAX_CURSOR_LENGTH } from '../../cursor';
import { SchemaNames, refName, schemaRef, type Builtin } from './schema-names';
import { objectSchema } from './schema-parts';
import type { JsonSchema, ProjectApi, ProjectRoute, RouteResponse } from './types';

/** Error statuses and what each means (the error body is always `{ error, code, details? }`). */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_ERROR, with details)',
  401: 'Missing, invalid or expired access token (UNAUTHORIZED, TOKEN_EXPIRED)',
  403: 'The level or the role does not allow it (FORBIDDEN)',
  404: 'Not found, or not visible to the caller (NOT_FOUND)',
  409: 'Conflict (CONFLICT)',
  413: 'Request body over 1 MB (PAYLOAD_TOO_LARGE)',
  415: 'Body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests (RATE_LIMITED); see Retry-After',
  500: 'Internal error (INTERNAL)',
};

/** An error status of a route, with a description fitting that route when the general one does not. */
export type ErrorSpec = number | [status: number, description: string];

export class RouteBuilder {
  readonly routes: ProjectRoute[] = [];
  readonly schemas: Record<string, JsonSchema> = {};
  readonly names: SchemaNames;
  readonly multi: boolean;
  readonly roleNames: string[];

  constructor(readonly ir: BlueprintIR) {
    this.multi = ir.tenancy.mode === 'multi';
    this.roleNames = ir.roles.map((role) => role.name);
    this.names = new SchemaNames(ir);
  }

  /** A `$ref` to a built-in schema (under its name in this project). */
  ref(name: Builtin): JsonSchema {
    return schemaRef(this.names.builtin(name));
  }

  /** Defines a built-in schema (under its name in this project). */
  define(name: Builtin, schema: JsonSchema): void {
    this.schemas[this.names.builtin(name)] = schema;
  }

  /**
   * Adds a route with its success response and every error it can answer: 400/413/415 with a
   * body, 400 with parameters, 401 unless public, 500, and the route's own (`errors`).
   */
  add(route: Omit<ProjectRoute, 'responses' | 'successStatus'>, success: { status: number; description: string; schema?: JsonSchema }, errors: ErrorSpec[]): void {
    const responses: Record<string, RouteResponse> = {
      [String(success.status)]: { description: success.description, ...(success.schema ? { schema: success.schema } : {}) },
    };
    const statuses = new Map<number, string>();
    const note = (status: number, description?: string) => {
      if (description !== undefined || !statuses.has(status)) statuses.set(status, description ?? ERROR_STATUS_DESCRIPTIONS[status] ?? 'Error');
    };
    if (route.request.body) [400, 413, 415].forEach((status) => note(status));
    if (route.request.query || route.request.params) note(400);
    if (route.level !== 'public') note(401);
    note(500);
    for (const error of errors) {
      if (typeof error === 'number') note(error);
      else note(error[0], error[1]);
    }
    for (const [status, description] of [...statuses].sort((a, b) => a[0] - b[0])) {
      responses[String(status)] = { description, schema: this.ref('Error') };
    }
    this.routes.push({ ...route, successStatus: success.status, responses });
  }

  /** The query of a list: `limit`, `cursor` and the list's filters. */
  pageQuery(filters: Record<string, JsonSchema>): JsonSchema {
    const limits = this.ir.limits;
    return objectSchema(
      {
        limit: { type: 'integer', minimum: 1, maximum: limits.maxPageSize, default: limits.defaultPageSize, description: `Page size (at most ${limits.maxPageSize}).` },
        cursor: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH, description: 'The next_cursor of the previous page.' },
        ...filters,
      },
      [],
    );
  }

  /** The manifest: the routes, checked, and the schemas they reach. */
  build(): ProjectApi {
    this.checkUnique();
    return { routes: this.routes, schemas: this.usedSchemas(), entitySchemas: this.names.entities };
  }

  /** Two routes on one method and path, or one id twice, cannot be served: validation should have refused the blueprint. */
  private checkUnique(): void {
    const seen = new Map<string, string>();
    for (const route of this.routes) {
      for (const key of [`${route.method} ${route.path}`, `id ${route.id}`, `operationId ${route.operationId}`]) {
        const other = seen.get(key);
        if (other) throw new Error(`two routes share ${key.startsWith('id ') || key.startsWith('operationId ') ? key : `the method and path ${key}`}: ${other} and ${route.id}`);
        seen.set(key, route.id);
      }
    }
  }

  /** Only the schemas some route reaches (directly or through another schema), in definition order. */
  private usedSchemas(): Record<string, JsonSchema> {
    const used = new Set<string>();
    const visit = (schema: JsonSchema | undefined): void => {
      if (!schema) return;
      const name = refName(schema);
      if (name !== undefined) {
        if (used.has(name)) return;
        used.add(name);
        visit(this.schemas[name]);
        return;
      }
      visit(schema.items);
      if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties);
      for (const property of Object.values(schema.properties ?? {})) visit(property);
    };
    for (const route of this.routes) {
      visit(route.request.params);
      visit(route.request.query);
      visit(route.request.body);
      for (const response of Object.values(route.responses)) visit(response.schema);
    }
    const out: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(this.schemas)) if (used.has(name)) out[name] = schema;
    return out;
  }
}
