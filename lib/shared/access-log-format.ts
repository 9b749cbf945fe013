/** The access log line of every BGS HTTP API stage: one JSON object per request (cdk-nag APIG1 and log queries both want structured lines). */
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

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
