/**
 * Blueprint generation on AWS: a Step Functions state machine built from GENERATION_STEPS
 * (one Lambda task per step, in the list's order, with retries), whose catch marks the
 * blueprint failed. The tasks run lambdas/control-plane/generation/generation-step.lambda.ts,
 * the same step functions the local orchestrator runs in process.
 */
import { type CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../../lambdas/adapters/dynamodb/table-definition';
import { GENERATION_STEPS, GENERATION_STEP_TABLE_ACTIONS } from '../../lambdas/control-plane/generation/steps';
import { BUNDLE_HANDLER, bundledCode } from '../shared/bgs-function';
import { vendedLogGroupName } from '../shared/log-group-names';

export interface GenerationWorkflowProps {
  /** ARN of the control-plane table (blueprints, specs, projects live there). */
  readonly tableArn: string;
  /** Environment of the step function (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * How long logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete log groups with the stack (development stacks only).
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

/** The generation step's Lambda entry. */
const GENERATION_STEP_ENTRY = 'lambdas/control-plane/generation/generation-step.lambda.ts';

/** The task states' ids, in order: CDK assertions compare them with GENERATION_STEPS. */
export const generationTaskId = (step: string) => `Step ${step}`;

export class GenerationWorkflow extends Construct {
  public readonly stateMachine: sfn.StateMachine;
  public readonly stepFunction: lambda.Function;

  constructor(scope: Construct, id: string, props: GenerationWorkflowProps) {
    super(scope, id);
    const removalPolicy = props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const retention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;

    const stepLogs = new logs.LogGroup(this, 'StepLogs', { retention, removalPolicy });
    const role = new iam.Role(this, 'StepRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'BGS blueprint generation steps',
      inlinePolicies: {
        Steps: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({ sid: 'WriteOwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [stepLogs.logGroupArn] }),
            new iam.PolicyStatement({
              sid: 'Table',
              actions: GENERATION_STEP_TABLE_ACTIONS.map((action) => `dynamodb:${action}`),
              resources: [props.tableArn],
            }),
            new iam.PolicyStatement({ sid: 'ListIndex', actions: ['dynamodb:Query'], resources: [`${props.tableArn}/index/${TABLE_KEYS.gsi1.indexName}`] }),
          ],
        }),
      },
    });
    this.stepFunction = new lambda.Function(this, 'StepFunction', {
      code: bundledCode(this, GENERATION_STEP_ENTRY),
      handler: BUNDLE_HANDLER,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      description: 'BGS: one blueprint generation step',
      role,
      logGroup: stepLogs,
      // No --enable-source-maps: the bundle maps its stack traces lazily (lib/shared/lambda-bundling.ts).
      environment: { ...props.environment },
    });
    Validations.of(this.stepFunction).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'nodejs22.x on purpose: the runtime nearest to the Node 20 the local mode and the tests run on; move with the test runtime.',
    });

    const invoke = (taskId: string, payload: Record<string, unknown>) =>
      new tasks.LambdaInvoke(this, taskId, {
        lambdaFunction: this.stepFunction,
        payload: sfn.TaskInput.fromObject(payload),
        payloadResponseOnly: true,
        resultPath: '$.last',
      });

    const markFailed = new tasks.LambdaInvoke(this, 'Mark failed', {
      lambdaFunction: this.stepFunction,
      payload: sfn.TaskInput.fromObject({ blueprintId: sfn.JsonPath.stringAt('$.blueprintId'), step: 'fail', error: sfn.JsonPath.objectAt('$.error') }),
      payloadResponseOnly: true,
      resultPath: sfn.JsonPath.DISCARD,
    }).next(new sfn.Fail(this, 'Generation failed'));
    const stopped = new sfn.Succeed(this, 'Generation ended');

    const complete = invoke('Complete', { blueprintId: sfn.JsonPath.stringAt('$.blueprintId'), step: 'complete' }).next(new sfn.Succeed(this, 'Generation completed'));
    // Built back to front: each step either stops (a failed generation) or goes on to the next.
    let next: sfn.IChainable = complete;
    for (const step of [...GENERATION_STEPS].reverse()) {
      const task = invoke(generationTaskId(step.name), { blueprintId: sfn.JsonPath.stringAt('$.blueprintId'), step: step.name })
        .addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), maxAttempts: 3, backoffRate: 2 })
        .addCatch(markFailed, { resultPath: '$.error' });
      const choice = new sfn.Choice(this, `After ${step.name}`)
        .when(sfn.Condition.stringEquals('$.last.next', 'stop'), stopped)
        .otherwise(next);
      next = task.next(choice);
    }

    const machineLogs = new logs.LogGroup(this, 'StateMachineLogs', { logGroupName: vendedLogGroupName(this, 'blueprint-generation'), retention, removalPolicy });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: `${Stack.of(this).stackName}-blueprint-generation`,
      definitionBody: sfn.DefinitionBody.fromChainable(next),
      timeout: Duration.minutes(30),
      tracingEnabled: true,
      logs: { destination: machineLogs, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    // cdk-nag names IAM5 findings by the wildcard resource they flag, so each is acknowledged by name.
    const stepFunctionLogicalId = Stack.of(this).getLogicalId(this.stepFunction.node.defaultChild as CfnElement);
    Validations.of(this.stateMachine).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${stepFunctionLogicalId}.Arn>:*]`,
        reason:
          'CDK grants the state machine lambda:InvokeFunction on the step function and its versions (`<arn>:*`): ' +
          'the wildcard covers versions and aliases of this one function only.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords, GetSamplingRules/Targets) and CloudWatch Logs ' +
          'log delivery (logs:CreateLogDelivery and friends) support no resource-level permissions: AWS requires "*".',
      },
    );
  }
}
