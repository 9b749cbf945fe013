/**
 * What a deploy, rollback or preview warns about the account: the project stacks it would hold
 * once this project is deployed (the deployed ones the deployments store counts, plus this one
 * unless it is deployed already), against the quotas configured (ENV.ACCOUNT_QUOTAS; AWS's
 * defaults otherwise). A warning never refuses: the quota figures may be out of date, and
 * CloudFormation says so clearly enough when one really is reached.
 */
import { accountQuotaWarnings, type AccountQuotaWarning } from '../../core/deploy/account-quotas';
import type { Project } from '../../ports/project-repository';
import type { ServicesWith } from '../composition/services';

export async function accountQuotaWarningsFor(services: ServicesWith<'deployments'>, project: Pick<Project, 'activeDeploymentId'>): Promise<AccountQuotaWarning[]> {
  const deployed = await services.deployments.deployedProjectCount();
  return accountQuotaWarnings(deployed + (project.activeDeploymentId ? 0 : 1), services.config.accountQuotas);
}

/** `{ warnings }` to spread into an answer: left out when there is nothing to say. */
export const warningsField = (warnings: readonly AccountQuotaWarning[]): { warnings?: AccountQuotaWarning[] } => (warnings.length > 0 ? { warnings: [...warnings] } : {});
