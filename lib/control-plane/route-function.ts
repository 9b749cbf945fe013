/**
 * One control-plane route's Lambda (a BgsFunction): its own log group and role, whose only
 * permissions are the DynamoDB actions the route manifest lists (plus Bedrock, Step Functions, the
 * spec writer or the endpoint secrets in Secrets Manager where the route declares them) and writing to that log group. Everything here is derived from
 * the route's manifest entry.
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '../../lambdas/adapters/dynamodb/table-definition';
import { handlerFile, routeTableActions, type RouteDefinition } from '../../lambdas/control-plane/routes';
import { ENDPOINT_SECRET_NAME_PREFIX } from '../../lambdas/core/outgoing/endpoint';
import { BgsFunction } from '../shared/bgs-function';
import { acknowledgeWildcards } from '../shared/nag-wildcards';
import { routeCompanionCode } from './route-companions';

/** The IAM actions of a route on the table (routes.ts `routeTableActions`, which the local guard reads too). */
export function routeDynamoActions(route: Pick<RouteDefinition, 'dynamo' | 'rate'>): string[] {
  return routeTableActions(route).map((action) => `dynamodb:${action}`);
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
   * The control-plane user pool, whose app client's secret routes with `appClient` may read
   * (cognito-idp:DescribeUserPoolClient: Cognito then takes their caller's address).
   *
   * @default - none
   */
  readonly userPoolArn?: string;
  /**
   * The blueprint generation state machine that routes with `startsGeneration` may start.
   *
   * @default - none
   */
  readonly generationStateMachineArn?: string;
  /**
   * The spec writer function routes with `startsSpecWriter` may invoke (asynchronously).
   *
   * @default - none (the author runs offline and writes within the request)
   */
  readonly specWriterFunctionArn?: string;
  /**
   * What routes with `startsDeployment` may start and routes with `previewsStacks` may read and invoke.
   *
   * @default - none
   */
  readonly deployment?: { readonly stateMachineArn: string; readonly stepFunctionArn: string };
  /**
   * Delete the log group with the stack (development stacks only).
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class RouteFunction extends BgsFunction {
  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    const { route } = props;
    super(scope, id, {
      entry: handlerFile(route),
      // A route whose Lambda needs files beside its bundle (the CDK app's kit) gets them in its asset.
      code: routeCompanionCode(scope, route),
      description: `${route.method} ${route.path}: ${route.summary}`,
      roleDescription: `BGS control plane ${route.method} ${route.path}`,
      policyName: 'Route',
      statements: routeStatements(scope, props),
      environment: props.environment,
      // 512 MB buys proportionally more CPU than the 128 MB default: shorter cold starts and JWT checks.
      memorySize: props.memorySize ?? 512,
      // Below API Gateway's 30 s integration limit, so a slow call ends in the handler's own
      // error answer (and its log line) rather than in the gateway's bare 503.
      timeout: Duration.seconds(29),
      ...(props.logRetention ? { logRetention: props.logRetention } : {}),
      ...(props.destroyOnRemoval ? { destroyOnRemoval: props.destroyOnRemoval } : {}),
    });
    if (route.endpointSecrets?.length) {
      acknowledgeWildcards(this.role, [
        [
          `Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${ENDPOINT_SECRET_NAME_PREFIX}*`,
          `Endpoint secrets are created per project endpoint and change, named ${ENDPOINT_SECRET_NAME_PREFIX}<projectId>/<endpoint>/<uuid> at run time ` +
            '(Secrets Manager also appends a random suffix to every ARN), so only the name prefix can be granted; the route checks ownership first.',
        ],
      ]);
    }
  }
}

/** The ARN pattern of every endpoint secret (core/outgoing/endpoint.ts names them under the prefix). */
function endpointSecretsArn(scope: Construct): string {
  return Stack.of(scope).formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${ENDPOINT_SECRET_NAME_PREFIX}*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
}

/** Calling the spec author's model: Converse is authorized as bedrock:InvokeModel on the model (and profile) it names. */
export function specAuthorModelStatement(modelArns: readonly string[]): iam.PolicyStatement {
  return new iam.PolicyStatement({ sid: 'SpecAuthorModel', actions: ['bedrock:InvokeModel'], resources: [...modelArns] });
}

/** What a route may do besides writing its logs: exactly what its manifest entry declares. */
function routeStatements(scope: Construct, props: RouteFunctionProps): iam.PolicyStatement[] {
  const { route } = props;
  const statements: iam.PolicyStatement[] = [];
  const tableActions = routeDynamoActions(route);
  if (tableActions.length > 0) {
    statements.push(new iam.PolicyStatement({ sid: 'Table', actions: tableActions, resources: [props.tableArn] }));
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
  if (route.usesModel && props.modelArns && props.modelArns.length > 0) statements.push(specAuthorModelStatement(props.modelArns));
  if (route.startsSpecWriter && props.specWriterFunctionArn) {
    statements.push(new iam.PolicyStatement({ sid: 'StartSpecWriter', actions: ['lambda:InvokeFunction'], resources: [props.specWriterFunctionArn] }));
  }
  if (route.appClient && props.userPoolArn) {
    statements.push(new iam.PolicyStatement({ sid: 'AppClientSecret', actions: ['cognito-idp:DescribeUserPoolClient'], resources: [props.userPoolArn] }));
  }
  if (route.startsGeneration && props.generationStateMachineArn) {
    statements.push(new iam.PolicyStatement({ sid: 'StartGeneration', actions: ['states:StartExecution'], resources: [props.generationStateMachineArn] }));
  }
  if (route.startsDeployment && props.deployment) {
    statements.push(new iam.PolicyStatement({ sid: 'StartDeployment', actions: ['states:StartExecution'], resources: [props.deployment.stateMachineArn] }));
  }
  if (route.previewsStacks && props.deployment) {
    // The preview runs in the deployment step function, which alone may read project stacks and tables.
    statements.push(new iam.PolicyStatement({ sid: 'PreviewDeployment', actions: ['lambda:InvokeFunction'], resources: [props.deployment.stepFunctionArn] }));
  }
  if (route.endpointSecrets?.length) {
    statements.push(
      new iam.PolicyStatement({ sid: 'EndpointSecrets', actions: route.endpointSecrets.map((action) => `secretsmanager:${action}`), resources: [endpointSecretsArn(scope)] }),
    );
  }
  return statements;
}
