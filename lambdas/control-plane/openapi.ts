/**
 * The control plane's own OpenAPI 3.0 document, rendered from the route manifest and the zod
 * schemas (lambdas/control-plane/routes.ts, schemas.ts): nothing here lists routes by hand.
 */
import * as z from 'zod';
import { CONTROL_PLANE_ERROR_CODES } from '../core/errors';
import { CONTROL_PLANE_ROUTE_LIST, type RouteDefinition } from './routes';
import { MAX_SPEC_BYTES } from '../ports/spec-repository';
import { NAMED_SCHEMAS } from './schemas';
import { USER_CONTEXT_DATA_HEADER, USER_CONTEXT_DATA_MAX_LENGTH } from '../shared/caller-context';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_ERROR, with details)',
  401: 'Missing, invalid or expired token (UNAUTHORIZED, TOKEN_EXPIRED, INVALID_CREDENTIALS)',
  403: 'Not allowed (FORBIDDEN, USER_NOT_CONFIRMED)',
  404: 'Not found, or not yours (NOT_FOUND)',
  409: 'Conflict (CONFLICT, VERSION_CONFLICT, NOT_READY)',
  413: `Request body over 1 MB, or a spec over ${MAX_SPEC_BYTES} bytes in UTF-8 (PAYLOAD_TOO_LARGE)`,
  415: 'Body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  422: 'The spec describes no record types yet: a draft to complete in the chat (SPEC_HAS_NO_ENTITIES)',
  429: 'Rate limit or lock-out (RATE_LIMITED, ACCOUNT_LOCKED); see Retry-After',
  500: 'Internal error (INTERNAL)',
  503: "A dependency is unavailable: the language model failed or timed out (MODEL_UNAVAILABLE; the call is still metered), no deployer is configured (DEPLOYER_UNAVAILABLE), or the user pool's daily email quota is used up (SERVICE_UNAVAILABLE)",
};

const schemaNames = new Map<z.ZodType, string>(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [schema as z.ZodType, name]));

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Json;
}

function schemaRef(schema: z.ZodType, io: 'input' | 'output'): Json {
  const name = schemaNames.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : toJsonSchema(schema, io);
}

function parameters(route: RouteDefinition): Json[] {
  const result: Json[] = [];
  for (const [location, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      result.push({ name, in: location, required: location === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  }
  if (route.appClient) result.push(userContextHeader());
  return result;
}

/** The auth routes' optional device data for Cognito threat protection (shared/caller-context.ts). */
function userContextHeader(): Json {
  return {
    name: USER_CONTEXT_DATA_HEADER,
    in: 'header',
    required: false,
    schema: { type: 'string', maxLength: USER_CONTEXT_DATA_MAX_LENGTH },
    description:
      "Device data for Cognito's threat protection, which evaluates this caller's address in any case: the string " +
      '`AmazonCognitoAdvancedSecurityData.getData(email, userPoolId, clientId)` returns in a browser that loaded Cognito\'s ' +
      'context-data script (amazon-cognito-advanced-security-data.min.js; the pool and client ids are the stack outputs ' +
      'UserPoolId and UserPoolClientId), which Amplify sends Cognito as `UserContextData.EncodedData`. Cognito takes none on a token refresh.',
  };
}

/** A document's schema by media type: JSON an object, text a string, anything else (a zip) bytes. */
const mediaSchema = (type: string): Json =>
  type.endsWith('json') ? { type: 'object' } : /^(text\/|application\/yaml)/.test(type) ? { type: 'string' } : { type: 'string', format: 'binary' };

function operation(route: RouteDefinition): Json {
  const jsonContent = (schema: Json) => ({ 'application/json': { schema } });
  const responses: Json = {
    [route.success.status]: {
      description: route.success.description,
      ...(route.success.schema
        ? { content: jsonContent(schemaRef(route.success.schema, 'output')) }
        : route.success.mediaTypes
          ? { content: Object.fromEntries(route.success.mediaTypes.map((type) => [type, { schema: mediaSchema(type) }])) }
          : {}),
      ...(route.rate ? { headers: rateHeaders() } : {}),
    },
  };
  // Path and query values are checked too (well-formed text, shapes, decimal limits): 400.
  const statuses = new Set<number>([...route.errors, ...(route.body ? [400, 413, 415] : []), ...(route.params || route.query ? [400] : []), 500]);
  for (const status of [...statuses].sort()) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: jsonContent({ $ref: '#/components/schemas/Error' }),
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } } } : {}),
    };
  }
  return {
    operationId: route.id,
    summary: route.summary,
    tags: [route.tag],
    ...(route.auth === 'public' ? { security: [] } : {}),
    parameters: parameters(route),
    ...(route.body ? { requestBody: { required: route.bodyOptional !== true, content: jsonContent(schemaRef(route.body, 'input')) } } : {}),
    responses,
  };
}

/** The Error schema with the codes the control plane answers (errors.ts) listed on `code`. */
function withErrorCodes(error: Json): Json {
  const properties = error.properties as Record<string, Json>;
  return { ...error, properties: { ...properties, code: { ...properties.code, enum: [...CONTROL_PLANE_ERROR_CODES] } } };
}

function rateHeaders(): Json {
  return {
    'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed per minute in this category' },
    'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the current minute' },
  };
}

export function controlPlaneOpenApi(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of CONTROL_PLANE_ROUTE_LIST) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
    schemas[name] = toJsonSchema(schema as z.ZodType, name.endsWith('Request') ? 'input' : 'output');
  }
  schemas.Error = withErrorCodes(schemas.Error!);
  return {
    openapi: '3.0.3',
    info: {
      title: 'BGS control plane',
      version: '1.0.0',
      description:
        'Backend Generation Service: accounts, projects, specifications, blueprints, deployments, artifacts and usage. ' +
        'Errors are `{ error, code }` (plus `details` for validation errors).',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(CONTROL_PLANE_ROUTE_LIST.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas },
  };
}
