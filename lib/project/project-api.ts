/**
 * A generated project's HTTP API: one route per entry of THE project route manifest
 * (`projectApi(ir).routes`, lambdas/core/blueprint/project-routes.ts), every one integrated with
 * the one runtime function, which looks the route up by API Gateway's routeKey
 * (`${method} ${path}`, the manifest's own key). Adding an entity adds manifest entries and so
 * routes; nothing here changes.
 *
 * One integration and one invoke permission serve all routes: per-route integrations and
 * permissions (what HttpLambdaIntegration makes) would cost two more resources per route and
 * grow the function's resource policy past Lambda's 20 KB for larger blueprints.
 *
 * No API Gateway authorizer: the runtime verifies access tokens itself (DESIGN.md "Tokens").
 */
import { projectCors } from '../../lambdas/shared/cors';
import { corsPreflightOf } from '../shared/cors-preflight';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { stageAccessLogs } from '../shared/access-log-format';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { projectApi, type ProjectRoute } from '../../lambdas/core/blueprint/project-routes';
import { routeKeyOf } from '../../lambdas/project-runtime/runtime-services';

export interface ProjectApiProps {
  readonly projectId: string;
  readonly ir: BlueprintIR;
  /** The runtime function every route invokes. */
  readonly handler: lambda.IFunction;
  /**
   * Steady-state requests per second the stage accepts, all routes together: a flood guard for
   * one project (API Gateway's account quota is shared by every project of the account).
   *
   * @default 500
   */
  readonly throttlingRateLimit?: number;
  /**
   * Burst the stage accepts above the steady rate.
   *
   * @default 1000
   */
  readonly throttlingBurstLimit?: number;
  /**
   * How long access logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete the access log group with the stack.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
  /**
   * The origin of the control plane whose API reference pages try this API's calls from a
   * browser: allowed by CORS besides the spec's origins.
   *
   * @default - none: only the spec's origins (its reference pages can show, not try, the calls)
   */
  readonly apiReferenceOrigin?: string;
}

/** The spec's origins, and the API reference's when it has one and `*` does not already cover it. */
function allowedOrigins(specOrigins: readonly string[], apiReferenceOrigin: string | undefined): readonly string[] {
  if (!apiReferenceOrigin || specOrigins.includes('*') || specOrigins.includes(apiReferenceOrigin)) return specOrigins;
  return [...specOrigins, apiReferenceOrigin];
}


export class ProjectApi extends Construct {
  public readonly httpApi: apigw.HttpApi;
  public readonly stage: apigw.HttpStage;
  public readonly accessLogGroup: logs.LogGroup;
  /** The route resources, by manifest route id. */
  public readonly routes: ReadonlyMap<string, apigw.CfnRoute>;
  /** Base URL of the API (ends with `/`). */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: ProjectApiProps) {
    super(scope, id);
    const manifest = projectApi(props.ir).routes;
    assertUniqueRoutes(manifest);
    const removalPolicy = props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${Stack.of(this).stackName}-api`,
      description: `BGS generated API of project ${props.projectId}: ${props.ir.project.name}`.slice(0, 1024),
      // Declared below, so access logging and throttling can be set on it.
      createDefaultStage: false,
      // CONTRACT "CORS": the project's origins (default any: bearer tokens, not cookies), and the
      // origin of the control plane's API reference pages, whose "Try it out" calls this API.
      corsPreflight: corsPreflightOf(projectCors(allowedOrigins(props.ir.cors.allowedOrigins, props.apiReferenceOrigin))),
    });

    const accessLogs = stageAccessLogs(this, { retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH, removalPolicy });
    this.accessLogGroup = accessLogs.logGroup;
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default', // served at the API's root URL: the manifest's paths as they are
      autoDeploy: true,
      accessLogSettings: accessLogs.settings,
      throttle: { rateLimit: props.throttlingRateLimit ?? 500, burstLimit: props.throttlingBurstLimit ?? 1000 },
    });
    this.url = this.stage.url;

    const integration = new apigw.HttpIntegration(this, 'RuntimeIntegration', {
      httpApi: this.httpApi,
      integrationType: apigw.HttpIntegrationType.AWS_PROXY,
      integrationUri: props.handler.functionArn,
      payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      timeout: Duration.seconds(29),
    });
    // Any route of any stage of this API, and nothing else, may invoke the runtime.
    props.handler.addPermission('InvokeFromApi', {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      action: 'lambda:InvokeFunction',
      sourceArn: Stack.of(this).formatArn({ service: 'execute-api', resource: this.httpApi.apiId, resourceName: '*/*' }),
    });

    // Construct ids are the manifest's route ids (`tasks.list`), so logical ids stay stable when
    // routes are added or reordered.
    const container = new Construct(this, 'Routes');
    const routes = new Map<string, apigw.CfnRoute>();
    for (const route of manifest) {
      const cfnRoute = new apigw.CfnRoute(container, route.id, {
        apiId: this.httpApi.apiId,
        routeKey: routeKeyOf(route),
        target: `integrations/${integration.integrationId}`,
        authorizationType: 'NONE',
      });
      Validations.of(cfnRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: noAuthorizerReason(route) });
      routes.set(route.id, cfnRoute);
    }
    this.routes = routes;

    // Every other request reaches the runtime too, which answers as the local gateway does
    // (lambdas/shared/route-match.ts): 405 with Allow for a known path, else 404, in the
    // contract's body instead of API Gateway's own `{"message":"Not Found"}`.
    const fallback = new apigw.CfnRoute(this, 'DefaultRoute', {
      apiId: this.httpApi.apiId,
      routeKey: '$default',
      target: `integrations/${integration.integrationId}`,
      authorizationType: 'NONE',
    });
    Validations.of(fallback).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The catch-all route only answers 404 NOT_FOUND or 405 METHOD_NOT_ALLOWED from the runtime (no data is reachable through it); bounded by the stage throttle.',
    });
  }
}

/** Why a route has no API Gateway authorizer (cdk-nag APIG4), specific to the route. */
function noAuthorizerReason(route: ProjectRoute): string {
  const key = routeKeyOf(route);
  if (route.level === 'public') {
    return `${key} is public in the blueprint (level "public": no token needed, CONTRACT "Authorization"); it is bounded by the stage throttle.`;
  }
  return (
    `${key} needs an access token (level "${route.level}"), verified by the runtime itself (DESIGN.md "Tokens"): jose checks ` +
    'the signature against the pool JWKS, issuer, client_id, expiry and token_use=access, then the route level and the ' +
    "role's rights, answering 401/403 with the contract's {error, code}. The HTTP API JWT authorizer cannot refuse ID " +
    'tokens and answers with its own body.'
  );
}

/** Two entries with one route key (or id) would only fail at deploy time: fail at synth. */
function assertUniqueRoutes(routes: readonly ProjectRoute[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    for (const key of [`id:${route.id}`, `key:${routeKeyOf(route)}`]) {
      if (seen.has(key)) throw new Error(`Duplicate project route ${key}`);
      seen.add(key);
    }
  }
}
