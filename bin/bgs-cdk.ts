/**
 * The CDK app of the BGS control plane (`npx cdk synth` / `npm run synth`).
 *
 * cdk-nag's AWS Solutions pack runs as a CDK validation plugin: an unacknowledged error fails
 * synth, and every acknowledgement sits next to its resource with its reason.
 *
 * Context:
 *  - `-c bgs:destroyOnRemoval=true`: a development stack whose table, user pool and log groups
 *    are deleted with it;
 *  - `-c bgs:rateLimits=auth=1000,project=5000`: raised per-user limits (e.g. for a bench);
 *  - `-c bgs:accountQuotas=iamRoles=5000,httpApis=600`: the account's quotas deploys warn about as
 *    the deployed projects near 80% of them (default: AWS's; README "Account quotas");
 *  - `-c bgs:bedrockModelId=<model or inference profile id>` (used as given), or `offline` for the
 *    deterministic author (default: Amazon Nova Pro through the cross-region inference profile of
 *    the region's geography, `us.`/`eu.`/`apac.`/`us-gov.`; a region in none fails the synth);
 *  - `-c bgs:publicUrl=https://api.example.com`: the address answers name when a custom domain
 *    fronts the API (default: the HTTP API's execute-api endpoint);
 *  - `-c bgs:projectRegion=eu-west-1`: the region generated project stacks deploy to (default: the
 *    control plane's; a blueprint with workflows always deploys to us-east-2);
 *  - `-c bgs:workflowMailFrom=workflows@example.com`: the sender of project workflows' mail, an
 *    address of an SES identity verified in the project region (default: none, notify steps fail);
 *  - `-c bgs:mailFrom=no-reply@example.com`: the sender of every user pool's codes (the control
 *    plane's and each project's), an address of an SES identity verified in their regions (default:
 *    Cognito's default sender, whose small daily quota the whole account shares; synthesis warns);
 *  - `-c bgs:alarmEmail=ops@example.com`: who the operations alarms mail (the control plane's and
 *    those of the projects in its region; default: no subscription, the AlarmTopicArn output);
 *  - `-c bgs:projectAlarms=false`: deploy projects without alarms (default: with, ~$0.70/month each);
 *  - `-c bgs:reservedConcurrency=<n>`: concurrency reserved for each of the 4 critical control-plane
 *    functions (default 10; 0 for none, which an account with a concurrency quota under ~150 needs);
 *  - `-c bgs:projectReservedConcurrency=<n>`: a cap on each project's runtime (default: none).
 */
import { BEDROCK_MODEL_CONTEXT } from '../lambdas/adapters/spec-author/bedrock-model-id';
import { ENV } from '../lambdas/shared/env';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ControlPlaneStack } from '../lib/control-plane/control-plane-stack';
import { ALARM_EMAIL_CONTEXT } from '../lib/shared/alarm-topic';
import { PROJECT_RESERVED_CONCURRENCY_CONTEXT, RESERVED_CONCURRENCY_CONTEXT, reservedConcurrency } from '../lib/shared/function-concurrency';
import { PROJECT_ALARMS_CONTEXT } from '../lib/project/project-operations';

const app = new App();

const destroyOnRemoval = String(app.node.tryGetContext('bgs:destroyOnRemoval') ?? 'false') === 'true';
const rateLimits = app.node.tryGetContext('bgs:rateLimits') as string | undefined;
const accountQuotas = app.node.tryGetContext('bgs:accountQuotas') as string | undefined;
const bedrockModelId = app.node.tryGetContext(BEDROCK_MODEL_CONTEXT) as string | undefined;
const publicUrl = app.node.tryGetContext('bgs:publicUrl') as string | undefined;
const projectRegion = app.node.tryGetContext('bgs:projectRegion') as string | undefined;
const workflowMailFrom = app.node.tryGetContext('bgs:workflowMailFrom') as string | undefined;
const mailFrom = app.node.tryGetContext('bgs:mailFrom') as string | undefined;
const alarmEmail = app.node.tryGetContext(ALARM_EMAIL_CONTEXT) as string | undefined;
const projectAlarms = String(app.node.tryGetContext(PROJECT_ALARMS_CONTEXT) ?? 'true') !== 'false';
const controlPlaneReservation = reservedConcurrency(app.node.tryGetContext(RESERVED_CONCURRENCY_CONTEXT), RESERVED_CONCURRENCY_CONTEXT);
const projectReservation = reservedConcurrency(app.node.tryGetContext(PROJECT_RESERVED_CONCURRENCY_CONTEXT), PROJECT_RESERVED_CONCURRENCY_CONTEXT);

new ControlPlaneStack(app, 'BgsControlPlane', {
  // Unset (no credentials, offline) the stack is environment-agnostic; with credentials the
  // CLI fills these from the profile.
  env: { account: process.env[ENV.CDK_DEFAULT_ACCOUNT], region: process.env[ENV.CDK_DEFAULT_REGION] },
  destroyOnRemoval,
  rateLimits,
  accountQuotas,
  bedrockModelId,
  publicUrl,
  projectRegion,
  workflowMailFrom,
  mailFrom,
  alarmEmail,
  projectAlarms,
  reservedConcurrency: controlPlaneReservation,
  projectReservedConcurrency: projectReservation,
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
