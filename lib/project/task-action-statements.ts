/**
 * The IAM statements of a function that runs task actions (workflow tasks, event handlers,
 * scheduled jobs: task-actions.ts): SES SendEmail on the sender's identity when a sender is
 * configured, and the endpoint reads of a `call`: GetItem on the control plane's table only where
 * the partition key is `PROJECT#<id>`, GetSecretValue on `bgs/endpoints/<id>/*`. One place, so the
 * workflow function, the stream function and the event-jobs function are granted the same.
 */
import { Arn, ArnFormat, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { keys } from '../../lambdas/adapters/dynamodb/keys';
import { ENDPOINT_SECRET_NAME_PREFIX } from '../../lambdas/core/outgoing/endpoint';

export interface TaskActionGrants {
  readonly projectId: string;
  /** The sender of action mail (an SES identity's address); absent: notify actions fail saying so. */
  readonly mailFrom?: string;
  /** @default - the domain of `mailFrom` */
  readonly mailIdentity?: string;
  /** The control plane's table (ARN), where the project's outgoing endpoints are; absent: call actions fail saying so. */
  readonly controlPlaneTableArn?: string;
}

/** A literal ARN: its region and account name the endpoint secrets, and cdk-nag's finding about them. */
export function checkControlPlaneTableArn(arn: string | undefined): void {
  if (arn !== undefined && (Token.isUnresolved(arn) || !/^arn:[a-z-]+:dynamodb:[a-z0-9-]+:\d{12}:table\/.+$/.test(arn))) {
    throw new Error(`controlPlaneTableArn must be a DynamoDB table ARN written out, got ${arn}`);
  }
}

export function taskActionStatements(scope: IConstruct, grants: TaskActionGrants): iam.PolicyStatement[] {
  return [...mailStatements(Stack.of(scope), grants), ...endpointStatements(grants)];
}

/** SES SendEmail on the sender's identity, when a sender is configured. */
function mailStatements(stack: Stack, grants: TaskActionGrants): iam.PolicyStatement[] {
  if (!grants.mailFrom) return [];
  const identity = grants.mailIdentity ?? grants.mailFrom.slice(grants.mailFrom.lastIndexOf('@') + 1);
  return [new iam.PolicyStatement({ sid: 'SendMail', actions: ['ses:SendEmail'], resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })] })];
}

/** The endpoint reads: the project's own partition of the control plane's table, its own secrets. */
function endpointStatements(grants: TaskActionGrants): iam.PolicyStatement[] {
  const tableArn = grants.controlPlaneTableArn;
  if (!tableArn) return [];
  return [
    new iam.PolicyStatement({
      sid: 'ReadOwnEndpoints',
      actions: ['dynamodb:GetItem'],
      resources: [tableArn],
      // Items whose partition key is the project's (`PROJECT#<id>`, keys.ts): no other project's.
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.projectPartition(grants.projectId)] } },
    }),
    new iam.PolicyStatement({ sid: 'ReadOwnEndpointSecrets', actions: ['secretsmanager:GetSecretValue'], resources: [endpointSecretsArn(tableArn, grants.projectId)] }),
  ];
}

/** cdk-nag's finding on a role holding the endpoint secrets' statement, acknowledged with why it stands. */
export function acknowledgeEndpointSecrets(role: iam.IRole, grants: TaskActionGrants): void {
  if (!grants.controlPlaneTableArn) return;
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${endpointSecretsArn(grants.controlPlaneTableArn, grants.projectId)}]`,
    reason:
      "The secrets of this project's outgoing endpoints: the control plane names each bgs/endpoints/<projectId>/<endpoint>/<uuid>, a new name per change, so only the project's prefix is fixed.",
  });
}

/** `bgs/endpoints/<projectId>/*` in the control plane's partition, region and account (those of its table). */
function endpointSecretsArn(controlPlaneTableArn: string, projectId: string): string {
  const { partition, region, account } = Arn.split(controlPlaneTableArn, ArnFormat.SLASH_RESOURCE_NAME);
  return `arn:${partition}:secretsmanager:${region}:${account}:secret:${ENDPOINT_SECRET_NAME_PREFIX}${projectId}/*`;
}
