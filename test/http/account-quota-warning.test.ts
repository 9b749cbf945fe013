/**
 * A deploy, a rollback and a preview warn as the account nears a quota its deployed projects use
 * up (lambdas/core/deploy/account-quotas.ts): counted through the deployments store (each
 * project's stack counts from its deploy's success to its destroy), against the figures the
 * service is configured with (ENV.ACCOUNT_QUOTAS, given to the handlers as on AWS). Here the
 * account may hold 2 HTTP APIs, so the second project reaches 100% and the first alone stays
 * at 50%, under the 80% a warning starts at. The deployer is the port's test double.
 */
import { DeploymentPreview, DeploymentStarted, GenerationStarted } from '../../lambdas/control-plane/schemas';
import { ACCOUNT_QUOTA_WARNING_CODE } from '../../lambdas/core/deploy/account-quotas';
import { ENV } from '../../lambdas/shared/env';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { TestDeployer } from '../support/test-deployer';
import { until } from '../support/until';

type User = Awaited<ReturnType<typeof signUpAndLogin>>;

/** `read` again until `done` says its answer is the one waited for. */
const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> =>
  until(what, async () => {
    const value = await read();
    return done(value) ? value : undefined;
  }, 10_000, 25);

describe('account quota warnings', () => {
  const deployer = new TestDeployer();
  let svc: TestService;
  let user: User;

  beforeAll(async () => {
    svc = await startTestService({ deployer, handlerEnv: { [ENV.ACCOUNT_QUOTAS]: 'httpApis=2' } });
    user = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());

  const call = (method: string, path: string, body?: unknown) => svc.request(method, path, { token: user.accessToken, body });

  async function projectWithBlueprint(name: string): Promise<string> {
    const created = await call('POST', '/projects', { name, description: 'A blog. Posts have a title.' });
    expect(created.status).toBe(201);
    const projectId = created.body.id as string;
    const started = GenerationStarted.parse((await call('POST', `/projects/${projectId}/spec/generate-blueprint`)).body);
    const done = await waitFor(() => call('GET', started.statusUrl), (res) => res.body.status !== 'processing', 'the generation');
    expect(done.body.status).toBe('completed');
    return projectId;
  }

  async function deploy(projectId: string, path: 'deploy' | 'rollback' = 'deploy'): Promise<ReturnType<typeof DeploymentStarted.parse>> {
    const res = await call('POST', `/projects/${projectId}/${path}`, {});
    expect(res.status).toBe(202);
    const started = DeploymentStarted.parse(res.body);
    const end = await waitFor(() => call('GET', `/deployments/${started.deployment.id}`), (r) => !['pending', 'in_progress'].includes(r.body.status), 'the deployment');
    expect(end.body.status).toBe('succeeded');
    return started;
  }

  const preview = async (projectId: string): Promise<ReturnType<typeof DeploymentPreview.parse>> => {
    const res = await call('POST', `/projects/${projectId}/validate`, {});
    expect(res.status).toBe(200);
    return DeploymentPreview.parse(res.body);
  };

  it('say nothing below 80%, warn in the deploy and preview answers from there on, and count a destroyed project out again', async () => {
    const first = await projectWithBlueprint('First');
    // 1 of 2 HTTP APIs once it is deployed: 50%, no warnings field at all.
    expect(await preview(first)).not.toHaveProperty('warnings');
    const firstDeploy = await deploy(first);
    expect(firstDeploy).not.toHaveProperty('warnings');
    // Deployed already, it adds nothing to the count: still 1 of 2.
    expect(await preview(first)).not.toHaveProperty('warnings');

    const second = await projectWithBlueprint('Second');
    const expected = { code: ACCOUNT_QUOTA_WARNING_CODE, quota: 'httpApis', used: 2, limit: 2, message: expect.stringContaining('API Gateway regional APIs: 2 deployed projects take 2 of') };
    const warned = await preview(second);
    expect(warned.warnings).toEqual([expected]);
    expect(warned.warnings![0]!.message).toContain('the quota is reached');
    const secondDeploy = await deploy(second);
    expect(secondDeploy.warnings).toEqual([expected]);
    // A rollback deploys too: both projects counted, it warns as well.
    await deploy(second);
    expect((await deploy(second, 'rollback')).warnings).toEqual([expected]);

    // The first one's stack destroyed: 1 of 2 again, and the first one's own deploy would make it 2.
    const destroyed = await call('DELETE', `/projects/${first}/stack`, {});
    expect(destroyed.status).toBe(202);
    expect(destroyed.body).not.toHaveProperty('warnings');
    await waitFor(() => call('GET', `/deployments/${destroyed.body.deployment.id as string}`), (r) => r.body.status === 'destroyed', 'the destroy');
    expect(await preview(second)).not.toHaveProperty('warnings');
    expect((await preview(first)).warnings).toEqual([expected]);
  });
});
