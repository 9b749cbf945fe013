/**
 * Bad input that used to answer 500 (issue 21, items 3 and 8), over HTTP against both APIs:
 * ids and references past DynamoDB's key limit, records and specs past the item limit in UTF-8
 * bytes, bad percent-encoding in paths, lone surrogates and NUL in strings, `limit` values that
 * are not plain decimal integers, and requests node:http itself refuses. Every answer is the
 * contract's `{ error, code }` with a 4xx status naming the limit.
 */
import { connect } from 'node:net';
import { goldenIr } from '../support/golden-ir';
import { signUpAndLogin, startTestService, type ApiResponse, type TestService } from '../support/local-service';
import { deployIr, joinProject, type ProjectApiClient, type ProjectUser } from '../support/project-api';

let service: TestService;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let projectId: string;
let api: ProjectApiClient;
let admin: ProjectUser;
let tracker: string;
let helpDesk: ProjectApiClient;
let agent: ProjectUser;
let blog: ProjectApiClient;
let cook: ProjectUser;

beforeAll(async () => {
  service = await startTestService();
  owner = await signUpAndLogin(service);
  const created = await service.request('POST', '/projects', { token: owner.accessToken, body: { name: 'Limits', description: 'A task tracker. A task has a title and a description.' } });
  expect(created.status).toBe(201);
  projectId = created.body.id;
  api = await deployIr(service, goldenIr('01-task-tracker'));
  admin = await joinProject(service, api, { orgName: 'Org A' });
  tracker = (await api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: 'Apollo' } })).body.id;
  helpDesk = await deployIr(service, goldenIr('example'));
  agent = await joinProject(service, helpDesk, { orgName: 'Desk' });
  blog = await deployIr(service, goldenIr('02-recipe-blog'));
  cook = await joinProject(service, blog);
});
afterAll(() => service.stop());

/** A 4xx with the contract's body (never a 500). */
function refused(res: ApiResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.code, hasError: typeof res.body?.error === 'string' }).toEqual({ status, code, hasError: true });
}

const long = (bytes: number) => 'x'.repeat(bytes);
/** U+1F600: one character, two UTF-16 units, four UTF-8 bytes. */
const EMOJI = '\u{1F600}';
/** U+4E2D: one character, one UTF-16 unit, three UTF-8 bytes (the most bytes per `length`). */
const HAN = '\u4E2D';

describe('ids and references past the key limit', () => {
  it('a record id in the path that cannot exist is not found', async () => {
    for (const id of [long(2000), long(27), '0'.repeat(26).toLowerCase() + 'x', 'ü'.repeat(600)]) {
      for (const method of ['GET', 'DELETE']) {
        refused(await api.request(method, `/v1/tasks/${encodeURIComponent(id)}`, { token: admin.accessToken }), 404, 'NOT_FOUND');
      }
      refused(await api.request('PATCH', `/v1/tasks/${encodeURIComponent(id)}`, { token: admin.accessToken, body: { title: 'x' } }), 404, 'NOT_FOUND');
      refused(await api.request('GET', `/v1/users/${encodeURIComponent(id)}`, { token: admin.accessToken }), 404, 'NOT_FOUND');
    }
  });

  it('a malformed reference in a body is a 400 naming the field', async () => {
    for (const value of [long(2000), 'no-such-project', ' ']) {
      const res = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', project_id: value } });
      refused(res, 400, 'VALIDATION_ERROR');
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['body.project_id']);
    }
    const user = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', project_id: tracker, assignee_id: long(3000) } });
    refused(user, 400, 'VALIDATION_ERROR');
    expect(user.body.details.map((d: { path: string }) => d.path)).toEqual(['body.assignee_id']);
  });

  it('filters, cursors, file keys and invite codes past the key limit are refused', async () => {
    refused(await api.request('GET', `/v1/tasks?assignee_id=${long(3000)}`, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    refused(await api.request('GET', `/v1/tasks?project_id=${long(3000)}`, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    refused(await api.request('GET', `/v1/tasks?cursor=${long(5000)}`, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    refused(await api.request('GET', `/v1/users?cursor=${long(5000)}`, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    const task = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', project_id: tracker } });
    expect(task.status).toBe(201);
    refused(await api.request('GET', `/v1/tasks/${task.body.id}/attachments/${long(3000)}/download-url`, { token: admin.accessToken }), 404, 'NOT_FOUND');
    refused(await api.request('PATCH', `/v1/tasks/${task.body.id}`, { token: admin.accessToken, body: { attachment_key: long(3000) } }), 400, 'VALIDATION_ERROR');
    const signup = await api.request('POST', '/auth/signup', { body: { email: 'someone@example.org', password: 'Str0ng-Passw0rd', inviteCode: long(3000) } });
    refused(signup, 400, 'VALIDATION_ERROR');
  });

  it('control-plane ids past their shape are not found', async () => {
    for (const path of [`/projects/${long(2000)}`, `/blueprints/${long(2000)}`, `/deployments/${long(2000)}`, `/projects/${long(2000)}/spec/versions/1`, '/projects/not-a-project-id']) {
      refused(await service.request('GET', path, { token: owner.accessToken }), 404, 'NOT_FOUND');
    }
    // A version is a number, not an id: off its shape (versions are stored as 8 digits) -> 400, as before.
    for (const version of ['9'.repeat(400), '100000000', 'abc']) {
      refused(await service.request('GET', `/projects/${projectId}/spec/versions/${version}`, { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('sizes in UTF-8 bytes', () => {
  it('a string field over its default length is a 400 naming the limit', async () => {
    const res = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: long(1001), project_id: tracker } });
    refused(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details).toEqual([{ path: 'body.title', message: expect.stringMatching(/at most 1000 characters/) }]);
    const text = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', description: long(100_001), project_id: tracker } });
    refused(text, 400, 'VALIDATION_ERROR');
    expect(text.body.error).toMatch(/100000/);
    // 420,000 bytes: more than DynamoDB's item holds (it used to answer 500).
    const huge = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', description: HAN.repeat(140_000), project_id: tracker } });
    refused(huge, 400, 'VALIDATION_ERROR');
  });

  it('a record over the item limit in bytes (within the character limits) is a 413 naming the limit', async () => {
    // 100,000 characters (the text default) of four bytes each: 400,000 bytes.
    const res = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', description: EMOJI.repeat(100_000), project_id: tracker } });
    refused(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.error).toMatch(/bytes/);
    const task = await api.request('POST', '/v1/tasks', { token: admin.accessToken, body: { title: 'T', description: EMOJI.repeat(50_000), project_id: tracker } });
    expect(task.status).toBe(201);
    const grown = await api.request('PATCH', `/v1/tasks/${task.body.id}`, { token: admin.accessToken, body: { title: EMOJI.repeat(1000), description: EMOJI.repeat(99_000) } });
    refused(grown, 413, 'PAYLOAD_TOO_LARGE');
    expect((await api.request('GET', `/v1/tasks/${task.body.id}`, { token: admin.accessToken })).body.description).toBe(EMOJI.repeat(50_000));
    // Two texts within their limits, 600,000 bytes together: more than DynamoDB's item holds (it used to answer 500).
    const recipe = await blog.request('POST', '/v1/recipes', { token: cook.accessToken, body: { title: 'Soup', summary: HAN.repeat(100_000), ingredients: HAN.repeat(100_000) } });
    refused(recipe, 413, 'PAYLOAD_TOO_LARGE');
    expect(recipe.body.error).toMatch(/358400 bytes/);
    expect((await blog.request('GET', '/v1/recipes', { token: cook.accessToken })).body.items).toEqual([]);
  });

  it('a list over its default item count is a 400 naming the limit', async () => {
    const team = await helpDesk.request('POST', '/v1/teams', { token: agent.accessToken, body: { name: 'Team' } });
    expect(team.status).toBe(201);
    const res = await helpDesk.request('POST', '/v1/tickets', {
      token: agent.accessToken,
      body: { subject: 'Broken', reference: 'R-1', team_id: team.body.id, requester_id: agent.userId, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    refused(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details).toEqual([{ path: 'body.tags', message: expect.stringMatching(/10 items/) }]);
    const element = await helpDesk.request('POST', '/v1/tickets', { token: agent.accessToken, body: { subject: 'Broken', reference: 'R-2', team_id: team.body.id, requester_id: agent.userId, tags: [long(1001)] } });
    refused(element, 400, 'VALIDATION_ERROR');
    expect(element.body.details.map((d: { path: string }) => d.path)).toEqual(['body.tags[0]']);
  });

  it('a unique value at its maximum length is stored (its key stays under the key limit)', async () => {
    const team = await helpDesk.request('POST', '/v1/teams', { token: agent.accessToken, body: { name: 'Unique' } });
    const reference = EMOJI.repeat(1000);
    const first = await helpDesk.request('POST', '/v1/tickets', { token: agent.accessToken, body: { subject: 'Long ref', reference, team_id: team.body.id, requester_id: agent.userId } });
    expect(first.status).toBe(201);
    refused(await helpDesk.request('POST', '/v1/tickets', { token: agent.accessToken, body: { subject: 'Long ref', reference, team_id: team.body.id, requester_id: agent.userId } }), 409, 'CONFLICT');
  });

  it('a spec within the character limit but over the item limit in bytes is a 413 naming the limit', async () => {
    const spec = (await service.request('GET', `/projects/${projectId}/spec`, { token: owner.accessToken })).body.spec.content as string;
    // Under 200,000 characters, 420,000 bytes in UTF-8: more than a DynamoDB item holds (it used to answer 500).
    const content = spec.replace('## Overview\n\n', `## Overview\n\n${HAN.repeat(140_000)}\n`);
    expect(content).not.toBe(spec);
    expect(content.length).toBeLessThan(200_000);
    const res = await service.request('POST', `/projects/${projectId}/spec/apply`, { token: owner.accessToken, body: { content } });
    refused(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.error).toMatch(/bytes/);
    expect((await service.request('GET', `/projects/${projectId}/spec`, { token: owner.accessToken })).body.spec.version).toBe(1);
  });

  it('project fields are bounded in bytes too', async () => {
    const res = await service.request('PATCH', `/projects/${projectId}`, { token: owner.accessToken, body: { description: EMOJI.repeat(10_000) } });
    expect(res.status).toBeLessThan(500);
    const created = await service.request('POST', '/projects', { token: owner.accessToken, body: { name: EMOJI.repeat(50), description: EMOJI.repeat(10_000) } });
    expect(created.status).toBeLessThan(500);
  });
});

describe('the local outbox', () => {
  it('bounds its query values (they are key parts)', async () => {
    refused(await service.request('GET', `/_local/mail?to=${long(3000)}@example.org`), 400, 'VALIDATION_ERROR');
    refused(await service.request('GET', `/_local/mail?to=a@example.org&project=${long(3000)}`), 400, 'VALIDATION_ERROR');
    refused(await service.request('GET', '/_local/mail?to=a%00@example.org'), 400, 'VALIDATION_ERROR');
    expect((await service.request('GET', '/_local/mail?to=a@example.org')).status).toBe(200);
  });
});

describe('paths', () => {
  it('a bad percent-encoding in a path is a 400', async () => {
    for (const path of ['/apis/%zz/v1/tasks', `/apis/${api.projectId}/v1/tasks/%zz`, `/apis/${api.projectId}/v1/tasks/%E0%A4%A`, '/projects/%zz', '/projects/%ED%A0%80']) {
      refused(await service.request('GET', path, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('strings', () => {
  const raw = (text: string) => ({ rawBody: text, headers: { 'content-type': 'application/json' } });

  it('lone surrogates and NUL in bodies are a 400 (both APIs)', async () => {
    for (const bad of ['"\\ud800"', '"a\\udc00b"', '"nul\\u0000"']) {
      const created = await api.request('POST', '/v1/tasks', { token: admin.accessToken, ...raw(`{"title":${bad},"project_id":"${tracker}"}`) });
      refused(created, 400, 'VALIDATION_ERROR');
      expect(created.body.details.map((d: { path: string }) => d.path)).toEqual(['body.title']);
      refused(await api.request('POST', '/auth/login', raw(`{"email":"a@example.org","password":${bad}}`)), 400, 'VALIDATION_ERROR');
      const project = await service.request('PATCH', `/projects/${projectId}`, { token: owner.accessToken, ...raw(`{"name":${bad}}`) });
      refused(project, 400, 'VALIDATION_ERROR');
      expect(project.body.details.map((d: { path: string }) => d.path)).toEqual(['body.name']);
      refused(await service.request('POST', `/projects/${projectId}/spec/chat/message`, { token: owner.accessToken, ...raw(`{"role":"user","content":${bad}}`) }), 400, 'VALIDATION_ERROR');
    }
    // A surrogate pair is one character, and fine.
    const pair = await api.request('POST', '/v1/tasks', { token: admin.accessToken, ...raw(`{"title":"\\ud83d\\ude00","project_id":"${tracker}"}`) });
    expect(pair.status).toBe(201);
    expect(pair.body.title).toBe(EMOJI);
  });

  it('NUL in query strings and path parameters is a 400', async () => {
    refused(await api.request('GET', '/v1/tasks?status=%00', { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    refused(await api.request('GET', '/v1/tasks/%00', { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    refused(await service.request('GET', '/projects?cursor=a%00b', { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
    refused(await service.request('GET', '/projects/%00', { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
  });
});

describe('list limit', () => {
  it('accepts only plain decimal integers (both APIs)', async () => {
    for (const limit of ['1e1', '0x10', '%2010', '+5', '10.0', '-1', '', '0b1', '1_0']) {
      refused(await service.request('GET', `/projects?limit=${limit}`, { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
      refused(await service.request('GET', `/projects/${projectId}/spec/versions?limit=${limit}`, { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
      refused(await service.request('GET', `/projects/${projectId}/spec/chat/history?limit=${limit}`, { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
      refused(await service.request('GET', `/usage/recent?limit=${limit}`, { token: owner.accessToken }), 400, 'VALIDATION_ERROR');
      refused(await api.request('GET', `/v1/tasks?limit=${limit}`, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
      refused(await api.request('GET', `/v1/users?limit=${limit}`, { token: admin.accessToken }), 400, 'VALIDATION_ERROR');
    }
    expect((await service.request('GET', '/projects?limit=10', { token: owner.accessToken })).status).toBe(200);
    expect((await api.request('GET', '/v1/tasks?limit=10', { token: admin.accessToken })).status).toBe(200);
  });
});

describe('requests node:http refuses', () => {
  /** Sends raw bytes and returns the raw answer (fetch cannot send malformed requests). */
  function rawRequest(text: string): Promise<string> {
    const { hostname, port } = new URL(service.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(text));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }
  const parse = (answer: string) => {
    const at = answer.indexOf('\r\n\r\n');
    const head = answer.slice(0, at);
    let body = answer.slice(at + 4);
    if (/transfer-encoding: chunked/i.test(head)) {
      let out = '';
      for (let size = parseInt(body, 16); size > 0; size = parseInt(body, 16)) {
        const start = body.indexOf('\r\n') + 2;
        out += body.slice(start, start + size);
        body = body.slice(start + size + 2);
      }
      body = out;
    }
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body: JSON.parse(body) as { error: string; code: string } };
  };

  it('an unknown method, a malformed request, an over-long URL and over-large headers answer { error, code }', async () => {
    const method = parse(await rawRequest('FROB /health HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(method).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', error: expect.any(String) } });
    expect(method.head).toMatch(/content-type: application\/json/i);
    const garbage = parse(await rawRequest('this is not http\r\n\r\n'));
    expect(garbage).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    const url = parse(await rawRequest(`GET /health?q=${long(9000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    expect(url).toMatchObject({ status: 414, body: { code: 'URI_TOO_LONG' } });
    const headers = parse(await rawRequest(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${long(20_000)}\r\n\r\n`));
    expect(headers).toMatchObject({ status: 431, body: { code: 'HEADERS_TOO_LARGE' } });
    const hugeUrl = parse(await rawRequest(`GET /health?q=${long(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(hugeUrl.status === 414 || hugeUrl.status === 431).toBe(true);
    expect(typeof hugeUrl.body.code).toBe('string');
  });

  it('a known method the server has no route for answers the contract body', async () => {
    const res = await service.request('PROPFIND', '/health');
    expect(res.status).toBe(405);
    expect(res.body.code).toBe('METHOD_NOT_ALLOWED');
  });
});
