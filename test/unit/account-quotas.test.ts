/**
 * The account quotas a fleet of project stacks uses up (lambdas/core/deploy/account-quotas.ts):
 * the operator's figures parsed once and refused loudly when malformed, and the warnings a
 * deploy or preview answers with from 80% of a quota on.
 */
import {
  ACCOUNT_QUOTA_NAMES,
  ACCOUNT_QUOTAS,
  DEFAULT_ACCOUNT_QUOTAS,
  PROJECT_STACK_IAM_ROLES,
  QUOTA_WARNING_SHARE,
  accountQuotaWarnings,
  parseAccountQuotas,
} from '../../lambdas/core/deploy/account-quotas';
import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { ENV } from '../../lambdas/shared/env';

describe('the quota figures', () => {
  it("default to AWS's, and a setting replaces only the quotas it names", () => {
    expect(DEFAULT_ACCOUNT_QUOTAS).toEqual({ iamRoles: 1000, httpApis: 600, userPools: 1000, stacks: 2000, tables: 2500, buckets: 10_000 });
    expect(parseAccountQuotas(undefined)).toEqual(DEFAULT_ACCOUNT_QUOTAS);
    expect(parseAccountQuotas('  ')).toEqual(DEFAULT_ACCOUNT_QUOTAS);
    expect(parseAccountQuotas('iamRoles=5000, httpApis = 1200')).toEqual({ ...DEFAULT_ACCOUNT_QUOTAS, iamRoles: 5000, httpApis: 1200 });
  });

  it('refuse an unknown quota, a number that is not a positive whole one, and stray text, naming what is accepted', () => {
    for (const text of ['roles=10', 'iamRoles=0', 'iamRoles=-5', 'iamRoles=1.5', 'iamRoles=', 'iamRoles', 'iamRoles=10=20', 'iamRoles=10,,']) {
      expect(() => parseAccountQuotas(text)).toThrow(`expected <${ACCOUNT_QUOTA_NAMES.join('|')}>=<positive whole number>`);
    }
  });

  it('are read once with the rest of the configuration, which fails to start on a malformed one', () => {
    const env = {
      [ENV.TABLE_NAME]: 'bgs',
      [ENV.IDENTITY_MODE]: 'cognito',
      [ENV.USER_POOL_ID]: 'us-east-1_abc',
      [ENV.USER_POOL_CLIENT_ID]: 'client',
      [ENV.TOKEN_ISSUER]: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc',
      [ENV.JWKS_URL]: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc/.well-known/jwks.json',
      [ENV.PUBLIC_URL]: 'https://api.example.com',
    };
    expect(parseControlPlaneConfig(env).accountQuotas).toEqual(DEFAULT_ACCOUNT_QUOTAS);
    expect(parseControlPlaneConfig({ ...env, [ENV.ACCOUNT_QUOTAS]: 'userPools=4000' }).accountQuotas.userPools).toBe(4000);
    expect(() => parseControlPlaneConfig({ ...env, [ENV.ACCOUNT_QUOTAS]: 'userpools=4000' })).toThrow(`Invalid control-plane configuration: ${ENV.ACCOUNT_QUOTAS}: Invalid account quota "userpools=4000"`);
  });
});

describe('the warnings', () => {
  const quotas = DEFAULT_ACCOUNT_QUOTAS;
  // IAM roles are the first quota a fleet meets: 5 a project against 1,000 for the account.
  const rolesWarnAt = Math.ceil((quotas.iamRoles * QUOTA_WARNING_SHARE) / PROJECT_STACK_IAM_ROLES);

  it('say nothing below 80% of every quota', () => {
    expect(accountQuotaWarnings(0, quotas)).toEqual([]);
    expect(accountQuotaWarnings(rolesWarnAt - 1, quotas)).toEqual([]);
  });

  it('warn from 80% of a quota on, with what is used of what, and how to get more', () => {
    expect(rolesWarnAt).toBe(160);
    const [warning, ...others] = accountQuotaWarnings(rolesWarnAt, quotas);
    expect(others).toEqual([]);
    expect(warning).toEqual({ code: 'ACCOUNT_QUOTA_NEAR', quota: 'iamRoles', used: 800, limit: 1000, message: expect.any(String) });
    expect(warning!.message).toContain("IAM roles: 160 deployed projects take 800 of the account's 1000 (5 each; 80% in use)");
    expect(warning!.message).toContain(ACCOUNT_QUOTAS.iamRoles.raise);
    expect(warning!.message).toContain('-c bgs:accountQuotas=iamRoles=<new value>');
  });

  it('say when a quota is reached, and warn about each quota near its figure', () => {
    const warnings = accountQuotaWarnings(200, { ...quotas, httpApis: 240 });
    expect(warnings.map((w) => [w.quota, w.used, w.limit])).toEqual([
      ['iamRoles', 1000, 1000],
      ['httpApis', 200, 240],
    ]);
    expect(warnings[0]!.message).toContain('the quota is reached: creating another project stack will fail');
    expect(warnings[1]!.message).toContain("API Gateway regional APIs: 200 deployed projects take 200 of the region's 240 (1 each; 83% in use)");
  });

  it('follow the configured figures: a raised quota is quiet again', () => {
    expect(accountQuotaWarnings(200, { ...quotas, iamRoles: 5000 })).toEqual([]);
  });
});
