/** The spec lifecycle through the local gateway: v1 from the description, chat drafts, apply, history, versions. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { ApplyResponse, ChatDraft, ChatHistory, SpecResponse, SpecVersionList } from '../../lambdas/control-plane/schemas';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const examples = join(__dirname, '..', 'fixtures', 'examples');
const taskTracker = readFileSync(join(examples, '01-task-tracker.md'), 'utf8');

describe('specs', () => {
  let svc: TestService;
  let user: Awaited<ReturnType<typeof signUpAndLogin>>;
  let projectId: string;

  beforeAll(async () => {
    svc = await startTestService();
    user = await signUpAndLogin(svc);
    const created = await svc.request('POST', '/projects', { token: user.accessToken, body: { name: 'Task tracker', description: taskTracker } });
    expect(created.status).toBe(201);
    expect(created.body.latestSpecVersion).toBe(1);
    projectId = created.body.id;
  });
  afterAll(() => svc.stop());

  const api = (method: string, path: string, body?: unknown) => svc.request(method, `/projects/${projectId}${path}`, { token: user.accessToken, body });

  it('writes version 1 from the description, in the canonical format', async () => {
    const res = await api('GET', '/spec');
    expect(res.status).toBe(200);
    const { spec, project } = SpecResponse.parse(res.body);
    expect(project).toEqual({ id: projectId, name: 'Task tracker' });
    expect(spec).toMatchObject({ projectId, version: 1, lastUserMessage: null });
    const parsed = parseSpec(spec.content);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.spec.tenancy).toBe('multi');
      expect(parsed.spec.entities.map((e) => e.name).sort()).toEqual(['Project', 'Task']);
    }
  });

  it('answers a chat message with a draft, saves nothing, and records both messages', async () => {
    const before = (await api('GET', '/spec')).body.spec;
    const res = await api('POST', '/spec/chat', { message: 'Add a tags field to tasks, a list of strings.' });
    expect(res.status).toBe(200);
    const draft = ChatDraft.parse(res.body);
    expect(draft.previousSpec).toBe(before.content);
    expect(draft.currentVersion).toBe(before.version);
    expect(draft.spec).not.toBe(before.content);
    expect(draft.spec).toMatch(/\| tags \| list\(string\) \|/);
    expect(draft.assistantMessage).toMatch(/tags/);
    expect((await api('GET', '/spec')).body.spec.version).toBe(before.version);

    const history = ChatHistory.parse((await api('GET', '/spec/chat/history')).body);
    expect(history.conversationId).toBe(draft.conversationId);
    expect(history.messages.slice(-2).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Add a tags field to tasks, a list of strings.'],
      ['assistant', draft.assistantMessage],
    ]);
  });

  it('applies a draft as the next version, and refuses what is not a spec (400, nothing saved)', async () => {
    const draft = ChatDraft.parse((await api('POST', '/spec/chat', { message: 'Tasks should also have an estimate in hours.' })).body);
    const applied = await api('POST', '/spec/apply', { content: draft.spec, lastUserMessage: 'Tasks should also have an estimate in hours.' });
    expect(applied.status).toBe(201);
    const { spec, message } = ApplyResponse.parse(applied.body);
    expect(spec.version).toBe(draft.currentVersion + 1);
    expect(message).toMatch(String(spec.version));
    const now = (await api('GET', '/spec')).body.spec;
    expect(now).toMatchObject({ version: spec.version, content: draft.spec, lastUserMessage: 'Tasks should also have an estimate in hours.' });
    expect((await svc.request('GET', `/projects/${projectId}`, { token: user.accessToken })).body.latestSpecVersion).toBe(spec.version);

    const bad = await api('POST', '/spec/apply', { content: '# Not a spec\n\nJust some text about tasks.' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.details[0]).toEqual({ path: expect.stringMatching(/^content:line \d+$/), message: expect.any(String) });
    const broken = draft.spec.replace('| string |', '| strng |');
    expect(broken).not.toBe(draft.spec);
    const typo = await api('POST', '/spec/apply', { content: broken });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body.details)).toMatch(/strng/);
    expect((await api('GET', '/spec')).body.spec.version).toBe(spec.version);
  });

  it('refuses a stale baseVersion with 409 VERSION_CONFLICT and accepts the current one', async () => {
    const current = (await api('GET', '/spec')).body.spec;
    const stale = await api('POST', '/spec/apply', { content: current.content, baseVersion: current.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const future = await api('POST', '/spec/apply', { content: current.content, baseVersion: current.version + 5 });
    expect(future.status).toBe(409);
    const ok = await api('POST', '/spec/apply', { content: current.content, baseVersion: current.version });
    expect(ok.status).toBe(201);
    expect(ok.body.spec.version).toBe(current.version + 1);
  });

  it('gives 20 concurrent applies versions n+1 to n+20, each exactly once', async () => {
    const current = (await api('GET', '/spec')).body.spec;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => api('POST', '/spec/apply', { content: current.content, lastUserMessage: `apply ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const versions = results.map((r) => r.body.spec.version as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => current.version + 1 + i));
    expect((await api('GET', '/spec')).body.spec.version).toBe(current.version + 20);
  });

  it('lists versions newest first with cursors, and reads each one', async () => {
    const latest = (await api('GET', '/spec')).body.spec.version as number;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await api('GET', `/spec/versions?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      const page = SpecVersionList.parse(res.body);
      expect(page.items[0]).not.toHaveProperty('content');
      seen.push(...page.items.map((v) => v.version));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: latest }, (_, i) => latest - i));

    const one = await api('GET', '/spec/versions/1');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ version: 1, projectId });
    expect((await api('GET', `/spec/versions/${latest + 1}`)).status).toBe(404);
    expect((await api('GET', '/spec/versions/abc')).status).toBe(400);
    expect((await api('GET', '/spec/versions/0')).status).toBe(400);
  });

  it('stores messages posted to the conversation and pages history with limit', async () => {
    const posted = await api('POST', '/spec/chat/message', { role: 'assistant', content: 'Remember to add indexes.' });
    expect(posted.status).toBe(201);
    expect(posted.body.message).toMatchObject({ role: 'assistant', content: 'Remember to add indexes.' });
    const last = await api('GET', '/spec/chat/history?limit=1');
    expect(last.body.messages).toEqual([posted.body.message]);
    expect((await api('GET', '/spec/chat/history?limit=201')).status).toBe(400);
    expect((await api('POST', '/spec/chat/message', { role: 'system', content: 'x' })).status).toBe(400);
  });

  it('rejects empty and over-long chat messages, saying the limit', async () => {
    const empty = await api('POST', '/spec/chat', { message: '   ' });
    expect(empty.status).toBe(400);
    const long = await api('POST', '/spec/chat', { message: 'x'.repeat(8001) });
    expect(long.status).toBe(400);
    expect(long.body.details[0].message).toMatch(/8000/);
    expect((await api('POST', '/spec/chat', { message: 'x'.repeat(8000) })).status).toBe(200);
  });

  it("hides another user's project specs (404) and refuses writes to archived projects (409)", async () => {
    const other = await signUpAndLogin(svc);
    for (const [method, path, body] of [
      ['GET', '/spec', undefined],
      ['POST', '/spec/chat', { message: 'hi' }],
      ['POST', '/spec/apply', { content: 'x' }],
      ['GET', '/spec/chat/history', undefined],
      ['GET', '/spec/versions', undefined],
      ['GET', '/spec/versions/1', undefined],
    ] as const) {
      const res = await svc.request(method, `/projects/${projectId}${path}`, { token: other.accessToken, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }

    const created = await svc.request('POST', '/projects', { token: user.accessToken, body: { name: 'Old', description: 'A blog with posts.' } });
    const id = created.body.id as string;
    const content = (await svc.request('GET', `/projects/${id}/spec`, { token: user.accessToken })).body.spec.content;
    await svc.request('DELETE', `/projects/${id}`, { token: user.accessToken });
    for (const [path, body] of [['/spec/chat', { message: 'Add a title to posts' }], ['/spec/apply', { content }], ['/spec/chat/message', { role: 'user', content: 'x' }]] as const) {
      const res = await svc.request('POST', `/projects/${id}${path}`, { token: user.accessToken, body });
      expect([path, res.status, res.body.code]).toEqual([path, 409, 'CONFLICT']);
    }
    expect((await svc.request('GET', `/projects/${id}/spec`, { token: user.accessToken })).status).toBe(200);
  });

  it('meters every author call (offline: cost 0) in /usage/me and /usage/recent', async () => {
    const fresh = await signUpAndLogin(svc);
    const before = await svc.request('GET', '/usage/me', { token: fresh.accessToken });
    expect(before.body).toEqual({
      user: { id: fresh.userId, email: fresh.email },
      usage: { totalCalls: 0, inputTokens: 0, outputTokens: 0, totalCostCents: 0, totalCostFormatted: '$0.00' },
    });
    const p = await svc.request('POST', '/projects', { token: fresh.accessToken, body: { name: 'Blog', description: 'A blog. Posts have a title and a body.' } });
    await svc.request('POST', `/projects/${p.body.id}/spec/chat`, { token: fresh.accessToken, body: { message: 'Add a published date to posts.' } });
    const me = await svc.request('GET', '/usage/me', { token: fresh.accessToken });
    expect(me.body.usage).toMatchObject({ totalCalls: 2, totalCostCents: 0, totalCostFormatted: '$0.00' });
    expect(me.body.usage.inputTokens).toBeGreaterThan(0);
    expect(me.body.usage.outputTokens).toBeGreaterThan(0);
    const recent = await svc.request('GET', '/usage/recent?limit=5', { token: fresh.accessToken });
    expect(recent.status).toBe(200);
    expect(recent.body.items.map((i: { operation: string }) => i.operation)).toEqual(['spec.chat', 'spec.draft']);
    expect(recent.body.items[0]).toMatchObject({ provider: 'offline', projectId: p.body.id, costCents: 0, outcome: 'succeeded' });
    expect((await svc.request('GET', '/usage/recent?limit=101', { token: fresh.accessToken })).status).toBe(400);
  });
});
