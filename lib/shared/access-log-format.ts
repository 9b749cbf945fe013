/**
 * The access logs of every BGS HTTP API stage: one JSON object per request (cdk-nag APIG1 and
 * log queries both want structured lines), written to a log group named under /aws/vendedlogs/
 * (log-group-names.ts says why), so a fleet of project APIs does not fill the account's
 * CloudWatch Logs resource policy.
 */
import type { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { vendedLogGroupName } from './log-group-names';

export const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    responseLength: '$context.responseLength',
    userAgent: '$context.identity.userAgent',
    requestTime: '$context.requestTime',
  }),
);

export interface StageAccessLogs {
  /** The stage's access log group (construct id `AccessLogs` in the scope given: its logical id does not move). */
  readonly logGroup: logs.LogGroup;
  /** The stage's `accessLogSettings`: that group, in ACCESS_LOG_FORMAT. */
  readonly settings: apigw.IAccessLogSettings;
}

/** The access log group of an HTTP API stage, and the stage's settings pointing at it. */
export function stageAccessLogs(scope: Construct, props: { readonly retention: logs.RetentionDays; readonly removalPolicy: RemovalPolicy }): StageAccessLogs {
  const logGroup = new logs.LogGroup(scope, 'AccessLogs', { logGroupName: vendedLogGroupName(scope, 'api-access'), retention: props.retention, removalPolicy: props.removalPolicy });
  return { logGroup, settings: { destination: new apigw.LogGroupLogDestination(logGroup), format: ACCESS_LOG_FORMAT } };
}
