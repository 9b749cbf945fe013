import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { ENV } from '../../lambdas/shared/env';

const cognitoEnv = {
  [ENV.TABLE_NAME]: 'bgs-control-plane',
  [ENV.IDENTITY_MODE]: 'cognito',
  [ENV.USER_POOL_ID]: 'us-east-1_abc',
  [ENV.USER_POOL_CLIENT_ID]: 'client123',
  [ENV.TOKEN_ISSUER]: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc',
  [ENV.JWKS_URL]: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc/.well-known/jwks.json',
  [ENV.PUBLIC_URL]: 'https://abc123.execute-api.us-east-1.amazonaws.com/',
  [ENV.REGION]: 'us-east-1',
};

describe('control-plane configuration', () => {
  it('parses the environment the CDK construct sets', () => {
    const config = parseControlPlaneConfig(cognitoEnv);
    expect(config).toMatchObject({
      tableName: 'bgs-control-plane',
      identity: { mode: 'cognito', userPoolId: 'us-east-1_abc', clientId: 'client123' },
      rateLimits: { auth: 10, project: 100, generation: 10, deployment: 5 },
      dynamoEndpoint: undefined,
      publicUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com',
    });
  });

  it('fails loudly, naming every problem', () => {
    expect(() => parseControlPlaneConfig({ ...cognitoEnv, [ENV.TABLE_NAME]: '', [ENV.JWKS_URL]: 'not a url' })).toThrow(
      new RegExp(`${ENV.TABLE_NAME}.*${ENV.JWKS_URL}|${ENV.JWKS_URL}.*${ENV.TABLE_NAME}`),
    );
    expect(() => parseControlPlaneConfig({ ...cognitoEnv, [ENV.IDENTITY_MODE]: 'local' })).toThrow(ENV.LOCAL_IDENTITY_KEYS_FILE);
    expect(() => parseControlPlaneConfig({ ...cognitoEnv, [ENV.RATE_LIMITS]: 'auth=zero' })).toThrow(ENV.RATE_LIMITS);
    // Addresses in answers never come from request headers, so the public one must be configured.
    const { [ENV.PUBLIC_URL]: _publicUrl, ...withoutPublicUrl } = cognitoEnv;
    expect(() => parseControlPlaneConfig(withoutPublicUrl)).toThrow(ENV.PUBLIC_URL);
    expect(() => parseControlPlaneConfig({ ...cognitoEnv, [ENV.PUBLIC_URL]: 'ftp://example.com' })).toThrow(ENV.PUBLIC_URL);
  });

  it('reads the deployment settings together, or none: without them the local runner deploys', () => {
    expect(parseControlPlaneConfig(cognitoEnv).deployment).toBeUndefined();
    const deployment = {
      [ENV.DEPLOYMENT_STATE_MACHINE_ARN]: 'arn:aws:states:us-east-1:123456789012:stateMachine:bgs-project-deployment',
      [ENV.DEPLOYMENT_STEP_FUNCTION]: 'bgs-deployment-step',
      [ENV.PROJECT_SYNTH_FUNCTION]: 'bgs-synth',
      [ENV.ARTIFACT_BUCKET]: 'bgs-artifacts',
      [ENV.PROJECT_CODE]: JSON.stringify({ bucket: 'cdk-assets', keys: { runtime: 'a.zip', 'pre-token-generation': 'b.zip', 'blueprint-provider': 'c.zip' } }),
      [ENV.PROJECT_STACK_ROLE_ARN]: 'arn:aws:iam::123456789012:role/bgs-project-stacks',
      [ENV.ACCOUNT_ID]: '123456789012',
      [ENV.URL_SUFFIX]: 'amazonaws.com',
    };
    expect(parseControlPlaneConfig({ ...cognitoEnv, ...deployment }).deployment).toEqual({
      stateMachineArn: deployment[ENV.DEPLOYMENT_STATE_MACHINE_ARN],
      stepFunctionName: 'bgs-deployment-step',
      synthFunctionName: 'bgs-synth',
      artifactBucket: 'bgs-artifacts',
      code: { bucket: 'cdk-assets', keys: { runtime: 'a.zip', 'pre-token-generation': 'b.zip', 'blueprint-provider': 'c.zip' } },
      // The project region defaults to the control plane's.
      projectRegion: 'us-east-1',
      stackRoleArn: 'arn:aws:iam::123456789012:role/bgs-project-stacks',
      accountId: '123456789012',
      urlSuffix: 'amazonaws.com',
    });
    expect(parseControlPlaneConfig({ ...cognitoEnv, ...deployment, [ENV.PROJECT_REGION]: 'eu-west-1' }).deployment?.projectRegion).toBe('eu-west-1');
    const { [ENV.ARTIFACT_BUCKET]: _bucket, ...withoutBucket } = deployment;
    expect(() => parseControlPlaneConfig({ ...cognitoEnv, ...withoutBucket })).toThrow(`${ENV.ARTIFACT_BUCKET}: required with ${ENV.DEPLOYMENT_STATE_MACHINE_ARN}`);
    expect(() => parseControlPlaneConfig({ ...cognitoEnv, ...deployment, [ENV.PROJECT_CODE]: '{"bucket":""}' })).toThrow(ENV.PROJECT_CODE);
  });
});
