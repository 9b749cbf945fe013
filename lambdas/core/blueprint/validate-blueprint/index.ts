/**
 * Judges a BlueprintIR before anything is rendered or deployed from it: the report of
 * `POST /blueprints/{id}/validate` and `GET /blueprints/{id}/validation-report`. Errors make a
 * generation `failed`; warnings are advice. Each issue names the IR node it is about with a JSON
 * path (`$.entities[1].fields[3].type`) and a code of issues.ts (VALIDATION_ERROR_CODES,
 * VALIDATION_WARNING_CODES).
 *
 * Pure, and it never throws: the input is first checked against the zod schema (a stored IR of
 * another shape gives SCHEMA_INVALID issues), then every rule runs over the whole document, so
 * one report lists every problem. DynamoDB's reserved words are not a problem: every expression
 * of the runtime uses attribute-name placeholders.
 *
 * The rules, one concern per file: tenancy, entities (names, collections, server-owned fields),
 * fields (types, ranges, defaults), relations, files, access (owner and levels), indexes, roles
 * and rights, workflows, event handlers and scheduled jobs, cors, limits (record sizes, AWS limits).
 */
import { BlueprintIR } from '../ir';
import { jsonPath, type BlueprintIssue, type ValidationErrorCode, type ValidationWarningCode } from '../issues';
import { ValidationContext } from './context';
import { checkCors } from './cors';
import { checkEntity, checkEntityNames } from './entities';
import { checkEvents } from './events';
import { checkFiles } from './files';
import { checkDeployLimits } from './limits';
import { checkRoles } from './roles';
import { checkTenancy } from './tenancy';
import { checkWorkflows } from './workflows';

export { RESERVED_ENTITY_NAMES, RESERVED_ROUTE_WORDS } from './entities';
export { RESERVED_QUERY_NAMES } from './fields';
export { MAX_FILE_BYTES } from './files';
export { MAX_ITEM_BYTES, estimateRecordBytes } from './limits';

export type Issue = BlueprintIssue;

/** A blueprint's report; a failed generation stores its parse or build issues in the same shape. */
export interface ValidationReport {
  valid: boolean;
  errors: BlueprintIssue[];
  warnings: BlueprintIssue[];
}

export function validateBlueprint(ir: BlueprintIR): ValidationReport {
  const errors: BlueprintIssue<ValidationErrorCode>[] = [];
  const warnings: BlueprintIssue<ValidationWarningCode>[] = [];
  try {
    const parsed = BlueprintIR.safeParse(ir);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ path: jsonPath(issue.path), code: 'SCHEMA_INVALID', message: `not a blueprint of IR version 1: ${issue.message}` });
      return { valid: false, errors, warnings };
    }
    runRules(new ValidationContext(parsed.data, errors, warnings));
  } catch (err) {
    // A rule with a bug must not turn a report into a 500: say so, as an error of the report.
    errors.push({ path: '$', code: 'VALIDATION_CRASHED', message: `validation stopped early: ${err instanceof Error ? err.message : String(err)}` });
  }
  return { valid: errors.length === 0, errors, warnings };
}

function runRules(ctx: ValidationContext): void {
  checkTenancy(ctx);
  checkEntityNames(ctx);
  ctx.ir.entities.forEach((entity, e) => checkEntity(ctx, entity, `$.entities[${e}]`));
  checkFiles(ctx);
  checkRoles(ctx);
  checkWorkflows(ctx);
  checkEvents(ctx);
  checkCors(ctx);
  // The route manifest is derived only from a sound blueprint.
  if (ctx.errorCount === 0) checkDeployLimits(ctx);
}
