/**
 * Issue 23 item 4 through the local gateway: the assistant's first message of a new project's
 * conversation (what the author understood and what not), the draft that names no entity (201,
 * a clear message, apply refused with 422 SPEC_HAS_NO_ENTITIES, the chat completes it), and chat
 * replies that quote the sentences they could not place.
 */
import { ChatDraft, ChatHistory, GenerationStarted, GenerationStatus, Project, SpecResponse } from '../../lambdas/control-plane/schemas';
import { describeDraft } from '../../lambdas/core/spec/draft-summary';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const TASKS = 'A task has a title, a due date and a status (open, in progress or done). Admins can do everything; members can read and create tasks.';
const NOTHING = 'Something nice for my team, fast and simple.';

describe('the conversation of a drafted spec', () => {
  let svc: TestService;
  let user: Awaited<ReturnType<typeof signUpAndLogin>>;

  beforeAll(async () => {
    svc = await startTestService();
    user = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());

  const call = (method: string, path: string, body?: unknown) => svc.request(method, path, { token: user.accessToken, body });
  const create = async (name: string, description: string) => {
    const res = await call('POST', '/projects', { name, description });
    expect(res.status).toBe(201);
    // POST /projects still answers the project, nothing else.
    return Project.strict().parse(res.body);
  };
  const specOf = async (projectId: string) => SpecResponse.parse((await call('GET', `/projects/${projectId}/spec`)).body).spec;
  const historyOf = async (projectId: string) => ChatHistory.parse((await call('GET', `/projects/${projectId}/spec/chat/history`)).body).messages;

  it("opens the project's conversation with the assistant's account of the draft", async () => {
    const project = await create('Tasks', TASKS);
    const messages = await historyOf(project.id);
    expect(messages.map((m) => m.role)).toEqual(['assistant']);
    const parsed = parseSpec((await specOf(project.id)).content);
    if (!parsed.ok) throw new Error('the drafted spec does not parse');
    expect(messages[0]!.content).toBe(describeDraft(parsed.spec));
    expect(messages[0]!.content).toMatch(/record types: Task \(3 fields\)/);

    // Later turns follow it.
    const reply = ChatDraft.parse((await call('POST', `/projects/${project.id}/spec/chat`, { message: 'Add a notes field to tasks.' })).body);
    expect((await historyOf(project.id)).map((m) => [m.role, m.content])).toEqual([
      ['assistant', messages[0]!.content],
      ['user', 'Add a notes field to tasks.'],
      ['assistant', reply.assistantMessage],
    ]);
  });

  it('gives a description with no recognisable entity a draft without one, a clear message, a 422 on apply, and a chat that completes it', async () => {
    const project = await create('Team thing', NOTHING);
    const spec = await specOf(project.id);
    expect(spec.version).toBe(1);
    expect(spec.content).toContain('## Entities\n\nNone.\n');
    const parsed = parseSpec(spec.content);
    expect(parsed.ok && parsed.spec.entities).toEqual([]);
    expect(spec.content).not.toMatch(/### Item\b/);

    const [first] = await historyOf(project.id);
    expect(first).toMatchObject({ role: 'assistant', content: expect.stringMatching(/did not recognise any kind of record/) });
    expect(first!.content).toMatch(/Add a Task entity with a title and a due date/);

    const refused = await call('POST', `/projects/${project.id}/spec/apply`, { content: spec.content, baseVersion: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: expect.stringMatching(/describes no record types yet/), code: 'SPEC_HAS_NO_ENTITIES' });
    expect((await specOf(project.id)).version).toBe(1);

    // A generation from the saved draft fails with the same reason (nothing to deploy).
    const started = GenerationStarted.parse((await call('POST', `/projects/${project.id}/spec/generate-blueprint`)).body);
    let status = GenerationStatus.parse((await call('GET', started.statusUrl)).body);
    for (let i = 0; i < 200 && status.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = GenerationStatus.parse((await call('GET', started.statusUrl)).body);
    }
    expect(status).toMatchObject({ status: 'failed', error: expect.stringMatching(/describes no record types yet/) });
    // A prompt that leaves it without a record type is not saved either.
    const prompted = await call('POST', `/projects/${project.id}/blueprints`, { prompt: 'Make it multi-tenant' });
    expect([prompted.status, prompted.body.code]).toEqual([422, 'SPEC_HAS_NO_ENTITIES']);
    expect((await specOf(project.id)).version).toBe(1);

    const chat = await call('POST', `/projects/${project.id}/spec/chat`, { message: 'Add a Task entity with a title and a due date' });
    expect(chat.status).toBe(200);
    const draft = ChatDraft.parse(chat.body);
    const edited = parseSpec(draft.spec);
    if (!edited.ok) throw new Error('the chat draft does not parse');
    expect(edited.spec.entities.map((e) => [e.name, e.fields.map((f) => [f.name, f.type])])).toEqual([['Task', [['title', 'string'], ['due_date', 'date']]]]);
    expect(draft.assistantMessage).toMatch(/Task/);
    const applied = await call('POST', `/projects/${project.id}/spec/apply`, { content: draft.spec, baseVersion: 1 });
    expect(applied.status).toBe(201);
    expect(applied.body.spec.version).toBe(2);
  });

  it('quotes, in the chat reply, the sentence it could not place beside one it understood', async () => {
    const project = await create('Tasks again', TASKS);
    const res = await call('POST', `/projects/${project.id}/spec/chat`, { message: 'Add a notes field to tasks. Blorp the wibble frobs quickly.' });
    expect(res.status).toBe(200);
    const draft = ChatDraft.parse(res.body);
    expect(draft.spec).toMatch(/\| notes \|/);
    expect(draft.assistantMessage).toMatch(/could not place this sentence[^\n]*rephrase it:\n- "Blorp the wibble frobs quickly"/);
    expect((await historyOf(project.id)).at(-1)).toMatchObject({ role: 'assistant', content: draft.assistantMessage });
  });
  it('reads an edit said after why, before a colon ("Tasks on a retainer ...: add ...")', async () => {
    const project = await create('Tasks with hours', TASKS);
    const res = await call('POST', `/projects/${project.id}/spec/chat`, { message: 'Some tasks are billed by the hour, so we track time: add hours spent (a decimal number, optional) to tasks.' });
    expect(res.status).toBe(200);
    const draft = ChatDraft.parse(res.body);
    expect(draft.assistantMessage).toMatch(/Added hours_spent \(number\) to Task/);
    expect(draft.spec).toMatch(/\| hours_spent \| number \|/);
  });

  it('reads a description in an informal bullet layout, and quotes back the line it could not place', async () => {
    const description = [
      'bike repair shop',
      '- Bikes',
      '  - frame no. (uniqe)',
      '  - brand, colour',
      '  - pics (jpg, max 5mb)',
      '- Repairs',
      '  - belong to a bike',
      '  - status: booked / in progress / done',
      '- mechanics: read bikes & manage repairs',
      '- the frobnicator wibbles on tuesdays',
    ].join('\n');
    const project = await create('Bikes', description);
    const parsed = parseSpec((await specOf(project.id)).content);
    if (!parsed.ok) throw new Error('the drafted spec does not parse');
    const bike = parsed.spec.entities.find((e) => e.name === 'Bike');
    const repair = parsed.spec.entities.find((e) => e.name === 'Repair');
    expect(bike?.fields.find((f) => f.name === 'frame_number')).toMatchObject({ unique: true });
    expect(bike?.fields.find((f) => f.type === 'file')?.file).toEqual({ contentTypes: ['image/jpeg'], maxBytes: 5 * 1048576 });
    expect(repair?.fields.find((f) => f.name === 'bike_id')).toMatchObject({ type: 'ref(Bike)', required: true });
    expect(repair?.fields.find((f) => f.name === 'status')?.values).toEqual(['booked', 'in_progress', 'done']);
    expect(parsed.spec.roles.find((r) => r.name === 'mechanic')?.rights).toMatchObject({ Bike: { read: 'all' }, Repair: { create: 'all', read: 'all', update: 'all', delete: 'all' } });
    expect(parsed.spec.openQuestions).toEqual(['the frobnicator wibbles on tuesdays']);
    const [first] = await historyOf(project.id);
    expect(first!.content).toContain('"the frobnicator wibbles on tuesdays"');
  });

  it('asks who should receive a message step that names no one it knows, in the spec and in the first assistant message', async () => {
    const project = await create('Concerts', 'Concerts have a title and a date. Members can read concerts. A week before each concert, remind the neighbours.');
    const parsed = parseSpec((await specOf(project.id)).content);
    if (!parsed.ok) throw new Error('the drafted spec does not parse');
    expect(parsed.spec.workflows[0]?.steps.map((s) => s.kind)).toEqual(['waitUntil', 'task']);
    expect(parsed.spec.openQuestions).toEqual([expect.stringMatching(/^Who should receive 'remind the neighbours'\?/)]);
    const [first] = await historyOf(project.id);
    expect(first!.content).toMatch(/I need an answer to this question[^\n]*:\n- Who should receive 'remind the neighbours'\?/);
    expect(first!.content).not.toMatch(/could not place/);
  });
});
