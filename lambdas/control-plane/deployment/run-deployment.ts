/**
 * Runs one deployment over the stored state: what the local runner does in process (also
 * after a restart) and what a Step Functions task will do on AWS. Every transition is a
 * conditional write, so running a deployment twice (a resume racing nothing, or a stale run)
 * changes nothing that has already ended; `deploy()` itself is idempotent by contract.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { Clock } from '../../core/clock';
import type { BlueprintRepository } from '../../ports/blueprint-repository';
import type { DeploymentRepository } from '../../ports/deployment-repository';
import type { DeploymentLogLevel, ProjectDeployer } from '../../ports/project-deployer';

/**
 * The DynamoDB actions of a deployment run on the control-plane table: it reads the deployment
 * and its blueprint and ends the deployment in one transaction with the project's pointers, the
 * lock and the pending marker. Locally its client's guard reads them; the AWS deployment state
 * machine's policy will too.
 */
export const DEPLOYMENT_RUN_TABLE_ACTIONS = ['GetItem', 'Query', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem', 'PutItem'] as const;

export interface DeploymentServices {
  readonly deployments: DeploymentRepository;
  readonly blueprints: BlueprintRepository;
  /** Absent where no deployer is configured: a deployment found there fails with a reason. */
  readonly deployer?: ProjectDeployer;
  readonly clock: Clock;
  readonly logger: Logger;
}

export type DeploymentRunResult = 'succeeded' | 'destroyed' | 'failed' | 'finished';

/**
 * The error's message as one log line: the message only, never a stack (a deployer's
 * message may span lines; only its first line is kept, which is where the reason is).
 */
export function failureMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const first = raw.split('\n').find((text) => text.trim() !== '')?.trim();
  return `Deployment failed: ${first ?? 'unexpected error'}`;
}

/**
 * pending | in_progress -> in_progress -> deploy -> succeeded (with the project's pointers, in
 * one transaction) or failed (with an error line; the project's lock released). A destroy ends
 * `destroyed`, clearing the project's pointers.
 * 'finished': the deployment had already ended (or does not exist): nothing was done.
 */
export async function runDeployment(services: DeploymentServices, deploymentId: string): Promise<DeploymentRunResult> {
  const { deployments, clock } = services;
  const record = await deployments.get(deploymentId);
  if (!record || (record.status !== 'pending' && record.status !== 'in_progress')) return 'finished';
  const resumed = record.status === 'in_progress';
  const message = resumed
    ? 'Resuming the deployment after a restart'
    : record.kind === 'rollback'
      ? `Rolling back: deploying blueprint ${record.blueprintId} again`
      : record.kind === 'destroy'
        ? "Destroying the project's stack"
        : `Deploying blueprint ${record.blueprintId}`;
  if (!(await deployments.markInProgress(deploymentId, message, clock.now()))) return 'finished';
  const log = async (level: DeploymentLogLevel, text: string) => {
    await deployments.appendLog(deploymentId, level, text, clock.now());
  };
  try {
    const deployer = services.deployer;
    if (!deployer) throw new Error('no deployer is configured on this installation');
    if (record.kind === 'destroy') {
      const { kept } = await deployer.destroy({ projectId: record.projectId, deploymentId, deleteData: record.deleteData === true, log });
      return (await deployments.destroyed(record, clock.now(), kept)) ? 'destroyed' : 'finished';
    }
    const ir = await services.blueprints.getPart<BlueprintIR>(record.blueprintId, 'ir');
    if (!ir) throw new Error(`blueprint ${record.blueprintId} has no intermediate representation`);
    const result = await deployer.deploy({
      projectId: record.projectId,
      deploymentId,
      blueprintId: record.blueprintId,
      ir,
      allowDataLoss: record.allowDataLoss === true,
      log,
    });
    if (typeof result.apiBaseUrl !== 'string' || result.apiBaseUrl === '') throw new Error('the deployer returned no API address');
    return (await deployments.succeed(record, result.apiBaseUrl, clock.now())) ? 'succeeded' : 'finished';
  } catch (err) {
    // The cause (with its stack) stays in the service's logs; the deployment's logs get its message.
    services.logger.error('deployment failed', { deploymentId, projectId: record.projectId, error: err as Error });
    return (await deployments.fail(record, failureMessage(err), clock.now())) ? 'failed' : 'finished';
  }
}
