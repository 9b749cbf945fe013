/**
 * THE route manifest of a generated project API (manifest.ts), its types and the helpers other
 * modules read it with. One folder, one concern per file: types, schema names, field schemas,
 * shared schema parts, the builder, and the routes (with their schemas) per kind.
 */
export { projectApi, projectRoutes } from './manifest';
export { ERROR_STATUS_DESCRIPTIONS } from './route-builder';
export { MAX_WEBHOOKS_PER_ORG } from './webhook-routes';
export { SCHEMA_REF_PREFIX, refName, schemaRef } from './schema-names';
export { alwaysPresent, createFields, fieldSchema, fileFields, writableFields } from './field-schemas';
export type { EntitySchemaNames, HttpMethod, JsonSchema, ProjectApi, ProjectRoute, RouteAction, RouteKind, RouteRateLimit, RouteResponse } from './types';
