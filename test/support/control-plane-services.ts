/**
 * Every control-plane port at once, built through the composition root (tests that call use
 * cases directly, as one Lambda with every route's rights would). Tests replace a provider by
 * passing their own (a runner of their own, a deployer double): injection through the root.
 */
import { buildServices, type ControlPlaneSetup, type Providers } from '../../lambdas/control-plane/composition/root';
import type { ControlPlanePorts, ControlPlaneServices } from '../../lambdas/control-plane/composition/services';
import * as stores from '../../lambdas/control-plane/composition/stores';
import { identity } from '../../lambdas/control-plane/composition/identity';
import { author } from '../../lambdas/control-plane/composition/author';
import { specWriting } from '../../lambdas/control-plane/composition/spec-writing';
import { deployer, deploymentRunner, orchestrator } from '../../lambdas/control-plane/composition/runners';
import { cdkAppKit } from '../../lambdas/control-plane/composition/cdk-app-kit';
import { endpoints, endpointSecrets } from '../../lambdas/control-plane/composition/endpoints';
import { apiReferenceAssets, docsLinkKey } from '../../lambdas/control-plane/composition/api-reference';
import type { ControlPlaneConfig } from '../../lambdas/shared/config';

export const ALL_PROVIDERS: Providers<keyof ControlPlanePorts> = { ...stores, identity, author, specWriting, orchestrator, deployer, deploymentRunner, cdkAppKit, endpoints, endpointSecrets, apiReferenceAssets, docsLinkKey };

/** Every DynamoDB action: these services are not a route, so no route's policy applies. */
const EVERYTHING = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'ConditionCheckItem', 'BatchGetItem', 'BatchWriteItem'];

export function buildAllServices(
  config: ControlPlaneConfig,
  setup: ControlPlaneSetup = {},
  replaced: Partial<Providers<keyof ControlPlanePorts>> = {},
): Promise<ControlPlaneServices> {
  // No generation runs in these tests: an orchestrator that says so if one is started anyway.
  const noGenerations = { start: async () => Promise.reject(new Error('this test runs no generations')) };
  return buildServices(config, { orchestrator: noGenerations, ...setup }, { name: 'test', tableActions: EVERYTHING }, { ...ALL_PROVIDERS, ...replaced });
}
