/**
 * A failing language model (an OpenAI-compatible endpoint that errors, then one that returns
 * no valid spec) writing a new project's spec version 1 in the background: the project ends
 * `failed` with a safe specError and no spec, and the failed calls are metered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

describe('when the language model fails', () => {
  let model: Server;
  let mode: 'error' | 'garbage' = 'error';
  let calls = 0;
  let svc: TestService;

  beforeAll(async () => {
    model = createServer((req, res) => {
      calls += 1;
      req.resume();
      req.on('end', () => {
        if (mode === 'error') {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"upstream exploded: key sk-secret"}}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: 'Sure! Here is a great backend for you.' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1000, completion_tokens: 50 },
          }),
        );
      });
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    svc = await startTestService({
      handlerEnv: {
        BGS_AUTHOR_PROVIDER: 'openai',
        BGS_OPENAI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
        BGS_OPENAI_MODEL: 'test-model',
        BGS_AUTHOR_TIMEOUT_MS: '5000',
      },
    });
  });
  afterAll(async () => {
    await svc.stop();
    await new Promise<void>((r) => model.close(() => r()));
  });

  it('ends the new project failed with a safe specError and no spec, and meters the failed call', async () => {
    const user = await signUpAndLogin(svc);
    mode = 'error';
    const res = await svc.request('POST', '/projects', { token: user.accessToken, body: { name: 'X', description: 'A blog with posts.' } });
    expect(res.status).toBe(201);
    await svc.idle();
    const project = await svc.request('GET', `/projects/${res.body.id}`, { token: user.accessToken });
    expect(project.body).toMatchObject({ specStatus: 'failed', specError: expect.any(String), latestSpecVersion: null });
    expect(project.text).not.toMatch(/sk-secret|exploded/);
    const recent = await svc.request('GET', '/usage/recent', { token: user.accessToken });
    expect(recent.body.items).toHaveLength(1);
    expect(recent.body.items[0]).toMatchObject({ operation: 'spec.draft', provider: expect.any(String), model: 'test-model', outcome: 'failed' });
    expect((await svc.request('GET', '/usage/me', { token: user.accessToken })).body.usage.totalCalls).toBe(1);
  });

  it('ends the project failed when the model returns no valid spec even after a repair, and meters both calls', async () => {
    const user = await signUpAndLogin(svc);
    mode = 'garbage';
    calls = 0;
    const res = await svc.request('POST', '/projects', { token: user.accessToken, body: { name: 'Y', description: 'A shop with products.' } });
    expect(res.status).toBe(201);
    await svc.idle();
    expect(calls).toBe(2); // the first answer and one repair round-trip
    const usage = (await svc.request('GET', '/usage/me', { token: user.accessToken })).body.usage;
    expect(usage).toMatchObject({ totalCalls: 1, inputTokens: 2000, outputTokens: 100 });
    expect((await svc.request('GET', `/projects/${res.body.id}`, { token: user.accessToken })).body).toMatchObject({ specStatus: 'failed', latestSpecVersion: null });
  });
});
