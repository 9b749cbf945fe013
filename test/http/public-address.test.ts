/**
 * Addresses in answers come from the service's configured public address, never from request
 * headers (issue 21, item 7): a client that sends `Host: evil.example` and `X-Forwarded-Proto`
 * must not get documents (OpenAPI servers, apiBaseUrl, statusUrl, design doc) naming that host.
 */
import { request as httpRequest } from 'node:http';
import { describeAndDeploy } from '../support/deploy-flow';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const FORGED = { host: 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

/** A GET with headers fetch would not let a test set (`Host`). */
function forgedGet(service: TestService, path: string, token?: string): Promise<{ status: number; text: string }> {
  const target = new URL(path, service.url);
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: 'GET', headers: { ...FORGED, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe.each([
  ['the bind address (default)', undefined],
  ['a configured public address', 'https://bgs.example.test'],
])('answers name %s, whatever the request headers say', (_label, publicUrl) => {
  let service: TestService;
  let token: string;
  let projectId: string;
  let expected: string;

  beforeAll(async () => {
    service = await startTestService(publicUrl ? { publicUrl } : {});
    expected = publicUrl ?? service.url;
    token = (await signUpAndLogin(service)).accessToken;
    projectId = (await describeAndDeploy(service.url, token, 'Tasks', 'A task tracker: tasks with a title and a status (open or done). Admins and members.')).projectId;
  });
  afterAll(() => service.stop());

  it("the control plane's OpenAPI server", async () => {
    const res = await forgedGet(service, '/openapi.json');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).servers).toEqual([expect.objectContaining({ url: expected })]);
    expect(res.text).not.toContain('evil.example');
  });

  it("a project's apiBaseUrl, its deployments and their list", async () => {
    for (const path of [`/projects/${projectId}`, `/projects?limit=5`, `/projects/${projectId}/deployments`]) {
      const res = await forgedGet(service, path, token);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('evil.example');
      expect(res.text).toContain(`${expected}/apis/${projectId}`);
    }
  });

  it("the project's OpenAPI (JSON and YAML) and design document", async () => {
    const json = await forgedGet(service, `/projects/${projectId}/artifacts/openapi`, token);
    expect(JSON.parse(json.text).servers[0].url).toBe(`${expected}/apis/${projectId}`);
    for (const path of [`/projects/${projectId}/artifacts/openapi?format=yaml`, `/projects/${projectId}/artifacts/design-doc`]) {
      const res = await forgedGet(service, path, token);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('evil.example');
      expect(res.text).toContain(`${expected}/apis/${projectId}`);
    }
  });

  it("a deploy's statusUrl", async () => {
    const target = new URL(`/projects/${projectId}/deploy`, service.url);
    const answer = await new Promise<string>((done, fail) => {
      const req = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...FORGED, authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
        },
      );
      req.on('error', fail);
      req.end('{}');
    });
    const body = JSON.parse(answer) as { statusUrl: string; deployment: { id: string } };
    expect(body.statusUrl).toBe(`${expected}/deployments/${body.deployment.id}`);
    await service.idle();
  });
});
