/**
 * One Lambda of a generated project (the runtime, the pre-token-generation trigger): the
 * prebuilt handler bundled with THE bundling settings (lib/shared/lambda-bundling.ts), its own
 * log group, and its own role whose only permissions are the statements its caller lists and
 * writing to that log group. The code is the same for every project (DESIGN.md principle 5):
 * only environment and permissions differ, so its asset hash is too.
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { REPO_ROOT } from '../control-plane/route-function';
import { LAMBDA_BUNDLING } from '../shared/lambda-bundling';

export interface ProjectFunctionProps {
  /** The handler file, relative to the repository root (`lambdas/project-runtime/...lambda.ts`). */
  readonly entry: string;
  /** What the function is, for its description and its role's. */
  readonly description: string;
  /** Environment of the handler (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /** Its permissions besides its own logs; each statement with a `sid`. */
  readonly statements: readonly iam.PolicyStatement[];
  /** Memory, MB. */
  readonly memorySize: number;
  /** Timeout. */
  readonly timeout: Duration;
  /**
   * How long its logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete the log group with the stack.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectFunction extends Construct {
  public readonly function: nodejs.NodejsFunction;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    super(scope, id);

    // Its own log group: retention is set, and the role is scoped to this one group.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    // An inline policy, as the control plane's route functions have: no AWS::IAM::Policy resource,
    // no AWS managed policy (AWSLambdaBasicExecutionRole covers every log group of the account).
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
      inlinePolicies: {
        Function: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              sid: 'WriteOwnLogs',
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              // Fn::GetAtt Arn of a log group ends in `:*`, which covers its log streams.
              resources: [this.logGroup.logGroupArn],
            }),
            ...props.statements,
          ],
        }),
      },
    });

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      description: props.description.slice(0, 256),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        ...props.environment,
        // Stack traces through the source maps LAMBDA_BUNDLING writes.
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: LAMBDA_BUNDLING,
    });

    // cdk-nag's "latest runtime" is nodejs24.x; nodejs22.x is chosen on purpose (as in route-function.ts).
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x on purpose: it is the Lambda runtime nearest to the Node 20 on which the local mode and ' +
        'the whole test suite run the same handler (middy 6, SDK v3 pins); move to nodejs24.x together with ' +
        'the test runtime and the control plane.',
    });
  }
}
