/**
 * THE route manifest of a generated project API, derived once from its blueprint (DESIGN.md
 * principle 2, "Serving a generated API"): the runtime routes and authorizes from it, CDK builds
 * the project's API Gateway routes from it, the local gateway serves it, and the OpenAPI
 * document and the design document are rendered from it, so they cannot diverge.
 *
 * `projectApi(ir)` gives the routes and the JSON schemas they name (OpenAPI 3.0 schema objects:
 * `nullable`, `readOnly`, `$ref: '#/components/schemas/<Name>'`). Pure and deterministic.
 *
 * Rules made data here (CONTRACT "Generated project API"):
 * - Collections under `/v1/<entity.collection>`; one parameter name per path position
 *   (`/v1/tasks/{id}`, `/v1/tasks/{id}/attachments/{fileKey}/download-url`, `/v1/users/{id}/role`,
 *   `/admin/workflows/{workflow_id}`), as API Gateway requires.
 * - A route passes when its `level` holds AND the caller's role has `right` (absent: no right
 *   needed: public routes, auth routes, admin-only member management, workflows).
 *   PUT, PATCH and upload-url need the update right; list, read and download-url the read right.
 * - Bodies are closed (`additionalProperties: false`). Create bodies hold the writable fields
 *   (file fields are attached after creation: the key must be granted for the record); PUT and
 *   PATCH bodies also accept the server-owned fields (the server checks they keep their values).
 * - A field is required in a create or PUT body when the IR says so (spec-required, no default).
 *   In responses, server-owned fields, required fields and fields with a default are always
 *   present; other fields are optional and may be null (absent or null both mean "no value";
 *   null in a PATCH clears the field).
 * - A blueprint with event handlers or scheduled jobs has the event failure routes (`/admin/events/failures`, admin only).
 * - Every project has the webhook routes (`/v1/webhooks...`, admin only), single-tenant ones too.
 * - Workflow start routes are one literal path per workflow (`/workflows/<name>/start`), so the
 *   `{workflow_id}` of `/workflows/{workflow_id}/signal` is the only parameter at that position.
 */
import type { BlueprintIR } from '../ir';
import { authRoutes, defineAuthSchemas, defineErrorSchema } from './auth-routes';
import { crudRoutes } from './crud-routes';
import { defineEntitySchemas } from './entity-schemas';
import { defineFileSchemas, fileRoutes } from './file-routes';
import { defineInvitationSchemas, invitationRoutes } from './invitation-routes';
import { RouteBuilder } from './route-builder';
import { defineUserSchemas, userRoutes } from './user-routes';
import { defineWebhookSchemas, webhookRoutes } from './webhook-routes';
import { defineEventSchemas, eventRoutes, hasEvents } from './event-routes';
import { defineWorkflowSchemas, workflowRoutes } from './workflow-routes';
import type { ProjectApi, ProjectRoute } from './types';

/** The route manifest of the project's API. */
export function projectRoutes(ir: BlueprintIR): ProjectRoute[] {
  return projectApi(ir).routes;
}

/**
 * The route manifest and the schemas it names. The order is the documents' order: built-in
 * schemas first (the components keep their definition order), then the routes by kind, each
 * entity's schemas just before its routes.
 */
export function projectApi(ir: BlueprintIR): ProjectApi {
  const b = new RouteBuilder(ir);
  defineErrorSchema(b);
  defineAuthSchemas(b);
  defineUserSchemas(b);
  if (b.multi) defineInvitationSchemas(b);
  defineFileSchemas(b);
  if (ir.workflows.length > 0) defineWorkflowSchemas(b);
  if (hasEvents(ir)) defineEventSchemas(b);
  defineWebhookSchemas(b);

  authRoutes(b);
  userRoutes(b);
  if (b.multi) invitationRoutes(b);
  for (const entity of ir.entities) {
    defineEntitySchemas(b, entity);
    crudRoutes(b, entity);
    fileRoutes(b, entity);
  }
  if (ir.workflows.length > 0) workflowRoutes(b);
  if (hasEvents(ir)) eventRoutes(b);
  webhookRoutes(b);
  return b.build();
}
