/**
 * `POST /projects/{id}/validate`: the dry run of a deploy. The local deployer synthesizes the
 * project's stack (lib/project, what a deploy to AWS creates) for the blueprint and for the
 * deployed one and answers the difference, resource by resource. Nothing is deployed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoutes } from '../../lambdas/core/blueprint/project-routes';
import { describeAndDeploy } from '../support/deploy-flow';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const description = readFileSync(join(__dirname, '..', 'fixtures', 'examples', '01-task-tracker.md'), 'utf8').split('\n## ')[0]!;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

async function waitForBlueprint(token: string, blueprintId: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const res = await service.request('GET', `/blueprints/${blueprintId}/status`, { token });
    if (res.body.status === 'completed') return;
    if (res.body.status === 'failed') throw new Error(res.text);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('generation did not finish');
}

it('previews a first deploy, then no change, then the change a new blueprint brings; deploys nothing', async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const created = await service.request('POST', '/projects', { token, body: { name: 'Preview', description } });
  const projectId = created.body.id as string;
  const notReady = await service.request('POST', `/projects/${projectId}/validate`, { token });
  expect([notReady.status, notReady.body.code]).toEqual([409, 'NOT_READY']);

  const started = await service.request('POST', `/projects/${projectId}/spec/generate-blueprint`, { token });
  const blueprintId = started.body.blueprint.id as string;
  await waitForBlueprint(token, blueprintId);
  const first = await service.request('POST', `/projects/${projectId}/validate`, { token, body: {} });
  expect(first.status).toBe(200);
  expect(first.body.blueprintId).toBe(blueprintId);
  expect(first.body.summary).toMatch(/^First deployment: \d+ to add, 0 to modify, 0 to remove$/);
  const types = (first.body.changes as { action: string; resourceType: string }[]).map((c) => c.resourceType);
  expect(first.body.changes.every((c: { action: string }) => c.action === 'add')).toBe(true);
  for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool', 'AWS::Lambda::Function', 'AWS::ApiGatewayV2::Api']) expect(types).toContain(type);
  const blueprint = await service.request('GET', `/blueprints/${blueprintId}`, { token });
  // One API route per manifest route, and the catch-all.
  expect(types.filter((t) => t === 'AWS::ApiGatewayV2::Route')).toHaveLength(projectRoutes(blueprint.body.ir).length + 1);
  // Nothing was deployed.
  expect((await service.request('GET', `/projects/${projectId}`, { token })).body.activeDeploymentId).toBeNull();

  const deploy = await service.request('POST', `/projects/${projectId}/deploy`, { token });
  expect(deploy.status).toBe(202);
  await service.idle();
  const same = await service.request('POST', `/projects/${projectId}/validate`, { token });
  expect(same.body).toEqual({ blueprintId, changes: [], summary: 'No changes: the deployed project already matches this blueprint' });

  // A new blueprint with another entity: its routes are added, the shared resources modified.
  const next = await service.request('POST', `/projects/${projectId}/blueprints`, { token, body: { prompt: 'Add a Comment entity: a comment belongs to a task and has a body and an author.' } });
  expect(next.status).toBe(202);
  await waitForBlueprint(token, next.body.blueprint.id);
  const changed = await service.request('POST', `/projects/${projectId}/validate`, { token, body: { blueprintId: next.body.blueprint.id } });
  expect(changed.status).toBe(200);
  const adds = (changed.body.changes as { action: string; logicalId: string; resourceType: string }[]).filter((c) => c.action === 'add');
  expect(adds.length).toBeGreaterThan(0);
  expect(adds.every((c) => c.resourceType === 'AWS::ApiGatewayV2::Route')).toBe(true);
  // The runtime serves the new blueprint: its function and the stored blueprint change.
  const modified = (changed.body.changes as { action: string; resourceType: string }[]).filter((c) => c.action === 'modify').map((c) => c.resourceType);
  expect(modified).toEqual(expect.arrayContaining(['AWS::Lambda::Function', 'Custom::BgsDeployedBlueprint']));
  expect(changed.body.summary).toMatch(/^\d+ to add, \d+ to modify, 0 to remove$/);
});

it('refuses what a deploy refuses, and answers 503 without a deployer', async () => {
  const owner = await signUpAndLogin(service);
  const stranger = await signUpAndLogin(service);
  const deployed = await describeAndDeploy(service.url, owner.accessToken, 'Mine', description);
  expect((await service.request('POST', `/projects/${deployed.projectId}/validate`, { token: stranger.accessToken })).status).toBe(404);
  expect((await service.request('POST', `/projects/${deployed.projectId}/validate`, { token: owner.accessToken, body: { blueprintId: 'nope' } })).status).toBe(404);
  const unknown = await service.request('POST', `/projects/${deployed.projectId}/validate`, { token: owner.accessToken, body: { dryRun: true } });
  expect([unknown.status, unknown.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect((await service.request('POST', `/projects/${deployed.projectId}/validate`)).status).toBe(401);
  // An archived project stays readable, and a preview writes nothing (a deployed project is archived once its stack is destroyed).
  const destroy = await service.request('DELETE', `/projects/${deployed.projectId}/stack`, { token: owner.accessToken });
  expect(destroy.status).toBe(202);
  await service.idle();
  expect((await service.request('DELETE', `/projects/${deployed.projectId}`, { token: owner.accessToken })).status).toBe(200);
  expect((await service.request('POST', `/projects/${deployed.projectId}/validate`, { token: owner.accessToken })).status).toBe(200);

  const bare = await startTestService({ deployer: null });
  try {
    const user = await signUpAndLogin(bare);
    const project = await bare.request('POST', '/projects', { token: user.accessToken, body: { name: 'X', description } });
    const res = await bare.request('POST', `/projects/${project.body.id}/validate`, { token: user.accessToken });
    expect([res.status, res.body.code]).toEqual([503, 'DEPLOYER_UNAVAILABLE']);
  } finally {
    await bare.stop();
  }
});
