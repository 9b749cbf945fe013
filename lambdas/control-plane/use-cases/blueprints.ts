/** Blueprint generation (asynchronous), status, the blueprint with its IR, and validation. */
import { NotReadyError, SpecHasNoEntitiesError, ValidationError } from '../../core/errors';
import { describesNoEntities, NO_ENTITIES_MESSAGE } from '../../core/spec/check-spec';
import { parseSpecOrThrow } from '../../core/spec/parse-spec';
import type { BlueprintIR } from '../../core/blueprint/ir';
import { validateBlueprint as validateIr } from '../../core/blueprint/validate-blueprint';
import type { BlueprintRecord } from '../../ports/blueprint-repository';
import type { Project } from '../../ports/project-repository';
import type { UseCase } from '../../shared/route-handler';
import { GENERATION_STEPS } from '../generation/steps';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import { requireSpecReady } from '../spec-writing/spec-status';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

async function startGeneration(services: ServicesWith<'blueprints' | 'orchestrator'>, ownerId: string, project: Project, specVersion: number, now: Date) {
  const blueprint = await services.blueprints.create({
    projectId: project.id,
    ownerId,
    specVersion,
    firstStep: GENERATION_STEPS[0]!.label,
    now,
  });
  await services.orchestrator.start(blueprint.id);
  return {
    blueprint: { id: blueprint.id, projectId: project.id, status: blueprint.status, createdAt: blueprint.createdAt },
    specVersion,
    message: `Generating a blueprint from spec version ${specVersion}`,
    statusUrl: `/blueprints/${blueprint.id}/status`,
  };
}

const statusOf = (b: BlueprintRecord) => ({
  blueprintId: b.id,
  status: b.status,
  currentStep: b.currentStep,
  progress: b.progress,
  startedAt: b.startedAt,
  completedAt: b.completedAt,
  error: b.error,
});

export const generateBlueprint: Handler<'generateBlueprint', 'blueprints' | 'orchestrator' | 'projects'> = async ({ params, user, now }, services) => {
  const project = await services.projects.getWritable(user.userId, params.projectId);
  requireSpecReady(project, now);
  if (!project.latestSpecVersion) throw new NotReadyError('The project has no saved spec yet');
  return { body: await startGeneration(services, user.userId, project, project.latestSpecVersion, now) };
};

export const createBlueprintFromPrompt: Handler<'createBlueprintFromPrompt', 'author' | 'blueprints' | 'conversations' | 'orchestrator' | 'projects' | 'specs'> = async ({ params, body, user, now }, services) => {
  const project = await services.projects.getWritable(user.userId, params.projectId);
  requireSpecReady(project, now);
  const current = project.latestSpecVersion ? await services.specs.get(project.id, project.latestSpecVersion) : null;
  if (!current) throw new NotReadyError('The project has no saved spec yet');
  const draft = await services.author.edit(user.userId, project.id, {
    projectName: project.name,
    currentSpec: current.content,
    message: body.prompt,
    history: [],
  });
  if (draft.content === current.content) {
    throw new ValidationError(`The prompt did not change the spec: ${draft.assistantMessage}`, [{ path: 'body.prompt', message: draft.assistantMessage }]);
  }
  await services.conversations.append(project.id, [{ role: 'user', content: body.prompt }, { role: 'assistant', content: draft.assistantMessage }], now);
  // Like apply: a draft that still names no record type is not saved (nothing could be built from it).
  if (describesNoEntities(parseSpecOrThrow(draft.content))) throw new SpecHasNoEntitiesError(NO_ENTITIES_MESSAGE);
  const spec = await services.specs.append({
    ownerId: user.userId,
    projectId: project.id,
    content: draft.content,
    lastUserMessage: body.prompt,
    baseVersion: current.version,
    now: () => services.clock.now(),
  });
  return { body: await startGeneration(services, user.userId, project, spec.version, now) };
};

export const generationStatus: Handler<'generationStatus', 'blueprints'> = async ({ params, user }, services) => ({
  body: statusOf(await services.blueprints.getOwned(user.userId, params.blueprintId, params.projectId)),
});

export const blueprintStatus: Handler<'blueprintStatus', 'blueprints'> = async ({ params, user }, services) => ({
  body: statusOf(await services.blueprints.getOwned(user.userId, params.blueprintId)),
});

export const getBlueprint: Handler<'getBlueprint', 'blueprints'> = async ({ params, user }, services) => {
  const blueprint = await services.blueprints.getOwned(user.userId, params.blueprintId);
  const ir = await services.blueprints.getPart<BlueprintIR>(blueprint.id, 'ir');
  const { ownerId: _owner, stepsDone: _steps, ...visible } = blueprint;
  return { body: { ...visible, ir } };
};

export const validateBlueprint: Handler<'validateBlueprint', 'blueprints'> = async ({ params, user, now }, services) => {
  const blueprint = await services.blueprints.getOwned(user.userId, params.blueprintId);
  const ir = await services.blueprints.getPart<BlueprintIR>(blueprint.id, 'ir');
  if (!ir) {
    // No IR: the spec did not parse (its report says why), or generation has not got that far.
    if (blueprint.validation) return { body: blueprint.validation };
    throw new NotReadyError('The blueprint is still being built; validate it when its generation has finished');
  }
  const report = validateIr(ir);
  await services.blueprints.saveValidation(blueprint.id, report, now);
  return { body: report };
};

export const validationReport: Handler<'validationReport', 'blueprints'> = async ({ params, user }, services) => {
  const blueprint = await services.blueprints.getOwned(user.userId, params.blueprintId);
  if (!blueprint.validation) throw new NotReadyError('No validation report yet: the generation is still running');
  return { body: blueprint.validation };
};
