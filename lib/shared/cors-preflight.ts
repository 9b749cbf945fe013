/** A CORS policy (lambdas/shared/cors.ts, which the local servers answer with too) as API Gateway's corsPreflight. */
import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type { CorsPolicy } from '../../lambdas/shared/cors';

export function corsPreflightOf(policy: CorsPolicy | null): apigw.CorsPreflightOptions | undefined {
  if (!policy) return undefined;
  return {
    allowOrigins: [...policy.allowOrigins],
    allowHeaders: [...policy.allowHeaders],
    allowMethods: policy.allowMethods.map((method) => apigw.CorsHttpMethod[method as keyof typeof apigw.CorsHttpMethod]),
    exposeHeaders: [...policy.exposeHeaders],
    maxAge: Duration.seconds(policy.maxAgeSeconds),
  };
}
