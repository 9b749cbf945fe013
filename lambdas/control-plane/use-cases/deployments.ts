/**
 * Deployments: start one (asynchronous: 202, then poll the statusUrl), read one, list a
 * project's. One deployment per project runs at a time (the repository's lock item); the
 * runner does the work (run-deployment.ts) over the deployer port.
 */
import type { BlueprintIR } from '../../core/blueprint/ir';
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { ConflictError, DeployerUnavailableError, NotFoundError, NotReadyError } from '../../core/errors';
import { refuseDataLoss } from '../../core/deploy/deploy-preview';
import type { DeploymentRecord, NewDeployment } from '../../ports/deployment-repository';
import type { Project } from '../../ports/project-repository';
import type { ControlPlaneConfig } from '../../shared/config';
import type { UseCase } from '../../shared/route-handler';
import { failureMessage } from '../deployment/run-deployment';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import { DEFAULT_PAGE_SIZE, type Deployment } from '../schemas';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import { absoluteUrl, publicBaseUrl } from './base-url';
import { accountQuotaWarningsFor, warningsField } from './account-quota-warnings';
import type { AccountQuotaWarning } from '../../core/deploy/account-quotas';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

/** A deployment as answered: no owner, its API address (stored as a path) as a full URL. */
export function presentDeployment(record: DeploymentRecord, config: ControlPlaneConfig): Deployment {
  const { ownerId: _owner, kept, ...visible } = record;
  return { ...visible, logs: [...record.logs], ...(kept ? { kept: [...kept] } : {}), apiBaseUrl: absoluteUrl(config, record.apiBaseUrl) };
}

/**
 * The blueprint to deploy: the one named (it must be this project's and completed) or the
 * project's latest completed one. 404 for a blueprint that is not the caller's or not this
 * project's; 409 NOT_READY when there is nothing completed to deploy.
 */
async function deployableBlueprint(services: ServicesWith<'blueprints'>, ownerId: string, project: Project, requested: string | undefined): Promise<string> {
  if (requested !== undefined) {
    const blueprint = await services.blueprints.get(requested);
    if (!blueprint || blueprint.ownerId !== ownerId || blueprint.projectId !== project.id) {
      throw new NotFoundError('Blueprint not found in this project');
    }
    if (blueprint.status === 'failed') throw new NotReadyError(`Blueprint ${blueprint.id} failed (${blueprint.error ?? 'see its validation report'}); only a completed blueprint can be deployed`);
    if (blueprint.status !== 'completed') throw new NotReadyError(`Blueprint ${blueprint.id} is still being generated; deploy it once it has completed`);
    return blueprint.id;
  }
  // latestBlueprintId is set by the generation's last step, so it names the newest blueprint
  // that got that far; its status says whether the generation has completed.
  const latest = project.latestBlueprintId ? await services.blueprints.get(project.latestBlueprintId) : null;
  if (!latest) throw new NotReadyError('No completed blueprint yet: generate one first (POST /projects/{projectId}/spec/generate-blueprint)');
  if (latest.status !== 'completed') throw new NotReadyError(`Blueprint ${latest.id} is still being generated; deploy it once it has completed`);
  return latest.id;
}

export const deployProject: Handler<'deployProject', 'blueprints' | 'deployer' | 'deploymentRunner' | 'deployments' | 'projects'> = async ({ params, body, user, now }, services) => {
  const project = await services.projects.getWritable(user.userId, params.projectId);
  const deployer = services.deployer;
  if (!deployer) throw new DeployerUnavailableError();
  const blueprintId = await deployableBlueprint(services, user.userId, project, body.blueprintId);
  const allowDataLoss = body.allowDataLoss === true;
  refuseDataLoss(await deployer.dataLoss({ projectId: project.id, ir: await blueprintIr(services, blueprintId) }), allowDataLoss, 'deploy');
  const warnings = await accountQuotaWarningsFor(services, project);
  return startDeployment(services, { projectId: project.id, ownerId: user.userId, blueprintId, kind: 'deploy', allowDataLoss, now }, warnings);
};

/** The intermediate representation of a completed blueprint (a completed one always has it). */
async function blueprintIr(services: ServicesWith<'blueprints'>, blueprintId: string): Promise<BlueprintIR> {
  const ir = await services.blueprints.getPart<BlueprintIR>(blueprintId, 'ir');
  if (!ir) throw new NotReadyError(`Blueprint ${blueprintId} has no intermediate representation`);
  return ir;
}

/**
 * A rollback is a deployment of kind `rollback` of an earlier succeeded deployment's blueprint:
 * the one named, or the succeeded deployment before the active one (none -> 409).
 */
export const rollbackProject: Handler<'rollbackProject', 'blueprints' | 'deployer' | 'deploymentRunner' | 'deployments' | 'projects'> = async ({ params, body, user, now }, services) => {
  const project = await services.projects.getWritable(user.userId, params.projectId);
  const deployer = services.deployer;
  if (!deployer) throw new DeployerUnavailableError();
  const target = body.deploymentId ? await namedRollbackTarget(services, user.userId, project, body.deploymentId) : await previousSucceeded(services, project);
  const allowDataLoss = body.allowDataLoss === true;
  refuseDataLoss(await deployer.dataLoss({ projectId: project.id, ir: await blueprintIr(services, target.blueprintId) }), allowDataLoss, 'rollback');
  const warnings = await accountQuotaWarningsFor(services, project);
  return startDeployment(services, { projectId: project.id, ownerId: user.userId, blueprintId: target.blueprintId, kind: 'rollback', allowDataLoss, now }, warnings);
};

/**
 * Takes the project's API down: a deployment of kind destroy of the active deployment's
 * blueprint, ending `destroyed`, which clears the project's active deployment and address. 409
 * when nothing is deployed (or a deployment is running). An archived project can be destroyed.
 */
export const destroyProjectStack: Handler<'destroyProjectStack', 'deployer' | 'deploymentRunner' | 'deployments' | 'projects'> = async ({ params, body, user, now }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  if (!services.deployer) throw new DeployerUnavailableError();
  const active = project.activeDeploymentId ? await services.deployments.get(project.activeDeploymentId) : null;
  if (!active) throw new ConflictError('The project is not deployed: there is no stack to destroy');
  return startDeployment(services, { projectId: project.id, ownerId: user.userId, blueprintId: active.blueprintId, kind: 'destroy', deleteData: body.deleteData === true, now });
};

async function namedRollbackTarget(services: ServicesWith<'deployments'>, ownerId: string, project: Project, deploymentId: string): Promise<DeploymentRecord> {
  const target = await services.deployments.getOwned(ownerId, deploymentId);
  if (!target || target.projectId !== project.id) throw new NotFoundError('Deployment not found in this project');
  if (target.status !== 'succeeded' || target.kind === 'destroy') throw new ConflictError(`Deployment ${target.id} did not succeed (${target.status}); roll back to a succeeded deployment`);
  if (target.id === project.activeDeploymentId) throw new ConflictError(`Deployment ${target.id} is already the active one`);
  return target;
}

/** The newest succeeded deploy or rollback created before the active deployment. */
async function previousSucceeded(services: ServicesWith<'deployments'>, project: Project): Promise<DeploymentRecord> {
  const nothing = () => new ConflictError('Nothing to roll back to: the project has no succeeded deployment before the active one');
  if (!project.activeDeploymentId) throw nothing();
  let seenActive = false;
  let startKey: Record<string, string | number> | undefined;
  do {
    const page = await services.deployments.list(project.id, 100, startKey);
    for (const record of page.items) {
      if (record.id === project.activeDeploymentId) seenActive = true;
      else if (seenActive && record.status === 'succeeded' && record.kind !== 'destroy') return record;
    }
    startKey = page.lastKey;
  } while (startKey);
  throw nothing();
}

/** Records the deployment (taking the project's lock: 409 while another runs) and starts its run; the answer carries the warnings given. */
async function startDeployment(services: ServicesWith<'deploymentRunner' | 'deployments'>, input: NewDeployment, warnings: readonly AccountQuotaWarning[] = []) {
  const deployment = await services.deployments.create(input);
  try {
    await services.deploymentRunner.start(deployment.id);
  } catch (err) {
    // A deployment that never started must not hold the project's lock.
    await services.deployments.fail(deployment, failureMessage(err), services.clock.now());
    throw err;
  }
  return { body: { deployment: presentDeployment(deployment, services.config), statusUrl: `${publicBaseUrl(services.config)}/deployments/${deployment.id}`, ...warningsField(warnings) } };
}

/**
 * The dry run of a deploy: the same blueprint choice as a deploy, then the deployer's diff of
 * the project's stack. Readable on an archived project too: it writes nothing.
 */
export const previewDeployment: Handler<'previewDeployment', 'blueprints' | 'deployer' | 'deployments' | 'projects'> = async ({ params, body, user }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  if (!services.deployer) throw new DeployerUnavailableError();
  const blueprintId = await deployableBlueprint(services, user.userId, project, body.blueprintId);
  const { changes, summary } = await services.deployer.preview({ projectId: project.id, ir: await blueprintIr(services, blueprintId) });
  return { body: { blueprintId, changes: [...changes], summary, ...warningsField(await accountQuotaWarningsFor(services, project)) } };
};

export const getDeployment: Handler<'getDeployment', 'deployments'> = async ({ params, user }, services) => {
  const deployment = await services.deployments.getOwned(user.userId, params.deploymentId);
  if (!deployment) throw new NotFoundError('Deployment not found');
  return { body: presentDeployment(deployment, services.config) };
};

export const listDeployments: Handler<'listDeployments', 'cursorSecret' | 'deployments' | 'projects'> = async ({ params, query, user }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  // A cursor is valid only for the list it came from: this project's deployments.
  const scope = `deployments:${project.id}`;
  const secret = await services.cursorSecret();
  const startKey = query.cursor ? decodeCursor(query.cursor, scope, secret) : undefined;
  const page = await services.deployments.list(project.id, query.limit ?? DEFAULT_PAGE_SIZE, startKey);
  return {
    body: {
      items: page.items.map((record) => {
        const { logs: _logs, ...summary } = presentDeployment(record, services.config);
        return summary;
      }),
      nextCursor: page.lastKey ? encodeCursor(page.lastKey, scope, secret) : null,
    },
  };
};
