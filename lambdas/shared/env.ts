/**
 * Names of the environment variables the Lambdas read (control plane, and the project runtime
 * group below). Shared by the CDK constructs that set them and the config parsers that read
 * them, so the two cannot drift.
 */
export const ENV = {
  /** The control-plane DynamoDB table. */
  TABLE_NAME: 'BGS_TABLE_NAME',
  /** Optional DynamoDB endpoint (DynamoDB Local); unset on AWS. */
  DYNAMODB_ENDPOINT: 'BGS_DYNAMODB_ENDPOINT',
  /** `cognito` on AWS, `local` for the embedded identity. */
  IDENTITY_MODE: 'BGS_IDENTITY_MODE',
  /** Cognito user pool id (AWS) or local pool id. */
  USER_POOL_ID: 'BGS_USER_POOL_ID',
  /** App client id: the `client_id` claim access tokens must carry. */
  USER_POOL_CLIENT_ID: 'BGS_USER_POOL_CLIENT_ID',
  /**
   * `true` when the app client has a secret (Cognito then accepts the caller's address for threat
   * protection): the auth routes read it from Cognito (DescribeUserPoolClient) and sign their
   * calls with it. @default false
   */
  USER_POOL_CLIENT_HAS_SECRET: 'BGS_USER_POOL_CLIENT_HAS_SECRET',
  /** Expected `iss` of access tokens. */
  TOKEN_ISSUER: 'BGS_TOKEN_ISSUER',
  /** Where the signing keys are published (fetched once per cold start). */
  JWKS_URL: 'BGS_JWKS_URL',
  /** Local identity only: the directory holding its signing keys. */
  LOCAL_IDENTITY_KEYS_FILE: 'BGS_LOCAL_IDENTITY_KEYS_FILE',
  /** Local identity only: the DynamoDB table of its users, codes and outbox. */
  LOCAL_IDENTITY_TABLE: 'BGS_LOCAL_IDENTITY_TABLE',
  /** Local identity only: `true` confirms control-plane accounts at signup. */
  LOCAL_AUTO_CONFIRM: 'BGS_LOCAL_AUTO_CONFIRM',
  /** Local stores only: the data directory's credentials file (lambdas/adapters/local-credentials.ts); required with DYNAMODB_ENDPOINT. */
  LOCAL_CREDENTIALS_FILE: 'BGS_LOCAL_CREDENTIALS_FILE',
  /** Rate limits per minute, `auth=10,project=100,generation=10,deployment=5` (unnamed: CONTRACT.md defaults). */
  RATE_LIMITS: 'BGS_RATE_LIMITS',
  /**
   * The account's quotas a deploy compares its fleet of projects with, `iamRoles=5000,httpApis=600`
   * (unnamed: AWS's defaults; lambdas/core/deploy/account-quotas.ts); CDK context `bgs:accountQuotas`.
   */
  ACCOUNT_QUOTAS: 'BGS_ACCOUNT_QUOTAS',
  /** Who writes specs: `offline` (no model; the local default), `bedrock` or `openai` (any OpenAI-compatible endpoint). */
  AUTHOR_PROVIDER: 'BGS_AUTHOR_PROVIDER',
  /** Bedrock model or inference-profile id (provider `bedrock`). */
  BEDROCK_MODEL_ID: 'BGS_BEDROCK_MODEL_ID',
  /** Base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8080/v1 (provider `openai`). */
  OPENAI_BASE_URL: 'BGS_OPENAI_BASE_URL',
  /** Its API key (optional for self-hosted models). */
  OPENAI_API_KEY: 'BGS_OPENAI_API_KEY',
  /** Its model name (provider `openai`). */
  OPENAI_MODEL: 'BGS_OPENAI_MODEL',
  /** Deadline of one author operation, repair included; under API Gateway's 30 s. @default 25000 */
  AUTHOR_TIMEOUT_MS: 'BGS_AUTHOR_TIMEOUT_MS',
  /** Step Functions state machine of blueprint generation (AWS); unset: the local orchestrator. */
  GENERATION_STATE_MACHINE_ARN: 'BGS_GENERATION_STATE_MACHINE_ARN',
  /**
   * The spec writer function POST /projects invokes asynchronously when a language model writes a
   * new project's spec version 1 (AWS); unset: the local service's in-process writer.
   */
  SPEC_WRITER_FUNCTION: 'BGS_SPEC_WRITER_FUNCTION',
  /**
   * Step Functions state machine of deployments (AWS); unset: the local runner and project host.
   * Set, the other deployment settings below are required (lib/control-plane/deployment-workflow.ts sets them all).
   */
  DEPLOYMENT_STATE_MACHINE_ARN: 'BGS_DEPLOYMENT_STATE_MACHINE_ARN',
  /** The deployment step function, which the preview routes ask (AWS; unset in the step function itself). */
  DEPLOYMENT_STEP_FUNCTION: 'BGS_DEPLOYMENT_STEP_FUNCTION',
  /** The synthesis function that makes a project's template (AWS). */
  PROJECT_SYNTH_FUNCTION: 'BGS_PROJECT_SYNTH_FUNCTION',
  /** The control plane's bucket of project templates (AWS). */
  ARTIFACT_BUCKET: 'BGS_ARTIFACT_BUCKET',
  /** The published code of project stacks, JSON `{ "bucket": …, "keys": { "<name>": "<key>" } }` in the control plane's region (AWS). */
  PROJECT_CODE: 'BGS_PROJECT_CODE',
  /** The region project stacks deploy to, unless a blueprint needs another. @default the control plane's */
  PROJECT_REGION: 'BGS_PROJECT_REGION',
  /** The role CloudFormation creates and deletes project stacks with (AWS). */
  PROJECT_STACK_ROLE_ARN: 'BGS_PROJECT_STACK_ROLE_ARN',
  /** The AWS account id: regional code buckets are named `bgs-code-<account>-<region>`. */
  ACCOUNT_ID: 'BGS_ACCOUNT_ID',
  /**
   * The public base URL of the control plane (`https://api.example.com`), used for every address
   * an answer names (statusUrl, apiBaseUrl, OpenAPI servers). Never taken from request headers:
   * a forged `Host` must not put another host into documents. AWS: the HTTP API's endpoint, or
   * `-c bgs:publicUrl=` for a custom domain; locally: the bind address, or BGS_PUBLIC_URL.
   */
  PUBLIC_URL: 'BGS_PUBLIC_URL',
  /** AWS region. */
  REGION: 'AWS_REGION',
  /**
   * The DNS suffix of the partition's endpoints (`amazonaws.com`; `amazonaws.com.cn` in aws-cn):
   * Cognito issuer and JWKS addresses and S3 object URLs are built with it, never a literal.
   * CDK sets it from Aws.URL_SUFFIX (the control plane's functions, every project function).
   */
  URL_SUFFIX: 'BGS_URL_SUFFIX',
  /** Powertools logger service name. */
  SERVICE_NAME: 'POWERTOOLS_SERVICE_NAME',
  /** Log level (Powertools). */
  LOG_LEVEL: 'POWERTOOLS_LOG_LEVEL',

  // --- The local service (`npm start`, bin/bgs-local.ts); never set on AWS ---
  /**
   * Where the local service keeps its data. @default .data
   * The local service also hands it to the handlers: set, outgoing endpoints keep their secrets
   * encrypted there and may name loopback addresses (config.ts `outgoing`); never set on AWS.
   */
  DATA_DIR: 'BGS_DATA_DIR',
  /** The local service's bind address. @default 127.0.0.1 */
  HOST: 'HOST',
  /** The local service's port. @default 3000 */
  PORT: 'PORT',
  /** A pause before each step of an in-process generation, in ms (a test stops the service between steps). @default 0 */
  GENERATION_STEP_DELAY_MS: 'BGS_GENERATION_STEP_DELAY_MS',

  // --- Set by others, read by BGS's local tools and CDK app ---
  /** The JDK that runs DynamoDB Local (local/dynamodb-local.ts). */
  JAVA_HOME: 'JAVA_HOME',
  /** Where the per-user cache of the compiled launcher lives (local/java-launcher-cache.ts). */
  XDG_CACHE_HOME: 'XDG_CACHE_HOME',
  /** Where executables are looked up (javac, java). */
  PATH: 'PATH',
  /** Where Lambda unpacked the function's code (the CDK app kit ships there: composition/cdk-app-kit.ts). */
  LAMBDA_TASK_ROOT: 'LAMBDA_TASK_ROOT',
  /** The function's own name, set by Lambda: the workflow function starts and resumes its own executions through it. */
  LAMBDA_FUNCTION_NAME: 'AWS_LAMBDA_FUNCTION_NAME',
  /** The account and region the CDK CLI resolved (bin/bgs-cdk.ts). */
  CDK_DEFAULT_ACCOUNT: 'CDK_DEFAULT_ACCOUNT',
  CDK_DEFAULT_REGION: 'CDK_DEFAULT_REGION',

  // --- Project runtime: the Lambdas of a deployed (generated) project API, issue 17 ---
  /** The project's own DynamoDB table (records, memberships); read by its pre token generation trigger. */
  PROJECT_TABLE_NAME: 'BGS_PROJECT_TABLE_NAME',
  /** The project's id (the control plane's project id). */
  PROJECT_ID: 'BGS_PROJECT_ID',
  /** The project's bucket (files through presigned URLs). */
  PROJECT_BUCKET: 'BGS_PROJECT_BUCKET',
  /** The project's Cognito user pool and its app client (USER_PASSWORD_AUTH, no secret). */
  PROJECT_USER_POOL_ID: 'BGS_PROJECT_USER_POOL_ID',
  PROJECT_USER_POOL_CLIENT_ID: 'BGS_PROJECT_USER_POOL_CLIENT_ID',
  /**
   * Not read by the runtime: the SHA-256 of the deployed IR. It changes with the blueprint, and a
   * changed environment makes Lambda start fresh execution environments (warm ones keep the
   * blueprint they read at their cold start and would go on serving the old one).
   */
  PROJECT_BLUEPRINT_SHA256: 'BGS_PROJECT_BLUEPRINT_SHA256',

  // --- Project workflows on AWS (issue 25 item 3): set only on the stacks of blueprints with workflows ---
  /**
   * The project's durable workflow function, unqualified (the runtime and the stream function
   * start and resume executions through it; the workflow function itself reads LAMBDA_FUNCTION_NAME,
   * as its own name in its environment would make the function depend on itself).
   */
  WORKFLOW_FUNCTION_NAME: 'BGS_WORKFLOW_FUNCTION_NAME',
  /** The alias every start goes through (Lambda refuses durable executions of an unqualified function). */
  WORKFLOW_ALIAS: 'BGS_WORKFLOW_ALIAS',
  /**
   * The sender of workflow mail (an address of a verified SES identity): the workflow function's,
   * and the deployment step's, which hands it to every project stack. Unset: notify steps fail saying so.
   */
  WORKFLOW_MAIL_FROM: 'BGS_WORKFLOW_MAIL_FROM',
  /** The sender of project user pools' codes (an SES identity's address); the deployer hands it to each project stack. */
  MAIL_FROM: 'BGS_MAIL_FROM',
  /** The control plane's alarm topic, which the deployer hands to project stacks in its region for their alarms; unset: no project alarms. */
  PROJECT_ALARM_TOPIC_ARN: 'BGS_PROJECT_ALARM_TOPIC_ARN',
  /** The reserved concurrency (a cap) the deployer gives each project's runtime function; unset: none. */
  PROJECT_RESERVED_CONCURRENCY: 'BGS_PROJECT_RESERVED_CONCURRENCY',
  /** The control plane's table (ARN), where the project's outgoing endpoints are; unset: call steps fail saying so. */
  CONTROL_PLANE_TABLE_ARN: 'BGS_CONTROL_PLANE_TABLE_ARN',

  // --- Project events on AWS (issue 27): every project stack ---
  /**
   * The project's event-job queue (SQS URL): webhook deliveries, retries of event handlers and
   * scheduled jobs, a job's run per organization. The runtime (redelivery, an admin's retry), the
   * stream function, the event-jobs function and the schedules function send to it.
   */
  EVENT_JOBS_QUEUE_URL: 'BGS_EVENT_JOBS_QUEUE_URL',
} as const;
