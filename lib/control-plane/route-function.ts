/**
 * One control-plane route's Lambda: its function, its own log group and its own role, whose
 * only permissions are the DynamoDB actions the route manifest lists and writing to that log
 * group. Everything here is derived from the route's manifest entry.
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../../lambdas/adapters/dynamodb/table-definition';
import { handlerFile, type RouteDefinition } from '../../lambdas/control-plane/routes';
import { LAMBDA_BUNDLING } from '../shared/lambda-bundling';

/** The repository root: handler entries and the lock file are resolved against it, not the cwd. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The IAM actions of a route on the table: exactly its manifest `dynamo` list, plus UpdateItem
 * when the route is rate limited (the limiter is an atomic counter: `ADD count :one`). Sorted
 * and without duplicates so the policy (and the template) is stable.
 */
export function routeDynamoActions(route: Pick<RouteDefinition, 'dynamo' | 'rate'>): string[] {
  const actions = new Set<string>(route.dynamo);
  if (route.rate !== null) actions.add('UpdateItem');
  return [...actions].sort().map((action) => `dynamodb:${action}`);
}

export interface RouteFunctionProps {
  /** The manifest entry this function serves. */
  readonly route: RouteDefinition;
  /** ARN of the control-plane table, the only data the function may touch. */
  readonly tableArn: string;
  /** Environment of the handler (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * How long the function's logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Memory of the function. 512 MB buys proportionally more CPU than the 128 MB default,
   * which shortens cold starts (parsing the bundle) and JWT verification.
   *
   * @default 512
   */
  readonly memorySize?: number;
  /**
   * What a route that calls the spec author (`usesModel`) may invoke: Bedrock model or
   * inference-profile ARNs. Routes without `usesModel` get no Bedrock permission at all.
   *
   * @default - none
   */
  readonly modelArns?: readonly string[];
  /**
   * The blueprint generation state machine that routes with `startsGeneration` may start.
   *
   * @default - none
   */
  readonly generationStateMachineArn?: string;
  /**
   * Delete the log group with the stack (development stacks only).
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class RouteFunction extends Construct {
  public readonly function: nodejs.NodejsFunction;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route } = props;

    // Our own log group instead of Lambda's implicit one: retention is set, and the role can
    // be scoped to this one group rather than to every log group of the account.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    // Inline policy on the role (no AWS::IAM::Policy resource and no AWS managed policy such
    // as AWSLambdaBasicExecutionRole, whose log permissions cover every log group): one
    // resource less per route, and the role is complete before the function is created.
    const statements: iam.PolicyStatement[] = [
      new iam.PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        // Fn::GetAtt Arn of a log group ends in `:*`, which covers its log streams.
        resources: [this.logGroup.logGroupArn],
      }),
    ];
    const tableActions = routeDynamoActions(route);
    if (tableActions.length > 0) {
      statements.push(
        new iam.PolicyStatement({ sid: 'Table', actions: tableActions, resources: [props.tableArn] }),
      );
    }
    if (route.dynamo.includes('Query')) {
      // Query on the named list index only (not `index/*`): a future index must be granted on purpose.
      statements.push(
        new iam.PolicyStatement({
          sid: 'ListIndex',
          actions: ['dynamodb:Query'],
          resources: [`${props.tableArn}/index/${TABLE_KEYS.gsi1.indexName}`],
        }),
      );
    }
    if (route.usesModel && props.modelArns && props.modelArns.length > 0) {
      // Converse is authorized as bedrock:InvokeModel on the model (and profile) it names.
      statements.push(new iam.PolicyStatement({ sid: 'SpecAuthorModel', actions: ['bedrock:InvokeModel'], resources: [...props.modelArns] }));
    }
    if (route.startsGeneration && props.generationStateMachineArn) {
      statements.push(new iam.PolicyStatement({ sid: 'StartGeneration', actions: ['states:StartExecution'], resources: [props.generationStateMachineArn] }));
    }
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `BGS control plane ${route.method} ${route.path}`,
      inlinePolicies: { Route: new iam.PolicyDocument({ statements }) },
    });

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, handlerFile(route)),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      // Below API Gateway's 30 s integration limit, so a slow call ends in the handler's own
      // error answer (and its log line) rather than in the gateway's bare 503.
      timeout: Duration.seconds(29),
      description: `${route.method} ${route.path}: ${route.summary}`.slice(0, 256),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        ...props.environment,
        // Stack traces through the source maps bundled below.
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: LAMBDA_BUNDLING,
    });

    // cdk-nag's "latest runtime" is nodejs24.x; nodejs22.x is chosen on purpose.
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x on purpose: it is the Lambda runtime nearest to the Node 20 on which the local mode and ' +
        'the whole test suite run (middy 6, SDK v3 pins), and it is supported by Lambda durable functions; ' +
        'move to nodejs24.x together with the test runtime.',
    });
  }
}
