/**
 * Starts the local service in-process for an HTTP test file: a temp data directory, a free
 * loopback port, the run's shared DynamoDB Local with tables of its own, and a small client.
 */
import type { ProjectApiSetup } from '../../lambdas/project-runtime/composition-root';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lambdas/core/clock';
import { AUTH_RATE_CATEGORIES, type IrAuthRateLimits } from '../../lambdas/core/blueprint/ir';
import type { ProjectDeployer } from '../../lambdas/ports/project-deployer';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../local/local-service';
import { dropTestTables, testCredentialsFile, testDynamoEndpoint } from './dynamo';
import { loopbackOnlySender } from './loopback-sender';

export interface TestService extends LocalService {
  readonly dataDir: string;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/** Every auth rate-limit category of every project raised far beyond what a test does. */
export const GENEROUS_PROJECT_AUTH_RATE_LIMITS: IrAuthRateLimits = Object.fromEntries(AUTH_RATE_CATEGORIES.map((category) => [category, [{ limit: 1_000_000, windowSeconds: 60 }]]));

export async function startTestService(
  options: { clock?: Clock; rateLimits?: string; autoConfirm?: boolean; handlerEnv?: Record<string, string>; deployer?: ProjectDeployer | null; projectAuthRateLimits?: IrAuthRateLimits | null; publicUrl?: string; stagingSweepIntervalMs?: number; projectSetup?: (projectId: string) => ProjectApiSetup; onDynamoClient?: LocalServiceOptions['onDynamoClient'] } = {},
): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-test-'));
  const tablePrefix = `t${randomBytes(4).toString('hex')}-`;
  const service = await startLocalService({
    dataDir,
    port: 0,
    dynamoEndpoint: testDynamoEndpoint(),
    credentialsFile: testCredentialsFile(),
    tablePrefix,
    rateLimits: options.rateLimits ?? 'auth=10000,project=10000,generation=10000,deployment=10000',
    // Tests of other things sign many people up from one address; null: each blueprint's own limits.
    ...(options.projectAuthRateLimits === null ? {} : { projectAuthRateLimits: options.projectAuthRateLimits ?? GENEROUS_PROJECT_AUTH_RATE_LIMITS }),
    autoConfirm: options.autoConfirm,
    clock: options.clock,
    handlerEnv: options.handlerEnv,
    deployer: options.deployer,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.stagingSweepIntervalMs !== undefined ? { stagingSweepIntervalMs: options.stagingSweepIntervalMs } : {}),
    ...(options.projectSetup ? { projectSetup: options.projectSetup } : {}),
    ...(options.onDynamoClient ? { onDynamoClient: options.onDynamoClient } : {}),
    outgoingSender: loopbackOnlySender(options.clock),
  });
  return {
    ...service,
    dataDir,
    request: (method, path, opts) => callApi(service.url, method, path, opts),
    stop: async () => {
      await service.stop();
      await dropTestTables(tablePrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function callApi(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

let counter = 0;
/** A unique, valid account for a test. */
export function newAccount(label = 'user'): { email: string; password: string } {
  counter += 1;
  return { email: `${label}-${counter}-${randomBytes(3).toString('hex')}@example.com`, password: 'Correct-Horse-9' };
}

/** Signs up (auto-confirmed locally) and logs in; returns the tokens. */
export async function signUpAndLogin(service: TestService, account = newAccount()) {
  const signup = await service.request('POST', '/auth/signup', { body: account });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const login = await service.request('POST', '/auth/login', { body: account });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { ...account, userId: signup.body.userId as string, ...(login.body as { accessToken: string; refreshToken: string; idToken: string }) };
}
