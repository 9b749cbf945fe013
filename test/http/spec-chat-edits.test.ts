/**
 * Chat and prompt edits by a language model (issue 28 item 1), over HTTP against the local
 * service with an OpenAI-compatible model on loopback: the model answers a chat message with
 * structured edits, the service applies them to the current spec and answers the edited spec;
 * edits that cannot apply go back to the model once with what is wrong; edits still wrong answer
 * 503, metered, with nothing saved; a prompt to `POST /projects/{id}/blueprints` saves the edited
 * spec as the next version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeModel, type FakeModel, type FakeModelCall } from '../support/fake-model';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const TASK_TRACKER = readFileSync(join(__dirname, '..', 'fixtures', 'spec', 'authored', '01-task-tracker.md'), 'utf8');
const fencedJson = (value: unknown): string => `\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

const ESTIMATE = { op: 'add_field', entity: 'Task', field: { name: 'estimate_hours', type: 'integer', required: false, min: 1, max: 40 } };

/** What the scripted model answers each request with, by attempt. */
const SCRIPT: Record<string, (attempt: number) => string> = {
  'Tasks need an estimate in hours, 1 to 40': () => fencedJson({ edits: [ESTIMATE], message: 'Tasks have an optional estimate of 1 to 40 hours.' }),
  'Call projects boards': () => fencedJson({ edits: [{ op: 'rename_entity', entity: 'Project', to: 'Board' }], message: 'Projects are boards now.' }),
  'Drop the due date': (attempt) =>
    fencedJson(attempt === 0 ? { edits: [{ op: 'remove_field', entity: 'Task', field: 'due' }], message: 'Removed.' } : { edits: [{ op: 'remove_field', entity: 'Task', field: 'due_date' }], message: 'Tasks no longer have a due date.' }),
  'Add a Shelf field': () => fencedJson({ edits: [{ op: 'add_field', entity: 'Shelf', field: { name: 'x', type: 'string', required: true } }], message: 'Done.' }),
  'Viewers may also create tasks': () => fencedJson({ edits: [{ op: 'set_rights', role: 'viewer', entity: 'Task', rights: { create: 'all', read: 'all' } }], message: 'Viewers can create tasks.' }),
};

function answer(call: FakeModelCall): string {
  if (call.kind === 'draft') return `\`\`\`markdown\n${TASK_TRACKER}\`\`\``;
  const script = SCRIPT[call.request];
  if (!script) throw new Error(`unscripted request: ${call.request}`);
  return script(call.attempt);
}

describe('model edits of a spec', () => {
  let model: FakeModel;
  let svc: TestService;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    model = await startFakeModel(answer);
    svc = await startTestService({ handlerEnv: model.env(10_000) });
    token = (await signUpAndLogin(svc)).accessToken;
    const created = await svc.request('POST', '/projects', { token, body: { name: 'Tasks', description: 'A task tracker with projects and tasks.' } });
    expect(created.status).toBe(201);
    projectId = created.body.id;
    // A model writes version 1 in the background (CONTRACT: specStatus).
    expect(created.body.specStatus).toBe('writing');
    await svc.idle();
    const project = await svc.request('GET', `/projects/${projectId}`, { token });
    expect(project.body.specStatus).toBe('ready');
  });
  afterAll(async () => {
    await svc.stop();
    await model.stop();
  });

  const chat = (message: string) => svc.request('POST', `/projects/${projectId}/spec/chat`, { token, body: { message } });
  const latest = async () => (await svc.request('GET', `/projects/${projectId}/spec`, { token })).body;

  it('a chat message is answered with the spec as the edits leave it, and nothing is saved', async () => {
    const before = await latest();
    const res = await chat('Tasks need an estimate in hours, 1 to 40');
    expect(res.status).toBe(200);
    expect(res.body.assistantMessage).toBe('Tasks have an optional estimate of 1 to 40 hours.');
    expect(res.body.spec).toContain('| estimate_hours | integer | no | | 1..40 | |');
    // Everything the edit does not name stays exactly as it was.
    expect(res.body.spec.replace('| estimate_hours | integer | no | | 1..40 | |\n', '')).toBe(res.body.previousSpec);
    expect(await latest()).toEqual(before);
    // The model wrote edits, not the spec: a few hundred characters against thousands.
    const call = model.calls.at(-1)!;
    expect(call.kind).toBe('edit');
    expect(call.answer.length).toBeLessThan(TASK_TRACKER.length / 5);
    const history = (await svc.request('GET', `/projects/${projectId}/spec/chat/history`, { token })).body;
    expect(JSON.stringify(history)).toContain('Tasks have an optional estimate of 1 to 40 hours.');
  });

  it('a rename follows every reference', async () => {
    const res = await chat('Call projects boards');
    expect(res.status).toBe(200);
    expect(res.body.spec).toContain('### Board');
    expect(res.body.spec).toContain('| project_id | ref(Board) | yes |');
    expect(res.body.spec).toMatch(/\| Role \| Board \| Task \|/);
    expect(res.body.spec).not.toMatch(/\bProject\b/);
  });

  it('edits that cannot apply go back to the model once, with what is wrong', async () => {
    const res = await chat('Drop the due date');
    expect(res.status).toBe(200);
    expect(res.body.assistantMessage).toBe('Tasks no longer have a due date.');
    expect(res.body.spec).not.toContain('due_date');
    const repair = model.calls.at(-1)!;
    expect(repair.attempt).toBe(1);
    expect(repair.messages.at(-1)?.content).toContain('edit 1 (remove_field): Task has no field due (fields: title, description, priority, status, assignee_id, due_date, attachment_key, project_id)');
  });

  it('edits still wrong after the repair answer 503, metered, and save nothing', async () => {
    const versions = (await svc.request('GET', `/projects/${projectId}/spec/versions`, { token })).body;
    const callsBefore = (await svc.request('GET', '/usage/me', { token })).body.usage.totalCalls;
    const res = await chat('Add a Shelf field');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'The language model returned an invalid spec', code: 'MODEL_UNAVAILABLE' });
    expect((await svc.request('GET', `/projects/${projectId}/spec/versions`, { token })).body).toEqual(versions);
    expect((await svc.request('GET', '/usage/me', { token })).body.usage.totalCalls).toBe(callsBefore + 1);
  });

  it('a prompt to POST /blueprints saves the edited spec as the next version and starts generating', async () => {
    const before = await latest();
    const res = await svc.request('POST', `/projects/${projectId}/blueprints`, { token, body: { prompt: 'Viewers may also create tasks' } });
    expect(res.status).toBe(202);
    await svc.idle();
    const after = await latest();
    expect(after.spec.version).toBe(before.spec.version + 1);
    expect(after.spec.lastUserMessage).toBe('Viewers may also create tasks');
    expect(after.spec.content).toMatch(/\| viewer \| r \| cr \|/);
  });
});
