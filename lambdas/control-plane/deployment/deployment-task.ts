/**
 * One task of the deployment state machine (lib/control-plane/deployment-workflow.ts) over the
 * stored deployment: `begin` (pending -> in_progress, and the run's first state), each stack step
 * by name (stack-steps.ts), then `succeed`, `destroyed` or `fail` (the state machine's catch),
 * which end the deployment in one transaction with the project's pointers and lock, as the local
 * runner does (run-deployment.ts). The state machine carries only the small `StackRun`.
 */
import { BlueprintIR } from '../../core/blueprint/ir';
import type { Clock } from '../../core/clock';
import type { DeployPreview } from '../../core/deploy/deploy-preview';
import { AwsProjectDeployer } from './aws-project-deployer';
import type { DeploymentRepository } from '../../ports/deployment-repository';
import { failureMessage } from './run-deployment';
import { STACK_STEPS, type StackRun, type StackStepServices } from './stack-steps';
import { projectStackName } from '../../core/deploy/project-stack-name';

/** A preview asked by a route (InvokedProjectDeployer): only this function reads project stacks and tables. */
export interface PreviewTaskEvent {
  readonly step: 'preview';
  readonly projectId: string;
  readonly ir: BlueprintIR;
}

export interface DeploymentTaskEvent {
  readonly deploymentId: string;
  /** `begin`, a stack step's name, `succeed`, `destroyed` or `fail`. */
  readonly step: string;
  readonly run?: StackRun;
  /** What Step Functions caught (for `fail`): `Cause` is the Lambda error's JSON. */
  readonly error?: { readonly Error?: string; readonly Cause?: string };
}

export interface DeploymentTaskResult {
  readonly run?: StackRun;
  /** A poll step not done yet is run again after a Wait. */
  readonly done: boolean;
  /** From `begin`: which step list runs (`deploy` for a deploy or rollback), or `finished` when the deployment had already ended. */
  readonly path?: 'deploy' | 'destroy' | 'finished';
}

export interface DeploymentTaskServices {
  readonly deployments: DeploymentRepository;
  readonly clock: Clock;
  /** The stack steps' services without the log (each task logs to its own deployment). */
  readonly stack: Omit<StackStepServices, 'log'>;
}

/** The message of the error Step Functions caught: the Lambda error's own message when it has one. */
export function caughtMessage(error: DeploymentTaskEvent['error']): string {
  try {
    const cause = JSON.parse(error?.Cause ?? '') as { errorMessage?: string };
    if (cause.errorMessage) return cause.errorMessage;
  } catch {
    // A cause that is not JSON (a state's own timeout) is read as it is.
  }
  return error?.Cause || error?.Error || 'unexpected error';
}

export async function runPreviewTask(services: DeploymentTaskServices, event: PreviewTaskEvent): Promise<DeployPreview> {
  return new AwsProjectDeployer({ services: services.stack }).preview({ projectId: event.projectId, ir: BlueprintIR.parse(event.ir) });
}

export async function runDeploymentTask(services: DeploymentTaskServices, event: DeploymentTaskEvent): Promise<DeploymentTaskResult> {
  const { deployments, clock } = services;
  const record = await deployments.get(event.deploymentId);
  if (!record) return { done: true, path: 'finished' };
  if (event.step === 'begin') {
    if (record.status !== 'pending' && record.status !== 'in_progress') return { done: true, path: 'finished' };
    const message = record.kind === 'destroy' ? "Destroying the project's stack" : record.kind === 'rollback' ? `Rolling back: deploying blueprint ${record.blueprintId} again` : `Deploying blueprint ${record.blueprintId}`;
    if (!(await deployments.markInProgress(record.id, record.status === 'in_progress' ? 'Resuming the deployment' : message, clock.now()))) return { done: true, path: 'finished' };
    const run: StackRun = {
      deploymentId: record.id,
      projectId: record.projectId,
      blueprintId: record.blueprintId,
      stackName: projectStackName(record.projectId),
      allowDataLoss: record.allowDataLoss === true,
      deleteData: record.deleteData === true,
      startedAt: clock.now().toISOString(),
    };
    return { run, done: true, path: record.kind === 'destroy' ? 'destroy' : 'deploy' };
  }
  if (event.step === 'fail') {
    await deployments.fail(record, failureMessage(new Error(caughtMessage(event.error))), clock.now());
    return { done: true };
  }
  const run = event.run;
  if (!run) throw new Error(`the ${event.step} task needs the run's state`);
  if (event.step === 'succeed') {
    if (!run.apiBaseUrl) throw new Error('the deploy ended without an API address');
    await deployments.succeed(record, run.apiBaseUrl, clock.now());
    return { run, done: true };
  }
  if (event.step === 'destroyed') {
    await deployments.destroyed(record, clock.now(), run.kept ?? []);
    return { run, done: true };
  }
  const step = STACK_STEPS.get(event.step);
  if (!step) throw new Error(`unknown deployment step ${event.step}`);
  const log: StackStepServices['log'] = async (deploymentId, level, message) => {
    await deployments.appendLog(deploymentId, level, message, clock.now());
  };
  const result = await step.run({ ...services.stack, log }, run);
  return { run: result.run, done: result.done };
}
