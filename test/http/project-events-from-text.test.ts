/**
 * Event handlers and scheduled jobs from a plain description, through the whole local pipeline
 * (offline author -> spec -> blueprint -> deploy), as a new user meets them: "When a deal is
 * marked won, email the deal's owner" mails the rep who owns the deal once; "Every Monday at
 * 08:00, email the managers a summary of new deals" mails each organization's managers their own
 * organization's new deals at 08:00 UTC on Monday; "Every night at 02:00 UTC, mark deals unchanged
 * for 90 days as lost" closes only the stale open deals. The host's clock moves; nothing sleeps.
 */
import { ManualClock } from '../../lambdas/core/clock';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import { authorSpec } from '../../lambdas/core/spec/author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, login, type ProjectApiClient, type ProjectUser } from '../support/project-api';

const DAY = 86_400_000;
// A Wednesday.
const clock = new ManualClock(Date.parse('2026-07-01T09:00:00.000Z'));

const DESCRIPTION =
  "A CRM for sales teams; each company's data is isolated. Accounts have a name and an industry. " +
  'Deals belong to an account and have a title, an amount and a stage (open, won or lost). ' +
  'Managers can do everything; reps create and update deals and read accounts. ' +
  "When a deal is marked won, email the deal's owner. " +
  'Every night at 02:00 UTC, mark deals unchanged for 90 days as lost. ' +
  'Every Monday at 08:00, email the managers a summary of new deals.';

let service: TestService;
let api: ProjectApiClient;
let spec: string;
let acme: { manager: ProjectUser; rep: ProjectUser };
let globex: { manager: ProjectUser; rep: ProjectUser };

beforeAll(async () => {
  spec = renderSpec(authorSpec({ name: 'CRM', description: DESCRIPTION }));
  const built = buildBlueprintFromMarkdown(spec, { projectId: 'crm', specVersion: 1 });
  if (!built.ok) throw new Error(`the CRM did not build: ${JSON.stringify(built.errors)}`);
  service = await startTestService({ clock });
  api = await deployIr(service, built.ir);
  const team = async (orgName: string) => {
    const manager = await joinProject(service, api, { orgName });
    return { manager, rep: await invite(service, api, manager, 'rep') };
  };
  acme = await team('Acme');
  globex = await team('Globex');
}, 60_000);
afterAll(() => service.stop());

async function advanceTo(at: number): Promise<void> {
  await service.projects.workflowsSettled();
  clock.set(at);
  const events = service.projects.projectEvents(api.projectId)!;
  await events.scheduler!.runDue();
  await service.projects.workflowsSettled();
  const again = (user: ProjectUser) => login(api, { email: user.email, password: user.password }, user.userId);
  acme = { manager: await again(acme.manager), rep: await again(acme.rep) };
  globex = { manager: await again(globex.manager), rep: await again(globex.rep) };
}

async function mail(user: ProjectUser): Promise<Array<{ subject: string; body: string }>> {
  return (await service.request('GET', `/_local/mail?to=${encodeURIComponent(user.email)}&project=${api.projectId}`)).body.items;
}

async function deal(user: ProjectUser, title: string): Promise<string> {
  const account = await api.request('POST', '/v1/accounts', { token: user.accessToken, body: { name: `${title} Inc.`, industry: 'tools' } });
  const accountId = account.status === 201 ? (account.body.id as string) : undefined;
  const created = await api.request('POST', '/v1/deals', { token: user.accessToken, body: { title, amount: 100, ...(accountId ? { account_id: accountId } : {}) } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

test('the spec holds the handler and both jobs, and nothing is left unread', () => {
  expect(spec).toContain('## Event handlers');
  expect(spec).toContain('- On: Deal stage = won');
  expect(spec).toContain('- Schedule: cron(0 2 * * ? *)');
  expect(spec).toContain('- Schedule: cron(0 8 ? * MON *)');
  expect(spec).not.toContain('## Open questions');
});

test("a won deal mails its owner once; Monday's summary reaches each organization's managers with their own deals; stale deals close", async () => {
  const acmeDeal = await deal(acme.manager, 'Anvils');
  const globexDeal = await deal(globex.manager, 'Gears');
  expect((await api.request('PATCH', `/v1/deals/${acmeDeal}`, { token: acme.manager.accessToken, body: { stage: 'won' } })).status).toBe(200);
  await service.projects.workflowsSettled();
  const won = (await mail(acme.manager)).filter((m) => m.body.includes(acmeDeal));
  expect(won).toHaveLength(1);

  await advanceTo(Date.parse('2026-07-06T08:00:00.000Z'));
  const acmeSummaries = (await mail(acme.manager)).filter((m) => /summary/i.test(m.subject));
  const globexSummaries = (await mail(globex.manager)).filter((m) => /summary/i.test(m.subject));
  expect(acmeSummaries).toHaveLength(1);
  expect(globexSummaries).toHaveLength(1);
  expect(acmeSummaries[0]!.body).toContain(acmeDeal);
  expect(acmeSummaries[0]!.body).not.toContain(globexDeal);
  expect(globexSummaries[0]!.body).toContain(globexDeal);
  expect((await mail(acme.rep)).filter((m) => /summary/i.test(m.subject))).toEqual([]);

  // 91 days on, at 02:00 UTC: Globex's open deal is stale and lost; Acme's won deal stays won.
  const later = clock.now().getTime() + 91 * DAY;
  await advanceTo(Date.parse(`${new Date(later).toISOString().slice(0, 10)}T02:00:00.000Z`));
  const stage = async (user: ProjectUser, id: string) => (await api.request('GET', `/v1/deals/${id}`, { token: user.accessToken })).body.stage as string;
  expect(await stage(globex.manager, globexDeal)).toBe('lost');
  expect(await stage(acme.manager, acmeDeal)).toBe('won');
});
