/**
 * The BGS control plane on AWS: a DynamoDB table (data), a Cognito user pool (identity), an
 * HTTP API with one Lambda per manifest route (api), the blueprint generation workflow and the
 * deployment workflow of project stacks. The handlers are configured only through
 * the environment variables of lambdas/shared/env.ts.
 */
import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { parseRateLimits } from '../../lambdas/core/rate-limit';
import { parseAccountQuotas } from '../../lambdas/core/deploy/account-quotas';
import { ENV } from '../../lambdas/shared/env';
import { ControlPlaneApi } from './control-plane-api';
import { ControlPlaneData } from './control-plane-data';
import { ControlPlaneIdentity } from './control-plane-identity';
import { DeploymentWorkflow } from './deployment-workflow';
import { GenerationWorkflow } from './generation-workflow';
import { SpecWriter } from './spec-writer';
import { ControlPlaneOperations } from './control-plane-operations';
import { AlarmTopic } from '../shared/alarm-topic';
import { DEFAULT_CONTROL_PLANE_RESERVED_CONCURRENCY } from '../shared/function-concurrency';
import { specAuthorModel } from './spec-author-model';
import { tagBgsStack } from '../shared/cost-tags';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

export interface ControlPlaneStackProps extends StackProps {
  /**
   * Delete the table, the user pool and the log groups with the stack, for development
   * stacks. Off, data and accounts are retained and protected from deletion.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
  /**
   * How long function and access logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Log level of the handlers (Powertools).
   *
   * @default 'INFO'
   */
  readonly logLevel?: LogLevel;
  /**
   * The stage's flood guard, requests per second over all routes.
   *
   * @default 1000
   */
  readonly throttlingRateLimit?: number;
  /**
   * The stage's burst allowance.
   *
   * @default 2000
   */
  readonly throttlingBurstLimit?: number;
  /**
   * Per-user rate limits per minute (BGS_RATE_LIMITS), in the handlers' format
   * `auth=10,project=100,generation=10,deployment=5` (unnamed categories keep their default),
   * e.g. raised for a load test. Checked at synth with the handlers' own parser.
   *
   * @default - unset: the handlers apply CONTRACT.md's defaults
   */
  readonly rateLimits?: string;
  /**
   * The account's quotas that deploys and previews compare the deployed projects with
   * (BGS_ACCOUNT_QUOTAS), `iamRoles=5000,httpApis=600` (unnamed quotas keep AWS's default): what the
   * account has been granted, or the share of it BGS's projects may use. Checked at synth with the
   * handlers' own parser.
   *
   * @default - unset: AWS's default quotas (lambdas/core/deploy/account-quotas.ts)
   */
  readonly accountQuotas?: string;
  /**
   * The Bedrock model (or inference profile such as `us.amazon.nova-pro-v1:0`) that writes specs
   * from descriptions and chat, used exactly as given. Set to `offline` to use the deterministic
   * offline author instead (no model, no cost).
   *
   * @default - Amazon Nova Pro through the cross-region inference profile of the region's
   * geography (`us.`, `eu.`, `apac.`, `us-gov.`: lib/control-plane/spec-author-model.ts)
   */
  readonly bedrockModelId?: string;
  /**
   * The public base URL of the control plane (a custom domain in front of the HTTP API). Answers
   * name it (statusUrl, apiBaseUrl, the OpenAPI servers); request headers are never used for that.
   *
   * @default - the HTTP API's own endpoint (`https://<id>.execute-api.<region>.amazonaws.com`)
   */
  readonly publicUrl?: string;
  /**
   * The region generated project stacks deploy to (a blueprint with workflows goes to us-east-2,
   * where Lambda durable functions are).
   *
   * @default - the control plane's own region
   */
  readonly projectRegion?: string;
  /**
   * The sender of generated projects' workflow mail: an address of an SES identity verified in
   * the project region.
   *
   * @default - none: project workflows' notify steps fail, saying no sender is configured
   */
  readonly workflowMailFrom?: string;
  /**
   * The sender of every user pool's codes (the control plane's and each project's): an address of
   * an SES identity verified in their regions.
   *
   * @default - Cognito's default sender, whose small daily quota the whole account shares (synthesis warns)
   */
  readonly mailFrom?: string;
  /**
   * Who the operations alarms mail (their topic's email subscription, confirmed by a link SNS mails
   * first): the control plane's alarms and those of the project stacks in its region.
   *
   * @default - none: subscribe to the AlarmTopicArn output as you like
   */
  readonly alarmEmail?: string;
  /**
   * Give the project stacks it deploys (to its own region) alarms that notify its topic, at about
   * $0.70 a month per project (lib/project/project-operations.ts).
   *
   * @default true
   */
  readonly projectAlarms?: boolean;
  /**
   * Concurrency reserved for each critical control-plane function, so busy projects cannot starve
   * it (lib/shared/function-concurrency.ts); 0 reserves none, which an account whose concurrency
   * quota is under about 150 (new accounts start at 10) needs.
   *
   * @default 10 (4 functions: 40)
   */
  readonly reservedConcurrency?: number;
  /**
   * The reserved concurrency (a cap) of each deployed project's runtime function; each project
   * takes it from the account's pool.
   *
   * @default - none
   */
  readonly projectReservedConcurrency?: number;
}

/** Powertools service name of the control-plane handlers. */
export const CONTROL_PLANE_SERVICE_NAME = 'bgs-control-plane';

export class ControlPlaneStack extends Stack {
  public readonly data: ControlPlaneData;
  public readonly identity: ControlPlaneIdentity;
  public readonly api: ControlPlaneApi;
  public readonly generation: GenerationWorkflow;
  public readonly deployment: DeploymentWorkflow;
  /** Writes a new project's spec version 1 with the model, invoked by POST /projects; none with the offline author. */
  public readonly specWriter: SpecWriter | undefined;
  public readonly alarmTopic: AlarmTopic;
  public readonly operations: ControlPlaneOperations;

  constructor(scope: Construct, id: string, props: ControlPlaneStackProps = {}) {
    super(scope, id, {
      description: 'BGS control plane: HTTP API with one Lambda per route, DynamoDB table, Cognito user pool',
      ...props,
    });
    // A malformed value would make every handler fail at cold start: fail the synth instead.
    if (props.rateLimits !== undefined) parseRateLimits(props.rateLimits);
    if (props.accountQuotas !== undefined) parseAccountQuotas(props.accountQuotas);
    tagBgsStack(this, { component: 'control-plane' });
    const destroyOnRemoval = props.destroyOnRemoval ?? false;
    const model = props.bedrockModelId === 'offline' ? undefined : specAuthorModel(this, props.bedrockModelId);

    this.data = new ControlPlaneData(this, 'Data', { destroyOnRemoval });
    this.identity = new ControlPlaneIdentity(this, 'Identity', { destroyOnRemoval, mailFrom: props.mailFrom });

    // Only the AWS settings: the local-only variables (DynamoDB endpoint, local identity) stay
    // unset, so the handlers' config cannot pick a local adapter on AWS.
    const environment: Record<string, string> = {
      [ENV.TABLE_NAME]: this.data.table.tableName,
      [ENV.IDENTITY_MODE]: 'cognito',
      [ENV.USER_POOL_ID]: this.identity.userPool.userPoolId,
      [ENV.USER_POOL_CLIENT_ID]: this.identity.userPoolClient.userPoolClientId,
      // The auth routes read the client's secret from Cognito: its caller's address reaches threat protection.
      [ENV.USER_POOL_CLIENT_HAS_SECRET]: 'true',
      [ENV.TOKEN_ISSUER]: this.identity.tokenIssuer,
      [ENV.JWKS_URL]: this.identity.jwksUrl,
      [ENV.URL_SUFFIX]: this.urlSuffix,
      // Lazy: the generation workflow below gets the same environment before the API exists.
      [ENV.PUBLIC_URL]: props.publicUrl ?? Lazy.string({ produce: () => this.api.httpApi.apiEndpoint }),
      [ENV.SERVICE_NAME]: CONTROL_PLANE_SERVICE_NAME,
      [ENV.LOG_LEVEL]: props.logLevel ?? 'INFO',
      ...(props.rateLimits === undefined ? {} : { [ENV.RATE_LIMITS]: props.rateLimits }),
      ...(props.accountQuotas === undefined ? {} : { [ENV.ACCOUNT_QUOTAS]: props.accountQuotas }),
      ...(model ? { [ENV.AUTHOR_PROVIDER]: 'bedrock', [ENV.BEDROCK_MODEL_ID]: model.modelId } : { [ENV.AUTHOR_PROVIDER]: 'offline' }),
    };

    this.generation = new GenerationWorkflow(this, 'Generation', {
      tableArn: this.data.table.tableArn,
      environment,
      logRetention: props.logRetention,
      destroyOnRemoval,
    });

    this.alarmTopic = new AlarmTopic(this, 'AlarmTopic', { email: props.alarmEmail, destroyOnRemoval });
    this.deployment = new DeploymentWorkflow(this, 'Deployment', {
      tableArn: this.data.table.tableArn,
      environment,
      projectRegion: props.projectRegion,
      ...(props.projectAlarms === false ? {} : { projectAlarmTopicArn: this.alarmTopic.topic.topicArn }),
      ...(props.projectReservedConcurrency ? { projectReservedConcurrency: props.projectReservedConcurrency } : {}),
      ...(props.workflowMailFrom ? { workflowMailFrom: props.workflowMailFrom } : {}),
      ...(props.mailFrom ? { mailFrom: props.mailFrom } : {}),
      logRetention: props.logRetention,
      destroyOnRemoval,
    });

    // A model writes spec version 1 in the background, in a function of its own; the offline author writes it within the request.
    this.specWriter = model ? new SpecWriter(this, 'SpecWriter', { tableArn: this.data.table.tableArn, environment, logRetention: props.logRetention, destroyOnRemoval, modelArns: model.modelArns }) : undefined;

    this.api = new ControlPlaneApi(this, 'Api', {
      tableArn: this.data.table.tableArn,
      environment: {
        ...environment,
        ...this.deployment.environment,
        [ENV.DEPLOYMENT_STEP_FUNCTION]: this.deployment.stepFunction.functionName,
        [ENV.GENERATION_STATE_MACHINE_ARN]: this.generation.stateMachine.stateMachineArn,
        ...(this.specWriter ? { [ENV.SPEC_WRITER_FUNCTION]: this.specWriter.function.functionName } : {}),
      },
      generationStateMachineArn: this.generation.stateMachine.stateMachineArn,
      specWriterFunctionArn: this.specWriter?.function.functionArn,
      deployment: { stateMachineArn: this.deployment.stateMachine.stateMachineArn, stepFunctionArn: this.deployment.stepFunction.functionArn },
      modelArns: model?.modelArns ?? [],
      userPoolArn: this.identity.userPool.userPoolArn,
      throttlingRateLimit: props.throttlingRateLimit,
      throttlingBurstLimit: props.throttlingBurstLimit,
      logRetention: props.logRetention,
      destroyOnRemoval,
    });

    this.operations = new ControlPlaneOperations(this, 'Operations', {
      topicArn: this.alarmTopic.topic.topicArn,
      data: this.data,
      api: this.api,
      generation: this.generation,
      deployment: this.deployment,
      ...(this.specWriter ? { specWriter: this.specWriter.function } : {}),
      reservedConcurrency: props.reservedConcurrency ?? DEFAULT_CONTROL_PLANE_RESERVED_CONCURRENCY,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL of the control-plane API' });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topic.topicArn, description: 'The SNS topic of the operations alarms (the control plane and the projects in its region)' });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.identity.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}
