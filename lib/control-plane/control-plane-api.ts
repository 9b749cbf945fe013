/**
 * The control plane's HTTP API, built from THE route manifest (lambdas/control-plane/routes.ts):
 * for every entry one Lambda (RouteFunction) and one `METHOD /path` route. Adding a route is
 * one manifest entry plus its handler file; nothing here changes.
 *
 * No API Gateway authorizer: the handlers' shared middleware verifies access tokens (DESIGN.md
 * "Tokens"), so every 401 has the contract's body and ID tokens are refused.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { stageAccessLogs } from '../shared/access-log-format';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { CONTROL_PLANE_ROUTE_LIST, UNMATCHED_ROUTE_HANDLER_FILE, type RouteDefinition } from '../../lambdas/control-plane/routes';
import { controlPlaneCors } from '../../lambdas/shared/cors';
import { BgsFunction } from '../shared/bgs-function';
import { corsPreflightOf } from '../shared/cors-preflight';
import { RouteFunction } from './route-function';

export interface ControlPlaneApiProps {
  /** ARN of the control-plane table. */
  readonly tableArn: string;
  /** Environment every handler gets (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * Bedrock ARNs the routes that call the spec author may invoke.
   *
   * @default - none (the author runs offline)
   */
  readonly modelArns?: readonly string[];
  /**
   * The user pool whose app client's secret the auth routes (`appClient`) may read.
   *
   * @default - none
   */
  readonly userPoolArn?: string;
  /**
   * The blueprint generation state machine routes that start generations may start.
   *
   * @default - none
   */
  readonly generationStateMachineArn?: string;
  /**
   * The spec writer function the route that creates projects may invoke (a model writes version 1).
   *
   * @default - none (the author runs offline and writes version 1 within the request)
   */
  readonly specWriterFunctionArn?: string;
  /**
   * The deployment state machine the deploy, rollback and destroy routes start, and the step function the preview routes ask.
   *
   * @default - none: deploys answer 503 DEPLOYER_UNAVAILABLE
   */
  readonly deployment?: { readonly stateMachineArn: string; readonly stepFunctionArn: string };
  /**
   * The routes to serve.
   *
   * @default CONTROL_PLANE_ROUTE_LIST, the control plane's manifest
   */
  readonly routes?: readonly RouteDefinition[];
  /**
   * Steady-state requests per second the stage accepts, all routes together. A flood guard
   * only: far above the per-user limits of CONTRACT.md, which the handlers enforce.
   *
   * @default 1000
   */
  readonly throttlingRateLimit?: number;
  /**
   * Burst the stage accepts above the steady rate.
   *
   * @default 2000
   */
  readonly throttlingBurstLimit?: number;
  /**
   * How long function and access logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Memory of each route's function.
   *
   * @default 512
   */
  readonly memorySize?: number;
  /**
   * Delete the log groups with the stack (development stacks only).
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}



export class ControlPlaneApi extends Construct {
  public readonly httpApi: apigw.HttpApi;
  public readonly stage: apigw.HttpStage;
  public readonly accessLogGroup: logs.LogGroup;
  /** The route functions, by route id. */
  public readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** The function of the `$default` route (404 / 405 for requests no route takes). */
  public readonly unmatchedRoute: lambda.Function;
  /** Base URL of the API (ends with `/`). */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: ControlPlaneApiProps) {
    super(scope, id);
    const routes = props.routes ?? CONTROL_PLANE_ROUTE_LIST;
    assertUniqueRoutes(routes);
    const removalPolicy = props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const logRetention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${Stack.of(this).stackName}-api`,
      description: 'BGS control plane',
      // The stage is declared below, so access logging and throttling can be set on it.
      createDefaultStage: false,
      // Bearer tokens, not cookies: any origin may call (CONTRACT.md, as for generated APIs).
      corsPreflight: corsPreflightOf(controlPlaneCors(routes.map((route) => route.method))),
    });

    const accessLogs = stageAccessLogs(this, { retention: logRetention, removalPolicy });
    this.accessLogGroup = accessLogs.logGroup;
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default', // served at the API's root URL, no stage prefix in paths
      autoDeploy: true,
      accessLogSettings: accessLogs.settings,
      throttle: {
        rateLimit: props.throttlingRateLimit ?? 1000,
        burstLimit: props.throttlingBurstLimit ?? 2000,
      },
    });
    this.url = this.stage.url;

    // Construct ids come from the manifest's route ids, so logical ids stay stable when
    // routes are added, reordered or have their path changed.
    const container = new Construct(this, 'Routes');
    const functions = new Map<string, lambda.IFunction>();
    for (const route of routes) {
      const routeScope = new Construct(container, route.id);
      const { function: fn } = new RouteFunction(routeScope, 'Handler', {
        route,
        tableArn: props.tableArn,
        environment: props.environment,
        modelArns: props.modelArns,
        userPoolArn: props.userPoolArn,
        generationStateMachineArn: props.generationStateMachineArn,
        specWriterFunctionArn: props.specWriterFunctionArn,
        deployment: props.deployment,
        logRetention,
        memorySize: props.memorySize,
        destroyOnRemoval: props.destroyOnRemoval,
      });
      const httpRoute = new apigw.HttpRoute(routeScope, 'Route', {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration('Integration', fn, {
          payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
        }),
      });
      Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: noAuthorizerReason(route) });
      functions.set(route.id, fn);
    }
    this.functions = functions;

    // Every request no route takes goes to one small function that answers as the local gateway
    // does (lambdas/shared/route-match.ts): 405 with Allow for a known path, else 404, in the
    // contract's body instead of API Gateway's own `{"message":"Not Found"}`.
    const unmatched = new BgsFunction(this, 'UnmatchedRoute', {
      entry: UNMATCHED_ROUTE_HANDLER_FILE,
      description: 'BGS control plane $default route: 404 / 405 in the contract body',
      policyName: 'Route',
      statements: [],
      environment: props.environment,
      memorySize: props.memorySize ?? 512,
      timeout: Duration.seconds(29),
      logRetention,
      ...(props.destroyOnRemoval ? { destroyOnRemoval: props.destroyOnRemoval } : {}),
    });
    const defaultRoute = new apigw.HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('Integration', unmatched.function, { payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0 }),
    });
    this.unmatchedRoute = unmatched.function;
    Validations.of(defaultRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The catch-all route only answers 404 NOT_FOUND or 405 METHOD_NOT_ALLOWED from the route manifest (no data is reachable through it: its function has no permission besides its logs); bounded by the stage throttle.',
    });
  }
}

/** Why a route has no API Gateway authorizer (cdk-nag APIG4), specific to the route. */
function noAuthorizerReason(route: RouteDefinition): string {
  const key = `${route.method} ${route.path}`;
  if (route.auth === 'user') {
    return (
      `${key} needs an access token, verified by the handler's shared middleware (DESIGN.md "Tokens"): jose ` +
      'checks the signature against the user pool JWKS, issuer, client_id, expiry and token_use=access, ' +
      "and answers 401 with the contract's {error, code}. The HTTP API JWT authorizer is not used because it " +
      'cannot refuse ID tokens (no token_use check) and answers with its own body.'
    );
  }
  const guard =
    route.rate === null
      ? 'it reads no user data and is bounded by the stage throttle'
      : `it is bounded by the stage throttle and the handler's "${route.rate}" rate limit`;
  return `${key} is public by contract (CONTRACT.md "Control plane": called without a token); ${guard}.`;
}

/** Two entries with one route key (or id) would only fail at deploy time: fail at synth. */
function assertUniqueRoutes(routes: readonly RouteDefinition[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    for (const key of [`id:${route.id}`, `key:${route.method} ${route.path}`]) {
      if (seen.has(key)) throw new Error(`Duplicate control-plane route ${key}`);
      seen.add(key);
    }
  }
}
