/**
 * Addresses of AWS endpoints come from the partition's DNS suffix (ENV.URL_SUFFIX), not a literal
 * `amazonaws.com` (issue 28 item 3): the project runtime's Cognito issuer and JWKS, and the S3
 * address of a project template, in aws (`amazonaws.com`) and aws-cn (`amazonaws.com.cn`).
 */
import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { S3TemplateStore } from '../../lambdas/adapters/s3/template-store';
import { parseRuntimeConfig } from '../../lambdas/project-runtime/runtime-config';
import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { ENV } from '../../lambdas/shared/env';

const runtimeEnv = {
  [ENV.PROJECT_ID]: 'p1',
  [ENV.PROJECT_TABLE_NAME]: 'project-p1',
  [ENV.PROJECT_BUCKET]: 'bgs-p1',
  [ENV.PROJECT_USER_POOL_ID]: 'cn-north-1_AbC123',
  [ENV.PROJECT_USER_POOL_CLIENT_ID]: 'client-1',
  [ENV.REGION]: 'cn-north-1',
  [ENV.URL_SUFFIX]: 'amazonaws.com.cn',
};

describe('project runtime configuration', () => {
  it('aws-cn: the issuer and JWKS of the pool are under amazonaws.com.cn', () => {
    expect(parseRuntimeConfig(runtimeEnv).identity).toMatchObject({
      issuer: 'https://cognito-idp.cn-north-1.amazonaws.com.cn/cn-north-1_AbC123',
      jwksUrl: 'https://cognito-idp.cn-north-1.amazonaws.com.cn/cn-north-1_AbC123/.well-known/jwks.json',
    });
  });

  it('aws: under amazonaws.com', () => {
    const env = { ...runtimeEnv, [ENV.REGION]: 'eu-west-1', [ENV.PROJECT_USER_POOL_ID]: 'eu-west-1_AbC123', [ENV.URL_SUFFIX]: 'amazonaws.com' };
    expect(parseRuntimeConfig(env).identity).toMatchObject({ issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123' });
  });

  it('fails loudly without the suffix, or with one that is no DNS suffix', () => {
    const { [ENV.URL_SUFFIX]: _suffix, ...withoutSuffix } = runtimeEnv;
    expect(() => parseRuntimeConfig(withoutSuffix)).toThrow(ENV.URL_SUFFIX);
    expect(() => parseRuntimeConfig({ ...runtimeEnv, [ENV.URL_SUFFIX]: 'https://amazonaws.com/' })).toThrow(ENV.URL_SUFFIX);
  });
});

describe('control plane: project templates for CloudFormation', () => {
  const s3 = mockClient(S3Client);
  beforeEach(() => s3.reset());

  it('aws-cn: the template address is the regional S3 endpoint under amazonaws.com.cn', async () => {
    s3.on(PutObjectCommand).resolves({});
    const store = new S3TemplateStore(new S3Client({ region: 'cn-northwest-1' }), 'bgs-artifacts', 'cn-northwest-1', 'amazonaws.com.cn');
    await expect(store.put('project-templates/p1/d1/template.json', { Resources: {} })).resolves.toBe(
      'https://bgs-artifacts.s3.cn-northwest-1.amazonaws.com.cn/project-templates/p1/d1/template.json',
    );
  });

  it('the deployment settings require the suffix (the stack sets it from Aws.URL_SUFFIX)', () => {
    const base = {
      [ENV.TABLE_NAME]: 't',
      [ENV.IDENTITY_MODE]: 'cognito',
      [ENV.USER_POOL_ID]: 'cn-north-1_abc',
      [ENV.USER_POOL_CLIENT_ID]: 'c',
      [ENV.TOKEN_ISSUER]: 'https://cognito-idp.cn-north-1.amazonaws.com.cn/cn-north-1_abc',
      [ENV.JWKS_URL]: 'https://cognito-idp.cn-north-1.amazonaws.com.cn/cn-north-1_abc/.well-known/jwks.json',
      [ENV.PUBLIC_URL]: 'https://api.example.cn',
      [ENV.REGION]: 'cn-north-1',
      [ENV.DEPLOYMENT_STATE_MACHINE_ARN]: 'arn:aws-cn:states:cn-north-1:123456789012:stateMachine:bgs-project-deployment',
      [ENV.PROJECT_SYNTH_FUNCTION]: 'bgs-synth',
      [ENV.ARTIFACT_BUCKET]: 'bgs-artifacts',
      [ENV.PROJECT_CODE]: JSON.stringify({ bucket: 'cdk-assets', keys: { runtime: 'a.zip' } }),
      [ENV.PROJECT_STACK_ROLE_ARN]: 'arn:aws-cn:iam::123456789012:role/bgs-project-stacks',
      [ENV.ACCOUNT_ID]: '123456789012',
    };
    expect(() => parseControlPlaneConfig(base)).toThrow(`${ENV.URL_SUFFIX}: required with ${ENV.DEPLOYMENT_STATE_MACHINE_ARN}`);
    expect(parseControlPlaneConfig({ ...base, [ENV.URL_SUFFIX]: 'amazonaws.com.cn' }).deployment?.urlSuffix).toBe('amazonaws.com.cn');
  });
});
