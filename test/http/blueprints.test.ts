/** Blueprint generation through the local gateway: 202, polling, the IR, validation, failed generations, artifacts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import { Blueprint, GenerationStarted, GenerationStatus, ValidationReport } from '../../lambdas/control-plane/schemas';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const examples = join(__dirname, '..', 'fixtures', 'examples');
const text = (name: string) => readFileSync(join(examples, name), 'utf8');

describe('blueprints', () => {
  let svc: TestService;
  let user: Awaited<ReturnType<typeof signUpAndLogin>>;

  beforeAll(async () => {
    svc = await startTestService();
    user = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());

  const call = (method: string, path: string, body?: unknown) => svc.request(method, path, { token: user.accessToken, body });
  const newProject = async (name: string, description: string) => (await call('POST', '/projects', { name, description })).body.id as string;

  /** Polls the status until the generation ends; checks progress never decreases. */
  async function waitForGeneration(projectId: string, blueprintId: string) {
    let last = -1;
    for (let i = 0; i < 200; i++) {
      const res = await call('GET', `/projects/${projectId}/spec/generation-status/${blueprintId}`);
      expect(res.status).toBe(200);
      const status = GenerationStatus.parse(res.body);
      expect(status.progress).toBeGreaterThanOrEqual(last);
      last = status.progress;
      if (status.status !== 'processing') return status;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('generation did not finish');
  }

  it('generates a blueprint asynchronously from the saved spec', async () => {
    const projectId = await newProject('Task tracker', text('01-task-tracker.md'));
    const res = await call('POST', `/projects/${projectId}/spec/generate-blueprint`);
    expect(res.status).toBe(202);
    const started = GenerationStarted.parse(res.body);
    expect(started).toMatchObject({ specVersion: 1, blueprint: { projectId, status: 'processing' }, statusUrl: `/blueprints/${started.blueprint.id}/status` });

    const done = await waitForGeneration(projectId, started.blueprint.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect((await call('GET', started.statusUrl)).body).toEqual(done);

    const blueprint = Blueprint.parse((await call('GET', `/blueprints/${started.blueprint.id}`)).body);
    expect(blueprint.ir).toMatchObject({ specVersion: 1, tenancy: { mode: 'multi' } });
    expect((blueprint.ir as { entities: { collection: string }[] }).entities.map((e) => e.collection).sort()).toEqual(['projects', 'tasks']);
    expect(blueprint.validation?.valid).toBe(true);
    expect((await call('GET', `/projects/${projectId}`)).body.latestBlueprintId).toBe(started.blueprint.id);

    const report = await call('POST', `/blueprints/${started.blueprint.id}/validate`);
    expect(report.status).toBe(200);
    expect(ValidationReport.parse(report.body).valid).toBe(true);
    expect((await call('GET', `/blueprints/${started.blueprint.id}/validation-report`)).body).toEqual(report.body);
  });

  it('serves the OpenAPI (JSON and YAML) and the design doc once a blueprint exists (409 NOT_READY before)', async () => {
    const projectId = await newProject('Recipes', text('02-recipe-blog.md'));
    const early = await call('GET', `/projects/${projectId}/artifacts/openapi`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('NOT_READY');

    const started = GenerationStarted.parse((await call('POST', `/projects/${projectId}/spec/generate-blueprint`)).body);
    await waitForGeneration(projectId, started.blueprint.id);

    const json = await call('GET', `/projects/${projectId}/artifacts/openapi`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    expect(json.body.servers).toEqual([{ url: `${svc.url}/apis/${projectId}` }]);
    await expect(SwaggerParser.validate(structuredClone(json.body))).resolves.toBeTruthy();
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/v1/recipes', '/v1/recipes/{id}', '/v1/comments']));

    for (const path of [`/projects/${projectId}/artifacts/openapi?format=yaml`, `/projects/${projectId}/artifacts/openapi.yaml`]) {
      const yaml = await call('GET', path);
      expect(yaml.status).toBe(200);
      expect(yaml.headers.get('content-type')).toMatch(/yaml/);
      expect(parseYaml(yaml.text, { version: '1.1' })).toEqual(json.body);
      expect(parseYaml(yaml.text, { version: '1.2' })).toEqual(json.body);
    }

    const doc = await call('GET', `/projects/${projectId}/artifacts/design-doc`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toMatch(/text\/markdown/);
    expect(doc.text).toContain(`${svc.url}/apis/${projectId}`);
    expect(doc.text).toMatch(/interface Recipe\b/);
    expect((await call('GET', `/projects/${projectId}/artifacts/openapi?format=xml`)).status).toBe(400);
  });

  it('fails a generation whose blueprint does not validate, with a readable report (never a 5xx)', async () => {
    const projectId = await newProject('Reserved', 'A club. Members have a name.');
    const spec = (await call('GET', `/projects/${projectId}/spec`)).body.spec.content as string;
    // An entity whose collection collides with a route the service uses itself (/v1/invitations).
    const first = /### (\w+)/.exec(spec)![1]!;
    const renamed = spec.replace(new RegExp(`\\b${first}\\b`, 'g'), 'Invitation');
    const applied = await call('POST', `/projects/${projectId}/spec/apply`, { content: renamed });
    expect(applied.status).toBe(201);
    const started = GenerationStarted.parse((await call('POST', `/projects/${projectId}/spec/generate-blueprint`)).body);
    const done = await waitForGeneration(projectId, started.blueprint.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/validation error/);
    const report = ValidationReport.parse((await call('GET', `/blueprints/${started.blueprint.id}/validation-report`)).body);
    expect(report.valid).toBe(false);
    expect(report.errors.map((e) => e.code)).toContain('RESERVED_NAME');
    expect(report.errors[0]!.path).toMatch(/^\$\./);
    const blueprint = Blueprint.parse((await call('GET', `/blueprints/${started.blueprint.id}`)).body);
    expect(blueprint.ir).not.toBeNull();
    expect(blueprint.error).toEqual(done.error);
    // Artifacts stay unavailable: no completed blueprint.
    expect((await call('GET', `/projects/${projectId}/artifacts/design-doc`)).status).toBe(409);
  });

  it('applies a prompt and generates from the new version (POST /projects/{id}/blueprints)', async () => {
    const projectId = await newProject('Tasks', text('01-task-tracker.md'));
    const res = await call('POST', `/projects/${projectId}/blueprints`, { prompt: 'Add a tags field to tasks, a list of strings.' });
    expect(res.status).toBe(202);
    const started = GenerationStarted.parse(res.body);
    expect(started.specVersion).toBe(2);
    expect((await call('GET', `/projects/${projectId}/spec`)).body.spec).toMatchObject({ version: 2, lastUserMessage: 'Add a tags field to tasks, a list of strings.' });
    await waitForGeneration(projectId, started.blueprint.id);
    const ir = (await call('GET', `/blueprints/${started.blueprint.id}`)).body.ir;
    const task = ir.entities.find((e: { name: string }) => e.name === 'Task');
    expect(task.fields.map((f: { name: string }) => f.name)).toContain('tags');

    const nonsense = await call('POST', `/projects/${projectId}/blueprints`, { prompt: 'Please make it nicer somehow.' });
    expect(nonsense.status).toBe(400);
    expect((await call('GET', `/projects/${projectId}/spec`)).body.spec.version).toBe(2);
  });

  it("hides other users' blueprints (404) and refuses generation on archived projects (409)", async () => {
    const projectId = await newProject('Mine', 'A blog. Posts have a title.');
    const started = GenerationStarted.parse((await call('POST', `/projects/${projectId}/spec/generate-blueprint`)).body);
    await waitForGeneration(projectId, started.blueprint.id);
    const other = await signUpAndLogin(svc);
    for (const path of [`/blueprints/${started.blueprint.id}`, `/blueprints/${started.blueprint.id}/status`, `/blueprints/${started.blueprint.id}/validation-report`, `/projects/${projectId}/spec/generation-status/${started.blueprint.id}`]) {
      expect([path, (await svc.request('GET', path, { token: other.accessToken })).status]).toEqual([path, 404]);
    }
    expect((await svc.request('POST', `/projects/${projectId}/spec/generate-blueprint`, { token: other.accessToken })).status).toBe(404);
    await call('DELETE', `/projects/${projectId}`);
    const archived = await call('POST', `/projects/${projectId}/spec/generate-blueprint`);
    expect(archived.status).toBe(409);
    // Still readable.
    expect((await call('GET', `/projects/${projectId}/artifacts/openapi`)).status).toBe(200);
  });
});
