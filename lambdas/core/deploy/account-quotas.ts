/**
 * The AWS quotas a fleet of project stacks uses up, and the warning a deploy or its preview
 * answers with as the account nears one (ARCHITECTURE "Account quotas and a fleet of projects").
 *
 * Each project stack takes a fixed amount of each quota below, whatever its blueprint (a
 * blueprint with workflows or scheduled jobs takes two more IAM roles each: the figures here are
 * the floor every project takes; test/cdk/log-groups-and-tags.test.ts counts them in a
 * synthesized stack). The figures the warning compares with are the operator's: AWS's defaults
 * unless `-c bgs:accountQuotas=iamRoles=5000,…` (ENV.ACCOUNT_QUOTAS) says what the account has
 * been granted, or what share of it BGS's projects may use.
 */

/** A quota a project stack takes from, with AWS's default value. */
export interface AccountQuota {
  /** What is counted, as AWS's quota pages name it. */
  readonly label: string;
  /** `account`: one figure for every region (IAM); `region`: per region, counted here over the whole account (an overestimate when projects spread over regions). */
  readonly scope: 'account' | 'region';
  /** AWS's default value (a new account's). */
  readonly awsDefault: number;
  /** How much one project stack takes. */
  readonly perProject: number;
  /** Where to ask for more. */
  readonly raise: string;
}

/**
 * IAM roles of a project stack without workflows or scheduled jobs: the runtime's, the pre-token
 * trigger's, the blueprint provider's, the stream function's and the event-jobs function's.
 */
export const PROJECT_STACK_IAM_ROLES = 5;

export const ACCOUNT_QUOTAS = {
  iamRoles: { label: 'IAM roles', scope: 'account', awsDefault: 1000, perProject: PROJECT_STACK_IAM_ROLES, raise: 'Service Quotas, IAM "Roles per account" (up to 5,000)' },
  httpApis: { label: 'API Gateway regional APIs', scope: 'region', awsDefault: 600, perProject: 1, raise: 'Service Quotas, API Gateway "Regional APIs per Region"' },
  userPools: { label: 'Cognito user pools', scope: 'region', awsDefault: 1000, perProject: 1, raise: 'Service Quotas, Amazon Cognito user pools "User pools per Region"' },
  stacks: { label: 'CloudFormation stacks', scope: 'region', awsDefault: 2000, perProject: 1, raise: 'Service Quotas, CloudFormation "Stack count"' },
  tables: { label: 'DynamoDB tables', scope: 'region', awsDefault: 2500, perProject: 1, raise: 'Service Quotas, DynamoDB "Maximum number of tables"' },
  buckets: { label: 'S3 general purpose buckets', scope: 'account', awsDefault: 10_000, perProject: 1, raise: 'Service Quotas, Amazon S3 "General purpose buckets"' },
} as const satisfies Record<string, AccountQuota>;

export type AccountQuotaName = keyof typeof ACCOUNT_QUOTAS;
export const ACCOUNT_QUOTA_NAMES = Object.keys(ACCOUNT_QUOTAS) as [AccountQuotaName, ...AccountQuotaName[]];

/** The figures a deploy's usage is compared with: each quota's value in this account. */
export type AccountQuotas = Readonly<Record<AccountQuotaName, number>>;

export const DEFAULT_ACCOUNT_QUOTAS: AccountQuotas = Object.fromEntries(ACCOUNT_QUOTA_NAMES.map((name) => [name, ACCOUNT_QUOTAS[name].awsDefault])) as Record<AccountQuotaName, number>;

/** A deploy warns once the projects would use this share of a quota or more. */
export const QUOTA_WARNING_SHARE = 0.8;

export const ACCOUNT_QUOTA_WARNING_CODE = 'ACCOUNT_QUOTA_NEAR';

/** One entry of a deploy's or preview's `warnings`. */
export interface AccountQuotaWarning {
  readonly code: typeof ACCOUNT_QUOTA_WARNING_CODE;
  readonly quota: AccountQuotaName;
  /** What the deployed projects take, this one included. */
  readonly used: number;
  /** The quota's figure (configured, or AWS's default). */
  readonly limit: number;
  readonly message: string;
}

/**
 * Parses `iamRoles=5000,httpApis=600` (unnamed quotas keep AWS's default); throws on an unknown
 * name or anything but a positive whole number, naming what is accepted.
 */
export function parseAccountQuotas(text: string | undefined): AccountQuotas {
  const quotas: Record<string, number> = { ...DEFAULT_ACCOUNT_QUOTAS };
  if (!text || text.trim() === '') return quotas as AccountQuotas;
  for (const part of text.split(',')) {
    const [name, value, extra] = part.split('=').map((s) => s.trim());
    if (!name || !(name in ACCOUNT_QUOTAS) || !value || extra !== undefined || !/^\d+$/.test(value) || Number(value) < 1) {
      throw new Error(`Invalid account quota "${part}": expected <${ACCOUNT_QUOTA_NAMES.join('|')}>=<positive whole number>`);
    }
    quotas[name] = Number(value);
  }
  return quotas as AccountQuotas;
}

/**
 * The warnings for an account where `projects` project stacks are deployed (the one being
 * deployed included): one per quota they would use QUOTA_WARNING_SHARE of, or more.
 */
export function accountQuotaWarnings(projects: number, quotas: AccountQuotas): AccountQuotaWarning[] {
  return ACCOUNT_QUOTA_NAMES.flatMap((name) => {
    const quota: AccountQuota = ACCOUNT_QUOTAS[name];
    const used = projects * quota.perProject;
    const limit = quotas[name];
    if (used < limit * QUOTA_WARNING_SHARE) return [];
    const where = quota.scope === 'account' ? "the account's" : "the region's";
    const state = used >= limit ? 'the quota is reached: creating another project stack will fail' : `${Math.round((used / limit) * 100)}% in use`;
    const message =
      `${quota.label}: ${projects} deployed projects take ${used} of ${where} ${limit} (${quota.perProject} each; ${state}). ` +
      `Raise it (${quota.raise}) and set -c bgs:accountQuotas=${name}=<new value>, or deploy further projects from a control plane in another account or region (README "Account quotas").`;
    return [{ code: ACCOUNT_QUOTA_WARNING_CODE, quota: name, used, limit, message }];
  });
}
