/**
 * Sizes and AWS limits: how large a record may get as JSON (DynamoDB's item limit, a workflow's
 * input), and whether the project's stack fits CloudFormation's and API Gateway's limits.
 */
import type { IrEntity } from '../ir';
import type { FieldTypeName } from '../../vocabulary';
import { DEPLOY_LIMITS, projectStackResources } from '../deploy-limits';
import { schedulesOf } from '../ir-events';
import { projectRoutes } from '../project-routes';
import type { ValidationContext } from './context';

/** DynamoDB's item limit. */
export const MAX_ITEM_BYTES = 400 * 1024;

/**
 * Warnings, not errors: the project still generates and runs locally; only its AWS stack
 * would be refused, and the user should learn that now rather than from a failed deploy.
 */
export function checkDeployLimits(ctx: ValidationContext): void {
  // The manifest's routes and the catch-all `$default` route.
  const routes = projectRoutes(ctx.ir).length + 1;
  const resources = projectStackResources({ manifestRoutes: routes - 1, hasWorkflows: ctx.ir.workflows.length > 0, schedules: schedulesOf(ctx.ir).length });
  if (resources > DEPLOY_LIMITS.resourcesPerStack) {
    ctx.warn('$.entities', 'TOO_MANY_RESOURCES', `the project's AWS stack would have ${resources} resources; CloudFormation allows ${DEPLOY_LIMITS.resourcesPerStack} per stack (${routes} routes): it runs locally, but split the project or drop entities before deploying to AWS`);
  } else if (routes > DEPLOY_LIMITS.routesPerHttpApi) {
    ctx.warn('$.entities', 'TOO_MANY_ROUTES', `the API would have ${routes} routes; API Gateway allows ${DEPLOY_LIMITS.routesPerHttpApi} per HTTP API by default: raise the quota before deploying to AWS, or drop entities`);
  }
}

/** Bytes per character for declared maximum lengths: the worst case of UTF-8 for a UTF-16 unit. */
const BYTES_PER_CHAR = 3;
/** Sizes assumed for values without a declared maximum (typical ASCII content). */
const TYPICAL = { string: 255, text: 4000, listItems: 20 } as const;

/** A value's JSON size: declared maxima count at their worst, undeclared sizes at typical ones. */
function valueBytes(type: FieldTypeName, field: { max?: number; enum?: string[] }, item = false): number {
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
