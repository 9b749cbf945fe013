/**
 * The AWS configuration of a deployed project's runtime Lambda, parsed once per cold start from
 * the environment its stack sets (names in lambdas/shared/env.ts, shared with the construct). A
 * missing variable fails loudly at start, listing every problem. Locally the project host hands
 * the same composition root (composition-root.ts) a configuration of the local stores instead.
 */
import * as z from 'zod';
import { URL_SUFFIX_PATTERN, cognitoIssuerUrl, cognitoJwksUrl } from '../core/aws-endpoints';
import { ENV } from '../shared/env';
import type { ProjectApiConfig } from './composition-root';

const required = z.string().trim().min(1);
const schema = z.object({
  [ENV.PROJECT_ID]: required,
  [ENV.PROJECT_TABLE_NAME]: required,
  [ENV.PROJECT_BUCKET]: required,
  [ENV.PROJECT_USER_POOL_ID]: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must be a Cognito user pool id (<region>_<id>)'),
  [ENV.PROJECT_USER_POOL_CLIENT_ID]: required,
  [ENV.REGION]: required,
  // The partition's (amazonaws.com.cn in aws-cn): the pool's issuer and keys are under it.
  [ENV.URL_SUFFIX]: z.string().regex(URL_SUFFIX_PATTERN, 'must be the partition\'s DNS suffix, e.g. amazonaws.com'),
});

export function parseRuntimeConfig(env: Readonly<Record<string, string | undefined>>): ProjectApiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ');
    throw new Error(`Invalid project runtime configuration: ${problems}`);
  }
  const e = parsed.data;
  const region = e[ENV.REGION];
  const userPoolId = e[ENV.PROJECT_USER_POOL_ID];
  const issuer = cognitoIssuerUrl(region, e[ENV.URL_SUFFIX], userPoolId);
  return {
    projectId: e[ENV.PROJECT_ID],
    tableName: e[ENV.PROJECT_TABLE_NAME],
    bucket: e[ENV.PROJECT_BUCKET],
    region,
    // Cognito's issuer of the pool's tokens, and where it publishes the pool's signing keys.
    identity: { mode: 'cognito', userPoolId, clientId: e[ENV.PROJECT_USER_POOL_CLIENT_ID], issuer, jwksUrl: cognitoJwksUrl(issuer) },
  };
}

/** How the runtime, the stream function and the workflow function reach the project's durable workflow function. */
export interface WorkflowTransportConfig {
  /** The function, unqualified. */
  readonly functionName: string;
  /** The alias every start goes through. */
  readonly qualifier: string;
}

/** Where the mail and the endpoints of task actions come from (workflow tasks, event handlers, scheduled jobs). */
export interface TaskPortsConfig {
  /** The sender of workflow and event mail; absent: notify actions fail saying so (SesWorkflowMailer). */
  readonly mailFrom: string | undefined;
  /** The control plane's table, read for the project's endpoints only; absent: call actions fail saying so. */
  readonly controlPlaneTable: { readonly name: string; readonly region: string } | undefined;
}

/** What only the workflow function needs besides the transport: where its tasks' mail and endpoints come from. */
export interface WorkflowFunctionConfig extends TaskPortsConfig {
  readonly transport: WorkflowTransportConfig;
}

/** What the functions that run event handlers, jobs and event jobs need besides the runtime's configuration. */
export interface EventFunctionConfig extends TaskPortsConfig {
  readonly queueUrl: string;
}

/** `arn:<partition>:dynamodb:<region>:<account>:table/<name>` */
const TABLE_ARN = /^arn:[a-z-]+:dynamodb:([a-z0-9-]+):\d{12}:table\/([A-Za-z0-9_.-]{3,255})$/;

function fail(problems: readonly string[]): never {
  throw new Error(`Invalid project workflow configuration: ${problems.join('; ')}`);
}

const value = (env: Readonly<Record<string, string | undefined>>, name: string): string | undefined => {
  const text = env[name]?.trim();
  return text ? text : undefined;
};

/**
 * The runtime's way to the workflow function: undefined when its stack runs no workflows (the
 * workflow routes then answer 501); the two variables come together or not at all.
 */
export function parseWorkflowTransport(env: Readonly<Record<string, string | undefined>>): WorkflowTransportConfig | undefined {
  const functionName = value(env, ENV.WORKFLOW_FUNCTION_NAME);
  const qualifier = value(env, ENV.WORKFLOW_ALIAS);
  if (functionName === undefined && qualifier === undefined) return undefined;
  if (functionName === undefined || qualifier === undefined) fail([`${ENV.WORKFLOW_FUNCTION_NAME} and ${ENV.WORKFLOW_ALIAS} are set together or not at all`]);
  return { functionName, qualifier };
}

/** The stream function's way to the workflow function: required (it exists only beside one). */
export function requireWorkflowTransport(env: Readonly<Record<string, string | undefined>>): WorkflowTransportConfig {
  return parseWorkflowTransport(env) ?? fail([`${ENV.WORKFLOW_FUNCTION_NAME}: required`, `${ENV.WORKFLOW_ALIAS}: required`]);
}

/** Mail and endpoints, with the problems found (a control-plane table that is no table ARN). */
function taskPorts(env: Readonly<Record<string, string | undefined>>, problems: string[]): TaskPortsConfig {
  const tableArn = value(env, ENV.CONTROL_PLANE_TABLE_ARN);
  const table = tableArn === undefined ? undefined : TABLE_ARN.exec(tableArn);
  if (table === null) problems.push(`${ENV.CONTROL_PLANE_TABLE_ARN}: must be a DynamoDB table ARN`);
  return { mailFrom: value(env, ENV.WORKFLOW_MAIL_FROM), controlPlaneTable: table ? { region: table[1]!, name: table[2]! } : undefined };
}

/** The workflow function's own configuration: its own name (from Lambda), its alias, mail and endpoints. */
export function parseWorkflowFunctionConfig(env: Readonly<Record<string, string | undefined>>): WorkflowFunctionConfig {
  const problems: string[] = [];
  const functionName = value(env, ENV.LAMBDA_FUNCTION_NAME);
  const qualifier = value(env, ENV.WORKFLOW_ALIAS);
  if (functionName === undefined) problems.push(`${ENV.LAMBDA_FUNCTION_NAME}: required (Lambda sets it)`);
  if (qualifier === undefined) problems.push(`${ENV.WORKFLOW_ALIAS}: required`);
  const ports = taskPorts(env, problems);
  if (problems.length > 0 || functionName === undefined || qualifier === undefined) fail(problems);
  return { transport: { functionName, qualifier }, ...ports };
}

/** The event-job queue every project stack has (the runtime sends redeliveries and retries to it). */
export function parseEventJobsQueue(env: Readonly<Record<string, string | undefined>>): string {
  const queueUrl = value(env, ENV.EVENT_JOBS_QUEUE_URL);
  if (queueUrl === undefined || !/^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\d{12}\/[A-Za-z0-9_-]{1,80}$/.test(queueUrl)) {
    throw new Error(`Invalid project event configuration: ${ENV.EVENT_JOBS_QUEUE_URL}: must be an SQS queue URL, got ${queueUrl ?? 'nothing'}`);
  }
  return queueUrl;
}

/** The configuration of the functions that run handlers, jobs and event jobs: the queue, mail and endpoints. */
export function parseEventFunctionConfig(env: Readonly<Record<string, string | undefined>>): EventFunctionConfig {
  const problems: string[] = [];
  const ports = taskPorts(env, problems);
  if (problems.length > 0) fail(problems);
  return { queueUrl: parseEventJobsQueue(env), ...ports };
}
