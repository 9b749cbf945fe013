/**
 * Version 1 of a spec written in the background by a language model (CONTRACT "Project"), over
 * HTTP with a slow OpenAI-compatible model (a fake server the test holds and releases, configured
 * as any model is): POST /projects answers 201 at once with `writing`; spec reads, chat, apply and
 * prompts answer 409 NOT_READY meanwhile; then `ready` with version 1 and the first assistant
 * message, or `failed` with specError and the failed call metered; a failed project takes a spec
 * through apply; a write no writer can finish reads as failed; a project stored before specStatus
 * existed reads as ready; and the offline author still answers `ready` at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/adapters/dynamodb/keys';
import { ManualClock } from '../../lambdas/core/clock';
import { parseSpecOrThrow } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { Project } from '../../lambdas/control-plane/schemas';
import { SPEC_WRITING_TIMED_OUT } from '../../lambdas/control-plane/spec-writing/spec-status';
import { SPEC_WRITING_GIVE_UP_MS } from '../../lambdas/control-plane/spec-writing/spec-writer-function';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const SPEC = readFileSync(join(__dirname, '..', 'fixtures', 'spec', 'example.md'), 'utf8');

/** An OpenAI-compatible model that answers a draft of SPEC, or fails, once the test releases it. */
class SlowModel {
  mode: 'spec' | 'error' = 'spec';
  calls = 0;
  private held: Array<() => void> = [];
  private holding = false;
  readonly server: Server = createServer((req, res) => this.answer(req, res));

  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const answer of this.held.splice(0)) answer();
  }

  get waiting(): number {
    return this.held.length;
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    req.on('end', () => {
      this.calls += 1;
      const reply = () => {
        if (this.mode === 'error') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: `\`\`\`markdown\n${SPEC}\n\`\`\`` }, finish_reason: 'stop' }], usage: { prompt_tokens: 1000, completion_tokens: 900 } }),
        );
      };
      if (this.holding) this.held.push(reply);
      else reply();
    });
  }
}

describe('spec version 1 written in the background by a language model', () => {
  const model = new SlowModel();
  const clock = new ManualClock(Date.now());
  let svc: TestService;
  let user: Awaited<ReturnType<typeof signUpAndLogin>>;
  const call = (method: string, path: string, body?: unknown) => svc.request(method, path, { token: user.accessToken, body });
  const until = async (what: string, probe: () => boolean) => {
    for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    if (!probe()) throw new Error(`timed out waiting for ${what}`);
  };
  /** Every route that needs version 1, with the status it answers and its code. */
  const specRoutes = async (projectId: string) => {
    const answers = await Promise.all([
      call('GET', `/projects/${projectId}/spec`),
      call('GET', `/projects/${projectId}/spec/versions`),
      call('GET', `/projects/${projectId}/spec/versions/1`),
      call('POST', `/projects/${projectId}/spec/chat`, { message: 'Add a due date to loans' }),
      call('POST', `/projects/${projectId}/spec/chat/message`, { role: 'user', content: 'hello' }),
      call('POST', `/projects/${projectId}/blueprints`, { prompt: 'Add a due date to loans' }),
      call('POST', `/projects/${projectId}/spec/generate-blueprint`),
    ]);
    return answers.map((res) => [res.status, res.body?.code]);
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    svc = await startTestService({
      clock,
      handlerEnv: {
        BGS_AUTHOR_PROVIDER: 'openai',
        BGS_OPENAI_BASE_URL: `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`,
        BGS_OPENAI_MODEL: 'test-model',
      },
    });
    user = await signUpAndLogin(svc);
  });
  afterAll(async () => {
    model.release();
    await svc.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  it('creates the project at once (writing), answers 409 NOT_READY until version 1 is written, then reads it with the first assistant message', async () => {
    model.mode = 'spec';
    model.hold();
    const created = await call('POST', '/projects', { name: 'Library', description: 'A library with books, members and loans.' });
    expect(created.status).toBe(201);
    const project = Project.parse(created.body);
    expect(project).toMatchObject({ name: 'Library', specStatus: 'writing', specError: null, latestSpecVersion: null });
    await until('the model call', () => model.waiting === 1);

    expect((await call('GET', `/projects/${project.id}`)).body).toMatchObject({ specStatus: 'writing' });
    expect((await call('GET', '/projects')).body.items).toEqual([expect.objectContaining({ id: project.id, specStatus: 'writing' })]);
    expect(await specRoutes(project.id)).toEqual(Array(7).fill([409, 'NOT_READY']));
    const refused = await call('GET', `/projects/${project.id}/spec`);
    expect(refused.body.error).toMatch(/still being written/);
    // A spec of the user's would race the writer: refused too while it writes.
    expect((await call('POST', `/projects/${project.id}/spec/apply`, { content: SPEC })).body.code).toBe('NOT_READY');
    // The conversation can be read: it is empty until the writer's first message.
    expect((await call('GET', `/projects/${project.id}/spec/chat/history`)).body.messages).toEqual([]);

    model.release();
    await svc.idle();
    const ready = Project.parse((await call('GET', `/projects/${project.id}`)).body);
    expect(ready).toMatchObject({ specStatus: 'ready', specError: null, latestSpecVersion: 1 });
    const spec = await call('GET', `/projects/${project.id}/spec`);
    expect(spec.status).toBe(200);
    expect(spec.body.spec).toMatchObject({ version: 1, content: renderSpec(parseSpecOrThrow(SPEC)), lastUserMessage: null });
    const history = (await call('GET', `/projects/${project.id}/spec/chat/history`)).body.messages;
    expect(history).toEqual([expect.objectContaining({ role: 'assistant', content: expect.any(String) })]);
    expect((await call('GET', `/projects/${project.id}/spec/versions`)).body.items).toHaveLength(1);
    // (Recent usage is newest first; this test's clock stands still, so calls of the same moment come in any order.)
    const usage = (await call('GET', '/usage/recent')).body.items;
    expect(usage).toContainEqual(expect.objectContaining({ operation: 'spec.draft', model: 'test-model', projectId: project.id, inputTokens: 1000, outputTokens: 900, outcome: 'succeeded' }));
  });

  it('ends failed with specError when the model fails, meters the failed call, and takes a spec through apply', async () => {
    model.mode = 'error';
    const calls = model.calls;
    const created = await call('POST', '/projects', { name: 'Shop', description: 'A shop with products and orders.' });
    expect(created.status).toBe(201);
    expect(created.body.specStatus).toBe('writing');
    await svc.idle();
    expect(model.calls).toBeGreaterThan(calls);

    const failed = Project.parse((await call('GET', `/projects/${created.body.id}`)).body);
    expect(failed).toMatchObject({ specStatus: 'failed', specError: expect.stringMatching(/language model/), latestSpecVersion: null });
    expect(JSON.stringify(failed)).not.toMatch(/overloaded/);
    const usage = (await call('GET', '/usage/recent')).body.items;
    expect(usage).toContainEqual(expect.objectContaining({ operation: 'spec.draft', projectId: failed.id, outcome: 'failed' }));

    expect(await specRoutes(failed.id)).toEqual(Array(7).fill([409, 'NOT_READY']));
    const refused = await call('GET', `/projects/${failed.id}/spec`);
    expect(refused.body.error).toContain(failed.specError);
    expect(refused.body.error).toContain(`POST /projects/${failed.id}/spec/apply`);

    // What the message says to do: a spec saved with apply becomes version 1, and the project is ready.
    const applied = await call('POST', `/projects/${failed.id}/spec/apply`, { content: SPEC });
    expect(applied.status).toBe(201);
    expect(applied.body.spec.version).toBe(1);
    expect((await call('GET', `/projects/${failed.id}`)).body).toMatchObject({ specStatus: 'ready', specError: null, latestSpecVersion: 1 });
    expect((await call('GET', `/projects/${failed.id}/spec`)).status).toBe(200);
  });

  it('reads a project stored before specStatus existed as ready', async () => {
    const id = randomUUID();
    const at = new Date(clock.now().getTime() - 86_400_000).toISOString();
    const doc = DynamoDBDocumentClient.from(svc.dynamoClient);
    const TableName = svc.tables.controlPlane;
    // The items POST /projects wrote before: no specStatus, no specError.
    await doc.send(new PutCommand({ TableName, Item: { ...keys.project(id), GSI1PK: keys.ownerProjects(user.userId, 'active'), GSI1SK: keys.listOrder(at, id), ownerId: user.userId, id, name: 'Old', description: 'From before', status: 'active', createdAt: at, updatedAt: at, latestSpecVersion: 1, latestBlueprintId: null, activeDeploymentId: null, apiBaseUrl: null } }));
    await doc.send(new PutCommand({ TableName, Item: { ...keys.specVersion(id, 1), id: randomUUID(), projectId: id, version: 1, content: SPEC, lastUserMessage: null, createdAt: at } }));

    const old = await call('GET', `/projects/${id}`);
    expect(Project.parse(old.body)).toMatchObject({ id, specStatus: 'ready', specError: null });
    expect((await call('GET', `/projects/${id}/spec`)).status).toBe(200);
  });

  it('reads a write no writer can still finish as failed (its writer crashed)', async () => {
    model.mode = 'spec';
    model.hold();
    const created = await call('POST', '/projects', { name: 'Clinic', description: 'A clinic with appointments.' });
    await until('the model call', () => model.waiting === 1);
    clock.advance(SPEC_WRITING_GIVE_UP_MS + 1000);
    expect((await call('GET', `/projects/${created.body.id}`)).body).toMatchObject({ specStatus: 'failed', specError: SPEC_WRITING_TIMED_OUT });
    const refused = await call('POST', `/projects/${created.body.id}/spec/chat`, { message: 'Add doctors' });
    expect(refused.body).toMatchObject({ code: 'NOT_READY', error: expect.stringContaining(SPEC_WRITING_TIMED_OUT) });
    model.mode = 'error';
    model.release();
    await svc.idle();
  });
});

describe('spec version 1 by the offline author', () => {
  let svc: TestService;
  beforeAll(async () => {
    // Named: the handlers' environment is the process's, and the service above set the model's.
    svc = await startTestService({ handlerEnv: { BGS_AUTHOR_PROVIDER: 'offline' } });
  });
  afterAll(() => svc.stop());

  it('is written with the project: ready at once', async () => {
    const user = await signUpAndLogin(svc);
    const created = await svc.request('POST', '/projects', { token: user.accessToken, body: { name: 'Tasks', description: 'A task tracker with projects and tasks.' } });
    expect(created.status).toBe(201);
    expect(Project.parse(created.body)).toMatchObject({ specStatus: 'ready', specError: null, latestSpecVersion: 1 });
    expect((await svc.request('GET', `/projects/${created.body.id}/spec`, { token: user.accessToken })).status).toBe(200);
  });
});
