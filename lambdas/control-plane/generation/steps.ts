/**
 * THE list of blueprint generation steps. The local orchestrator runs them back to back in
 * process; CDK builds the Step Functions state machine from the same list (one task state
 * per step, in this order). Each step is a plain function over ids: it reads its inputs from
 * the blueprint's stored parts and returns its outputs (stored with the "done" mark) or a
 * failure (the blueprint ends `failed` with its error and report; what was built stays readable).
 */
import { buildBlueprint, specParseIssues, type BuildContext } from '../../core/blueprint/build-blueprint';
import type { BlueprintIR } from '../../core/blueprint/ir';
import { projectRoutes } from '../../core/blueprint/project-routes';
import { renderOpenApi } from '../../core/blueprint/render/openapi';
import { validateBlueprint, type ValidationReport } from '../../core/blueprint/validate-blueprint';
import { describesNoEntities, NO_ENTITIES_MESSAGE } from '../../core/spec/check-spec';
import { parseSpec } from '../../core/spec/parse-spec';
import type { SpecDocument } from '../../core/spec/spec-model';
import type { BlueprintRecord } from '../../ports/blueprint-repository';
import type { SpecRepository } from '../../ports/spec-repository';
import type { ProjectRepository } from '../../ports/project-repository';

export interface StepContext {
  readonly blueprint: BlueprintRecord;
  readPart<T>(name: string): Promise<T>;
  readonly specs: SpecRepository;
  readonly projects: ProjectRepository;
  readonly now: () => Date;
}

export type StepOutcome =
  | { readonly outputs: Record<string, unknown> }
  | { readonly failure: { readonly error: string; readonly validation: ValidationReport | null } };

export interface GenerationStep {
  readonly name: 'parse' | 'resolve' | 'validate' | 'render' | 'save';
  /** What the status endpoint shows while the step runs. */
  readonly label: string;
  /** Progress once the step is done (0..100, increasing along the list). */
  readonly progress: number;
  run(ctx: StepContext): Promise<StepOutcome>;
}

const failed = (error: string, validation: ValidationReport | null = null): StepOutcome => ({ failure: { error, validation } });

/**
 * The DynamoDB actions of the generation step on the control-plane table: its IAM policy
 * (lib/control-plane/generation-workflow.ts) and, locally, its client's guard both read them here.
 * It reads specs and parts, writes parts, status and the project's latestBlueprintId.
 */
export const GENERATION_STEP_TABLE_ACTIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'] as const;

export const GENERATION_STEPS: readonly GenerationStep[] = [
  {
    name: 'parse',
    label: 'Parsing the specification',
    progress: 20,
    async run({ blueprint, specs }) {
      const spec = await specs.get(blueprint.projectId, blueprint.specVersion);
      if (!spec) return failed(`Spec version ${blueprint.specVersion} not found`);
      const parsed = parseSpec(spec.content);
      if (!parsed.ok) {
        const errors = specParseIssues(parsed.errors);
        return failed(`The spec does not parse (${errors.length} error${errors.length === 1 ? '' : 's'})`, { valid: false, errors, warnings: [] });
      }
      if (describesNoEntities(parsed.spec)) {
        return failed(NO_ENTITIES_MESSAGE, { valid: false, errors: [{ path: 'spec', code: 'SPEC_HAS_NO_ENTITIES', message: NO_ENTITIES_MESSAGE }], warnings: [] });
      }
      return { outputs: { spec: parsed.spec } };
    },
  },
  {
    name: 'resolve',
    label: 'Building the blueprint',
    progress: 45,
    async run({ blueprint, readPart }) {
      const spec = await readPart<SpecDocument>('spec');
      const context: BuildContext = { projectId: blueprint.projectId, specVersion: blueprint.specVersion };
      return { outputs: { ir: buildBlueprint(spec, context) } };
    },
  },
  {
    name: 'validate',
    label: 'Validating the blueprint',
    progress: 65,
    async run({ readPart }) {
      const report = validateBlueprint(await readPart<BlueprintIR>('ir'));
      if (!report.valid) return failed(`The blueprint has ${report.errors.length} validation error${report.errors.length === 1 ? '' : 's'}`, report);
      return { outputs: { validation: report } };
    },
  },
  {
    name: 'render',
    label: 'Rendering the API description',
    progress: 90,
    async run({ blueprint, readPart }) {
      const ir = await readPart<BlueprintIR>('ir');
      // Artifacts are rendered on request with the current address; this proves they render
      // and records their size, so a blueprint that cannot be described never completes.
      const routes = projectRoutes(ir);
      const openapi = renderOpenApi({ ir, serverUrl: `https://example.invalid/apis/${blueprint.projectId}` });
      return { outputs: { summary: { routes: routes.length, openapiBytes: JSON.stringify(openapi).length } } };
    },
  },
  {
    name: 'save',
    label: 'Saving the blueprint',
    progress: 100,
    async run({ blueprint, projects, now }) {
      await projects.setLatestBlueprint(blueprint.ownerId, blueprint.projectId, blueprint.id, now());
      return { outputs: {} };
    },
  },
];
