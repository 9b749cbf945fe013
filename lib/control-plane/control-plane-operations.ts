/**
 * The control plane's operations (ARCHITECTURE "Operations"): its alarms (lib/shared/operations-alarms.ts)
 * on its topic (lib/shared/alarm-topic.ts, which the project stacks it deploys to its region notify
 * too), and the concurrency reserved for its critical functions (lib/shared/function-concurrency.ts).
 *
 * Six alarms reading 14 metrics ($1.40 a month, plus the topic's key, $1): the API's 5xx rate (2);
 * errors of the generation step, deployment step, synthesis and spec writer functions (4; 3 with
 * the offline author, which has no spec writer); throttles of every
 * function in the account and region (1: the shared pool ran out, or a reserved function hit its
 * cap); the table's throttle events (2); failed generations (failed and timed-out executions, and
 * the GenerationsFailed count of steps that failed while the execution went on: 3); failed
 * deployments (failed and timed-out executions: 2). Route functions need no alarm of their own:
 * their unhandled errors, timeouts and throttles are 5xx answers of the API.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { OPERATIONS_METRICS } from '../../lambdas/shared/operations-metrics';
import { CRITICAL_ROUTE_IDS, reserveConcurrency } from '../shared/function-concurrency';
import { OperationsAlarms } from '../shared/operations-alarms';
import type { ControlPlaneApi } from './control-plane-api';
import type { ControlPlaneData } from './control-plane-data';
import type { DeploymentWorkflow } from './deployment-workflow';
import type { GenerationWorkflow } from './generation-workflow';

export interface ControlPlaneOperationsProps {
  /** The alarms' topic (ARN). */
  readonly topicArn: string;
  readonly data: ControlPlaneData;
  readonly api: ControlPlaneApi;
  readonly generation: GenerationWorkflow;
  readonly deployment: DeploymentWorkflow;
  /**
   * The function that writes spec version 1 with the model, invoked asynchronously (control-plane-stack.ts).
   *
   * @default - none (the offline author writes within the request)
   */
  readonly specWriter?: lambda.IFunction;
  /** Reserved for each critical function (CRITICAL_ROUTE_IDS and the deployment step); 0: none. */
  readonly reservedConcurrency: number;
}

export class ControlPlaneOperations extends Construct {
  public readonly alarms: OperationsAlarms;

  constructor(scope: Construct, id: string, props: ControlPlaneOperationsProps) {
    super(scope, id);
    const { api, generation, deployment } = props;

    for (const routeId of CRITICAL_ROUTE_IDS) {
      const fn = api.functions.get(routeId);
      if (!fn) throw new Error(`No control-plane route ${routeId} to reserve concurrency for (function-concurrency.ts CRITICAL_ROUTE_IDS)`);
      reserveConcurrency(fn, props.reservedConcurrency);
    }
    reserveConcurrency(deployment.stepFunction, props.reservedConcurrency);

    const generationsFailed = new cloudwatch.Metric({
      namespace: OPERATIONS_METRICS.namespace,
      metricName: OPERATIONS_METRICS.generationsFailed,
      dimensionsMap: { [OPERATIONS_METRICS.dimension]: generation.stepFunction.functionName },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
    });
    this.alarms = new OperationsAlarms(this, 'Alarms', {
      subject: 'BGS control plane',
      topicArn: props.topicArn,
      httpApi: api.httpApi,
      backgroundFunctions: [generation.stepFunction, deployment.stepFunction, deployment.synthFunction, ...(props.specWriter ? [props.specWriter] : [])],
      accountThrottles: true,
      tables: [props.data.table],
      workflows: [
        { id: 'Generations', description: 'a blueprint generation', stateMachine: generation.stateMachine, failures: generationsFailed },
        { id: 'Deployments', description: 'a project deployment or destroy', stateMachine: deployment.stateMachine },
      ],
    });
  }
}
