/**
 * A client for generated project APIs served by a TestService: deploy a blueprint, sign users
 * up through the real flow (signup, the code from the local outbox, confirm, login), and call
 * the API with their tokens.
 */
import { randomBytes } from 'node:crypto';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { callApi, type ApiResponse, type RequestOptions, type TestService } from './local-service';

export interface ProjectApiClient {
  readonly projectId: string;
  readonly baseUrl: string;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
}

/** Deploys an IR straight through the local project host (tests of the runtime itself). */
export async function deployIr(service: TestService, ir: BlueprintIR, projectId = `p${randomBytes(6).toString('hex')}`): Promise<ProjectApiClient> {
  const result = await service.projects.deploy({
    projectId,
    deploymentId: `d-${randomBytes(4).toString('hex')}`,
    blueprintId: `b-${randomBytes(4).toString('hex')}`,
    ir: { ...ir, project: { ...ir.project, id: projectId } },
    allowDataLoss: false,
    log: async () => undefined,
  });
  return clientFor(service, projectId, `${service.url}${result.apiBaseUrl}`);
}

export function clientFor(service: TestService, projectId: string, baseUrl: string): ProjectApiClient {
  return { projectId, baseUrl, request: (method, path, options) => callApi(baseUrl, method, path, options) };
}

export interface ProjectUser {
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

let counter = 0;
export function newProjectAccount(label = 'user'): { email: string; password: string } {
  counter += 1;
  return { email: `${label}-${counter}-${randomBytes(3).toString('hex')}@example.org`, password: 'Str0ng-Passw0rd' };
}

/** The latest code mailed to `email` by this project (verification or reset; notices carry none). */
export async function latestCode(service: TestService, projectId: string, email: string): Promise<string> {
  const mail = await callApi(service.url, 'GET', `/_local/mail?to=${encodeURIComponent(email)}&project=${encodeURIComponent(projectId)}`);
  const code = (mail.body?.items as { code: string }[] | undefined)?.find((item) => item.code !== '')?.code;
  if (!code) throw new Error(`no mail for ${email} in project ${projectId}: ${mail.text}`);
  return code;
}

/** Signup (with orgName or inviteCode when given), confirm with the mailed code, login. */
export async function joinProject(
  service: TestService,
  api: ProjectApiClient,
  options: { orgName?: string; inviteCode?: string; account?: { email: string; password: string } } = {},
): Promise<ProjectUser> {
  const account = options.account ?? newProjectAccount();
  const signup = await api.request('POST', '/auth/signup', {
    body: { ...account, ...(options.orgName ? { orgName: options.orgName } : {}), ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}) },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const code = await latestCode(service, api.projectId, account.email);
  const confirm = await api.request('POST', '/auth/confirm', { body: { email: account.email, code } });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${confirm.text}`);
  return login(api, account, signup.body.userId as string);
}

export async function login(api: ProjectApiClient, account: { email: string; password: string }, userId: string): Promise<ProjectUser> {
  const res = await api.request('POST', '/auth/login', { body: account });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { ...account, userId, ...(res.body as { accessToken: string; refreshToken: string; idToken: string }) };
}

/** An admin invites a new user with a role; the user joins the admin's organization. */
export async function invite(service: TestService, api: ProjectApiClient, admin: ProjectUser, role: string): Promise<ProjectUser> {
  const account = newProjectAccount(role);
  const res = await api.request('POST', '/v1/invitations', { token: admin.accessToken, body: { email: account.email, role } });
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${res.text}`);
  return joinProject(service, api, { inviteCode: res.body.inviteCode as string, account });
}

/** New tokens for a user (after a role change). */
export async function refreshed(api: ProjectApiClient, user: ProjectUser): Promise<ProjectUser> {
  const res = await api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
  if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${res.text}`);
  return { ...user, accessToken: res.body.accessToken as string, idToken: res.body.idToken as string };
}
