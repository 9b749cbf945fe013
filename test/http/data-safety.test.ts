/**
 * Data safety over HTTP (CONTRACT "POST /projects/{id}/validate" and "deploy", issue 24 "Data
 * safety"): the preview marks what loses stored records, a deploy or rollback with such changes
 * is refused with 409 DATA_LOSS naming them unless `allowDataLoss: true`, and what can be made
 * safe is (a new field's default back-filled and indexed, uniqueness claims written for the
 * values already stored) so the records stay in lists, filters and unique checks.
 */
import { callApi, signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { notesSpec } from '../support/notes-spec';
import { clientFor, joinProject } from '../support/project-api';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const V1 = notesSpec({ noteRows: '| title | string | yes | | | |\n| body | text | no | | | |' });
const V2 = notesSpec({ noteRows: '| title | string | yes | | | unique |\n| body | text | no | | | |\n| code | string | yes | | | |\n| priority | enum | no | medium | low, medium, high | |', label: true });

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

async function blueprintOf(token: string, projectId: string, content: string): Promise<string> {
  const applied = await service.request('POST', `/projects/${projectId}/spec/apply`, { token, body: { content } });
  expect(applied.status).toBe(201);
  const started = await service.request('POST', `/projects/${projectId}/spec/generate-blueprint`, { token });
  expect(started.status).toBe(202);
  const blueprintId = started.body.blueprint.id as string;
  const status = await poll(
    () => service.request('GET', `/blueprints/${blueprintId}/status`, { token }),
    (r) => r.body.status !== 'processing',
  );
  expect(status.body.status).toBe('completed');
  return blueprintId;
}

async function ended(token: string, deploymentId: string) {
  await service.idle();
  return (await service.request('GET', `/deployments/${deploymentId}`, { token })).body as { status: string; logs: { level: string; message: string }[] };
}

it('previews, refuses and then deploys a change that loses data; what can be made safe is', async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const project = await service.request('POST', '/projects', { token, body: { name: 'Notes', description: 'A notes app. A note has a title and a body.' } });
  const projectId = project.body.id as string;
  const first = await blueprintOf(token, projectId, V1);
  const deployed = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: { blueprintId: first } });
  expect((await ended(token, deployed.body.deployment.id)).status).toBe('succeeded');
  const firstDeployment = deployed.body.deployment.id as string;

  const api = clientFor(service, projectId, `${service.url}/apis/${projectId}`);
  const member = await joinProject(service, api);
  const created: string[] = [];
  for (const title of ['Same', 'Same', 'Other']) {
    const res = await api.request('POST', '/v1/notes', { token: member.accessToken, body: { title } });
    expect(res.status).toBe(201);
    created.push(res.body.id as string);
  }

  const second = await blueprintOf(token, projectId, V2);
  const preview = await service.request('POST', `/projects/${projectId}/validate`, { token, body: { blueprintId: second } });
  expect(preview.status).toBe(200);
  const records = (preview.body.changes as { logicalId: string; resourceType: string; destructive: boolean; reason?: string }[]).filter((c) => c.resourceType === 'BGS::Records');
  expect(records.map((c) => [c.logicalId, c.destructive])).toEqual([
    ['Note', false],
    ['Note.title', true],
    ['Note.code', true],
    ['Note.priority', false],
  ]);
  expect(records.find((c) => c.logicalId === 'Note.title')!.reason).toBe('Note.title becomes unique while 1 value is shared by more than one record');
  expect(preview.body.summary).toMatch(/; 2 changes lose data; 2 data steps keep existing records whole$/);

  const refused = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: { blueprintId: second } });
  expect([refused.status, refused.body.code]).toEqual([409, 'DATA_LOSS']);
  expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual(['Note.title', 'Note.code']);
  expect(refused.body.error).toMatch(/allowDataLoss: true/);
  // Nothing started: the project still runs the first blueprint.
  expect((await service.request('GET', `/projects/${projectId}`, { token })).body.activeDeploymentId).toBe(firstDeployment);
  const badFlag = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: { blueprintId: second, allowDataLoss: 'yes' } });
  expect([badFlag.status, badFlag.body.code]).toEqual([400, 'VALIDATION_ERROR']);

  const allowed = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: { blueprintId: second, allowDataLoss: true } });
  expect(allowed.status).toBe(202);
  expect(allowed.body.deployment.allowDataLoss).toBe(true);
  const run = await ended(token, allowed.body.deployment.id);
  expect(run.status).toBe('succeeded');
  const messages = run.logs.map((line) => `${line.level} ${line.message}`);
  expect(messages).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^warn Data loss allowed: Note\.code is new and required/),
      expect.stringMatching(/^info Note's indexes change: .*reindex done, 3 written$/),
      expect.stringMatching(/^info Note\.priority is new with the default "medium": .*backfill done, 3 written$/),
      expect.stringMatching(/^warn Note\.title becomes unique while 1 value is shared.*claim-unique done, 2 written, 1 left alone/),
    ]),
  );

  // The old records have the default and are found by the new filter.
  const filtered = await api.request('GET', '/v1/notes?priority=medium', { token: member.accessToken });
  expect(filtered.status).toBe(200);
  expect(filtered.body.items.map((n: { id: string }) => n.id).sort()).toEqual([...created].sort());
  // The stored values are claimed: a new note may not take them.
  for (const title of ['Same', 'Other']) {
    const taken = await api.request('POST', '/v1/notes', { token: member.accessToken, body: { title, code: 'x' } });
    expect([taken.status, taken.body.code]).toEqual([409, 'CONFLICT']);
  }
  expect((await api.request('POST', '/v1/notes', { token: member.accessToken, body: { title: 'Fresh', code: 'x' } })).status).toBe(201);

  // A Label is stored; rolling back to the first blueprint would drop the entity holding it.
  expect((await api.request('POST', '/v1/labels', { token: member.accessToken, body: { name: 'urgent' } })).status).toBe(201);
  const back = await service.request('POST', `/projects/${projectId}/rollback`, { token, body: { deploymentId: firstDeployment } });
  expect([back.status, back.body.code]).toEqual([409, 'DATA_LOSS']);
  expect(back.body.details).toEqual([{ path: 'Label', message: 'Label is removed while it holds 1 record: they stay in the table but no API serves them' }]);
  const backAllowed = await service.request('POST', `/projects/${projectId}/rollback`, { token, body: { deploymentId: firstDeployment, allowDataLoss: true } });
  expect(backAllowed.status).toBe(202);
  const rolledBack = await ended(token, backAllowed.body.deployment.id);
  expect(rolledBack.status).toBe('succeeded');
  expect(rolledBack.logs.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringMatching(/Note\.title is no longer unique: .*release-unique done, 3 written/)]));
  // Not unique any more: the value may be shared again.
  expect((await api.request('POST', '/v1/notes', { token: member.accessToken, body: { title: 'Other' } })).status).toBe(201);
  expect((await callApi(service.url, 'GET', `/apis/${projectId}/v1/labels`, { token: member.accessToken })).status).toBe(404);
});

it('in a multi-tenant project, values are compared per organization: the same title in two organizations is no duplicate', async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const project = await service.request('POST', '/projects', { token, body: { name: 'Tenants', description: 'Notes per organization.' } });
  const projectId = project.body.id as string;
  const first = await blueprintOf(token, projectId, notesSpec({ noteRows: '| title | string | yes | | | |', tenancy: 'multi-tenant' }));
  const deployed = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: { blueprintId: first } });
  expect((await ended(token, deployed.body.deployment.id)).status).toBe('succeeded');
  const api = clientFor(service, projectId, `${service.url}/apis/${projectId}`);
  for (const orgName of ['Org A', 'Org B']) {
    const founder = await joinProject(service, api, { orgName });
    expect((await api.request('POST', '/v1/notes', { token: founder.accessToken, body: { title: 'Shared' } })).status).toBe(201);
  }
  const unique = await blueprintOf(token, projectId, notesSpec({ noteRows: '| title | string | yes | | | unique |', tenancy: 'multi-tenant' }));
  const preview = await service.request('POST', `/projects/${projectId}/validate`, { token, body: { blueprintId: unique } });
  const title = (preview.body.changes as { logicalId: string; destructive: boolean; reason: string }[]).find((c) => c.logicalId === 'Note.title')!;
  expect(title).toMatchObject({ destructive: false, reason: 'Note.title becomes unique: the deploy records the 2 values stored so later duplicates are refused' });
  const deploy = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: { blueprintId: unique } });
  expect(deploy.status).toBe(202);
  const run = await ended(token, deploy.body.deployment.id);
  expect(run.status).toBe('succeeded');
  expect(run.logs.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringMatching(/claim-unique done, 2 written$/)]));
});
