/**
 * Example 08's escalation over HTTP, locally, from the example's own text through the whole
 * pipeline (offline author -> spec -> blueprint -> deploy): a sev1 ticket with no agent reply
 * within 4 hours pages the support managers (mail in the outbox); a sev2 ticket starts nothing;
 * an agent's reply ends the wait and nobody is paged. The engine's clock moves; nothing sleeps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../lambdas/core/clock';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import { authorSpec } from '../../lambdas/core/spec/author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLES_DIR } from '../support/example-fixtures';
import { callApi, startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, login, type ProjectApiClient, type ProjectUser } from '../support/project-api';
import { until } from '../support/until';

const HOUR = 3_600_000;
const clock = new ManualClock(Date.parse('2026-07-01T08:00:00.000Z'));
const PAGE_SUBJECT = /page the on-call manager/;

let service: TestService;
let api: ProjectApiClient;
let manager: ProjectUser;
let agent: ProjectUser;
let customer: ProjectUser;

beforeAll(async () => {
  const description = readFileSync(join(EXAMPLES_DIR, '08-helpdesk.md'), 'utf8');
  const built = buildBlueprintFromMarkdown(renderSpec(authorSpec({ name: 'Helpdesk', description })), { projectId: 'helpdesk', specVersion: 1 });
  if (!built.ok) throw new Error(`example 08 did not build: ${JSON.stringify(built.errors)}`);
  expect(built.ir.workflows.map((w) => w.trigger)).toEqual([{ entity: 'Ticket', event: 'created', where: [{ field: 'severity', value: 'sev1' }] }]);
  service = await startTestService({ clock });
  api = await deployIr(service, built.ir);
  manager = await joinProject(service, api, { orgName: 'Initech' });
  agent = await invite(service, api, manager, 'agent');
  customer = await invite(service, api, manager, 'customer');
}, 60_000);
afterAll(() => service.stop());

const engine = () => service.projects.workflowEngine(api.projectId)!;

/** Hours pass on the engine's clock (what fell due runs), and everybody signs in again. */
async function advance(ms: number): Promise<void> {
  // The step that recorded "waiting" may still be starting its wait: times count from there.
  await engine().settled();
  clock.advance(ms);
  await engine().runDue();
  await engine().settled();
  const again = (user: ProjectUser) => login(api, { email: user.email, password: user.password }, user.userId);
  [manager, agent, customer] = [await again(manager), await again(agent), await again(customer)];
}

/** The pages the support manager got about one ticket (the mail names the record it is about). */
async function pages(ticketId: string): Promise<number> {
  const mail = await callApi(service.url, 'GET', `/_local/mail?to=${encodeURIComponent(manager.email)}&project=${api.projectId}`);
  return (mail.body.items as { subject: string; body: string }[]).filter((m) => PAGE_SUBJECT.test(m.subject) && m.body.includes(ticketId)).length;
}

async function ticket(severity: string): Promise<string> {
  const created = await api.request('POST', '/v1/tickets', { token: customer.accessToken, body: { subject: `Login broken (${severity})`, message: 'Nobody can sign in', severity } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function instancesOf(ticketId: string): Promise<{ workflow_id: string; status: string; current_step: string | null }[]> {
  const list = await api.request('GET', `/v1/tickets/${ticketId}/workflows`, { token: agent.accessToken });
  expect(list.status).toBe(200);
  return list.body.items;
}

async function read(workflowId: string) {
  return (await api.request('GET', `/admin/workflows/${workflowId}`, { token: manager.accessToken })).body;
}

test('a sev1 ticket nobody answers pages the support managers after 4 hours', async () => {
  const id = await ticket('sev1');
  const [instance] = await until('the escalation', async () => {
    const items = await instancesOf(id);
    return items[0]?.status === 'waiting' ? items : undefined;
  });
  expect(instance).toMatchObject({ current_step: 'wait_for_reply' });
  await advance(3 * HOUR);
  expect(await pages(id)).toBe(0);
  await advance(HOUR + 1000);
  const done = await until('the page', async () => {
    const body = await read(instance!.workflow_id);
    return body.status === 'succeeded' ? body : undefined;
  });
  expect(done.completed_steps.map((s: { name: string }) => s.name)).toEqual(['wait_for_reply', 'page_on_call_manager']);
  expect(await pages(id)).toBe(1);
});

test('a sev2 ticket starts nothing', async () => {
  const sev2 = await ticket('sev2');
  // Changes are handed on in order: once the sev1 ticket after it has its instance, the sev2 one was seen.
  const sev1 = await ticket('sev1');
  await until('the sev1 instance', async () => ((await instancesOf(sev1)).length > 0 ? true : undefined));
  expect(await instancesOf(sev2)).toEqual([]);
});

test("an agent's reply ends the wait: nobody is paged", async () => {
  const id = await ticket('sev1');
  const [instance] = await until('the escalation', async () => {
    const items = await instancesOf(id);
    return items[0]?.status === 'waiting' ? items : undefined;
  });
  await advance(HOUR);
  const reply = await api.request('POST', '/v1/replies', { token: agent.accessToken, body: { body: 'Looking into it', ticket_id: id } });
  expect(reply.status).toBe(201);
  const done = await until('the reply to end it', async () => {
    await engine().settled();
    const body = await read(instance!.workflow_id);
    return body.status === 'succeeded' ? body : undefined;
  });
  expect(done.outcome).toBe('replied');
  await advance(5 * HOUR);
  expect(await pages(id)).toBe(0);
});
