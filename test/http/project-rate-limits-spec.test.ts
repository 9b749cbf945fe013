/**
 * How a project owner sets the auth rate limits, end to end through the control plane: the spec's
 * optional `## Rate limits` section is applied, a blueprint is generated and deployed, and the
 * live API counts with those windows; the design document and the OpenAPI artifact say so. A spec
 * with a broken section is refused at apply with the line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../lambdas/core/clock';
import { callApi, signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { clientFor, newProjectAccount } from '../support/project-api';

const HOUR_MS = 3_600_000;
const clock = new ManualClock(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 1000);
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ clock, projectAuthRateLimits: null });
});
afterAll(() => service.stop());

const description = readFileSync(join(__dirname, '..', 'fixtures', 'examples', '02-recipe-blog.md'), 'utf8').split('\n## ')[0]!;
const SECTION = '\n## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n| signup | 2 | hour |\n| wrong codes | 1 | 15 minutes |\n';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

it("applies the spec's Rate limits section, and the deployed API counts with it", async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const project = await service.request('POST', '/projects', { token, body: { name: 'Recipes', description } });
  expect(project.status).toBe(201);
  const id = project.body.id as string;
  const spec = await service.request('GET', `/projects/${id}/spec`, { token });
  const content = `${(spec.body.spec.content as string).trimEnd()}\n${SECTION}`;

  const broken = await service.request('POST', `/projects/${id}/spec/apply`, { token, body: { content: content.replace('| signup | 2 | hour |', '| signup | 2 | fortnight |') } });
  expect(broken.status).toBe(400);
  expect(broken.body.details).toEqual([{ path: expect.stringMatching(/^content:line \d+$/), message: expect.stringContaining("'fortnight' is not a window") }]);

  expect((await service.request('POST', `/projects/${id}/spec/apply`, { token, body: { content } })).status).toBe(201);
  const saved = await service.request('GET', `/projects/${id}/spec`, { token });
  expect(saved.body.spec.content).toContain('## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n| signup | 2 | hour |\n| wrong codes | 1 | 15 minutes |');

  const generated = await service.request('POST', `/projects/${id}/spec/generate-blueprint`, { token });
  expect(generated.status).toBe(202);
  const blueprintId = generated.body.blueprint.id as string;
  const status = await until(() => service.request('GET', `/blueprints/${blueprintId}/status`, { token }), (r) => r.body?.status !== 'processing');
  expect(status.body.status).toBe('completed');
  const blueprint = await service.request('GET', `/blueprints/${blueprintId}`, { token });
  expect(blueprint.body.ir.auth.rateLimits).toEqual({ signup: [{ limit: 2, windowSeconds: 3600 }], wrongCodes: [{ limit: 1, windowSeconds: 900 }] });

  const deploy = await service.request('POST', `/projects/${id}/deploy`, { token, body: {} });
  expect(deploy.status).toBe(202);
  const finished = await until(() => service.request('GET', `/deployments/${deploy.body.deployment.id as string}`, { token }), (r) => ['succeeded', 'failed'].includes(r.body?.status));
  expect(finished.body.status).toBe('succeeded');

  const designDoc = await service.request('GET', `/projects/${id}/artifacts/design-doc`, { token });
  expect(designDoc.text).toContain('| `POST /auth/signup` | signups per client address | 2 per hour |');
  expect(designDoc.text).toContain("The spec's `## Rate limits` section sets `signup`, `wrong codes`; the other limits are the defaults");
  const openapi = await service.request('GET', `/projects/${id}/artifacts/openapi`, { token });
  expect(openapi.body.paths['/auth/signup'].post.responses['429'].description).toContain('at most 2 per hour');

  const api = clientFor(service, id, finished.body.apiBaseUrl as string);
  const signup = () => api.request('POST', '/auth/signup', { body: newProjectAccount('spec-limited') });
  expect((await signup()).status).toBe(201);
  expect((await signup()).status).toBe(201);
  const refused = await signup();
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
  expect(Number(refused.headers.get('retry-after'))).toBe(3599);
  // Login keeps its default (10 a minute), as the section does not name it.
  const login = await callApi(api.baseUrl, 'POST', '/auth/login', { body: { email: 'nobody@example.org', password: 'Wrong-Passw0rd' } });
  expect(login.headers.get('x-ratelimit-limit')).toBe('10');
});
