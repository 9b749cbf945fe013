/**
 * Event handlers and scheduled jobs of a generated project over HTTP, locally (issue 27), on a
 * multi-tenant CRM: a handler mails a deal's owner once per committed change that sets it won
 * (never for a rejected write, never again when the stream delivers every change a second time);
 * a handler whose endpoint is not set never fails the request that caused it, is retried, then
 * parked, listed for its organization's admins only, and runs when an admin retries it; a weekly
 * job mails each organization's managers a summary of that organization's new deals only, at its
 * times, and once (not once per missed week) after a restart that missed two; a nightly job
 * marks deals unchanged for 90 days as lost. The host's clock moves; nothing sleeps.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand, DeleteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { verifySignature } from '../../lambdas/core/outgoing/signature';
import { testDynamoClient } from '../support/dynamo';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, login, type ProjectApiClient, type ProjectUser } from '../support/project-api';

const DAY = 86_400_000;
// A Wednesday.
const clock = new ManualClock(Date.parse('2026-07-01T09:00:00.000Z'));

const SPEC = `# CRM

## Overview

Deals of sales teams.

## Tenancy

- Mode: multi-tenant (each organization's data is isolated by org_id)

## Entities

### Deal

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| title | string | yes | | | |
| stage | enum | no | open | open, won, lost | |
| amount | number | no | | | |

## Relations

None.

## Roles

| Role | Deal |
|---|---|
| manager | crud |
| rep | cru |

- Administrative role: manager
- Default role: rep

## Access

None.

## Workflows

None.
`;

function crmBlueprint(): BlueprintIR {
  const built = buildBlueprintFromMarkdown(SPEC, { projectId: 'crm', specVersion: 1 });
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return {
    ...built.ir,
    events: [
      { name: 'deal_won', on: { entity: 'Deal', event: 'updated', field: 'stage', value: 'won' }, actions: [{ type: 'notify', to: { owner: true }, subject: 'Deal won', message: 'Your deal was won' }] },
      { name: 'sync_new_deal', on: { entity: 'Deal', event: 'created' }, actions: [{ type: 'call', endpoint: 'crm_sync' }], retry: { retries: 1, backoffSeconds: 60 } },
    ],
    schedules: [
      {
        name: 'close_stale_deals',
        expression: 'cron(0 2 * * ? *)',
        timezone: 'UTC',
        records: { entity: 'Deal', where: [{ field: 'stage', value: 'open' }], age: { field: 'updated_at', olderThanSeconds: 90 * 86_400 } },
        actions: [{ type: 'update', set: [{ field: 'stage', value: 'lost' }] }],
      },
      {
        name: 'weekly_new_deals',
        expression: 'cron(0 8 ? * MON *)',
        timezone: 'UTC',
        records: { entity: 'Deal', age: { field: 'created_at', newerThanSeconds: 7 * 86_400 } },
        actions: [{ type: 'notify', to: { role: 'manager' }, subject: 'New deals this week', message: 'The deals created in the last 7 days' }],
      },
    ],
  };
}

/** A loopback receiver of the crm_sync endpoint: what it got, with the headers. */
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let receiver: Server;
let service: TestService;
let api: ProjectApiClient;
let acme: { manager: ProjectUser; rep: ProjectUser };
let globex: { manager: ProjectUser; rep: ProjectUser };
let owner: { accessToken: string };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  service = await startTestService({ clock });
  owner = await signUpAndLogin(service);
  // A control-plane project, so its owner can set the endpoint the handler calls.
  const project = await service.request('POST', '/projects', { token: owner.accessToken, body: { name: 'CRM', description: 'A CRM. A deal has a title and a stage (open, won or lost).' } });
  expect(project.status).toBe(201);
  api = await deployIr(service, crmBlueprint(), project.body.id as string);
  const team = async (orgName: string) => {
    const manager = await joinProject(service, api, { orgName });
    return { manager, rep: await invite(service, api, manager, 'rep') };
  };
  acme = await team('Acme');
  globex = await team('Globex');
}, 60_000);

afterAll(async () => {
  await service.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Everything the changes caused (handlers, retries due now) is done. */
const settled = () => service.projects.workflowsSettled();

/** Time passes on the host's clock: due jobs and occurrences run, and everybody signs in again. */
async function advanceTo(at: string): Promise<void> {
  await settled();
  clock.set(Date.parse(at));
  await service.projects.projectEvents(api.projectId)!.scheduler!.runDue();
  await service.projects.projectEvents(api.projectId)!.jobs.runDue();
  await settled();
  const again = async (user: ProjectUser) => login(api, { email: user.email, password: user.password }, user.userId);
  acme = { manager: await again(acme.manager), rep: await again(acme.rep) };
  globex = { manager: await again(globex.manager), rep: await again(globex.rep) };
}

async function mailTo(user: ProjectUser, subject: string): Promise<Array<{ subject: string; body: string }>> {
  const mail = await service.request('GET', `/_local/mail?to=${encodeURIComponent(user.email)}&project=${api.projectId}`);
  return (mail.body.items as Array<{ subject: string; body: string }>).filter((m) => m.subject === subject);
}

async function createDeal(user: ProjectUser, title: string): Promise<string> {
  const created = await api.request('POST', '/v1/deals', { token: user.accessToken, body: { title } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const failures = (user: ProjectUser) => api.request('GET', '/admin/events/failures', { token: user.accessToken });

test('a handler runs once per committed change: not for a rejected write, not again when every change is delivered twice', async () => {
  const id = await createDeal(acme.rep, 'Anvils');
  const rejected = await api.request('PATCH', `/v1/deals/${id}`, { token: acme.rep.accessToken, body: { stage: 'signed' } });
  expect(rejected.status).toBe(400);
  await settled();
  expect(await mailTo(acme.rep, 'Deal won')).toHaveLength(0);

  expect((await api.request('PATCH', `/v1/deals/${id}`, { token: acme.rep.accessToken, body: { stage: 'won' } })).status).toBe(200);
  // A later update of a won deal is not "set to won" again.
  expect((await api.request('PATCH', `/v1/deals/${id}`, { token: acme.rep.accessToken, body: { amount: 1200 } })).status).toBe(200);
  await settled();
  const won = await mailTo(acme.rep, 'Deal won');
  expect(won).toHaveLength(1);
  expect(won[0]!.body).toContain(id);

  // Every change of the table delivered a second time: the reader forgets how far it read and the project is mounted again.
  const doc = DynamoDBDocumentClient.from(testDynamoClient());
  const table = service.projects.tableNameOf(api.projectId);
  const positions = await doc.send(new ScanCommand({ TableName: table, FilterExpression: 'begins_with(PK, :stream)', ExpressionAttributeValues: { ':stream': 'STREAM#' } }));
  expect(positions.Items?.length).toBeGreaterThan(0);
  for (const item of positions.Items ?? []) await doc.send(new DeleteCommand({ TableName: table, Key: { PK: item.PK, SK: item.SK } }));
  await service.projects.restore();
  await settled();
  expect(await mailTo(acme.rep, 'Deal won')).toHaveLength(1);
});

test('a failing handler never fails its request; it is retried, parked for its own organization, and runs when an admin retries it', async () => {
  received.length = 0;
  const id = await createDeal(globex.rep, 'Widgets');
  await settled();
  // Attempt 1 failed (the endpoint is not set): the retry is due in 60 s; then parked after attempt 2.
  expect((await failures(globex.manager)).body.items).toEqual([]);
  await advanceTo(new Date(clock.now().getTime() + 61_000).toISOString());
  const parked = await failures(globex.manager);
  expect(parked.status).toBe(200);
  const mine = (parked.body.items as Array<Record<string, unknown>>).filter((f) => (f.record as { id: string }).id === id);
  expect(mine).toEqual([
    expect.objectContaining({ kind: 'handler', name: 'sync_new_deal', status: 'parked', attempts: 2, record: { entity: 'Deal', id }, error: expect.stringContaining('crm_sync is not set') }),
  ]);
  const runId = mine[0]!.id as string;

  // Another organization sees none of it and cannot retry it; a rep may not look.
  expect((await failures(acme.manager)).body.items.filter((f: { record: { id: string } }) => f.record.id === id)).toEqual([]);
  expect((await api.request('POST', `/admin/events/failures/${runId}/retry`, { token: acme.manager.accessToken })).status).toBe(404);
  expect((await failures(globex.rep)).status).toBe(403);

  // The owner sets the endpoint; the admin retries; the call arrives signed.
  const port = (receiver.address() as AddressInfo).port;
  const put = await service.request('PUT', `/projects/${api.projectId}/endpoints/crm_sync`, { token: owner.accessToken, body: { url: `http://127.0.0.1:${port}/sync`, secret: 'whsec_events_0123456789' } });
  expect(put.status).toBe(200);
  const retried = await api.request('POST', `/admin/events/failures/${runId}/retry`, { token: globex.manager.accessToken });
  expect([retried.status, retried.body.status]).toEqual([202, 'retrying']);
  await settled();
  expect(received).toHaveLength(1);
  const call = received[0]!;
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  expect(verifySignature({ secret: 'whsec_events_0123456789', timestamp: String(call.headers['x-bgs-timestamp']), body: call.body, signature: String(call.headers['x-bgs-signature']), nowSeconds }).ok).toBe(true);
  expect(JSON.parse(call.body)).toMatchObject({ record: { id, title: 'Widgets' } });
  expect((await failures(globex.manager)).body.items.filter((f: { id: string }) => f.id === runId)).toEqual([]);
  // Not parked any more: a second retry is a conflict, an unknown run not found.
  expect((await api.request('POST', `/admin/events/failures/${runId}/retry`, { token: globex.manager.accessToken })).body.code).toBe('CONFLICT');
  expect((await api.request('POST', '/admin/events/failures/h-nothing/retry', { token: globex.manager.accessToken })).status).toBe(404);
});

test("a weekly job mails each organization's managers its own new deals, at its times, once after a restart that missed two", async () => {
  const acmeDeal = await createDeal(acme.rep, 'Rockets');
  const globexDeal = await createDeal(globex.rep, 'Gears');
  // Sunday: not yet.
  await advanceTo('2026-07-05T08:00:00.000Z');
  expect(await mailTo(acme.manager, 'New deals this week')).toHaveLength(0);
  // Monday 08:00 UTC.
  await advanceTo('2026-07-06T08:00:00.000Z');
  const [acmeSummary] = await mailTo(acme.manager, 'New deals this week');
  const [globexSummary] = await mailTo(globex.manager, 'New deals this week');
  expect(acmeSummary!.body).toContain(acmeDeal);
  expect(acmeSummary!.body).not.toContain(globexDeal);
  expect(globexSummary!.body).toContain(globexDeal);
  expect(globexSummary!.body).not.toContain(acmeDeal);
  expect(await mailTo(acme.rep, 'New deals this week')).toHaveLength(0);

  // The service is down for two Mondays; at its start the latest missed one runs, once.
  await service.projects.stopWorkflows();
  clock.set(Date.parse('2026-07-21T10:00:00.000Z'));
  await service.projects.restore();
  await settled();
  expect(await mailTo(acme.manager, 'New deals this week')).toHaveLength(2);
  expect(await mailTo(globex.manager, 'New deals this week')).toHaveLength(2);
  // And on at its next time.
  await advanceTo('2026-07-27T08:00:00.000Z');
  expect(await mailTo(acme.manager, 'New deals this week')).toHaveLength(3);
});

test('a nightly job marks deals unchanged for 90 days as lost, and leaves the others', async () => {
  const stale = await createDeal(acme.rep, 'Old lead');
  const fresh = await createDeal(acme.rep, 'Old but touched');
  await advanceTo(new Date(clock.now().getTime() + 80 * DAY).toISOString());
  expect((await api.request('PATCH', `/v1/deals/${fresh}`, { token: acme.rep.accessToken, body: { amount: 10 } })).status).toBe(200);
  await advanceTo(new Date(clock.now().getTime() + 11 * DAY).toISOString());
  // The next 02:00 UTC.
  const next = new Date(clock.now().getTime() + DAY);
  await advanceTo(`${next.toISOString().slice(0, 10)}T02:00:00.000Z`);
  const stage = async (id: string) => (await api.request('GET', `/v1/deals/${id}`, { token: acme.manager.accessToken })).body.stage as string;
  expect(await stage(stale)).toBe('lost');
  expect(await stage(fresh)).toBe('open');
});

test('the deploy that brings the first scheduled jobs lists the organizations from before, so each gets its runs', async () => {
  // The CRM without jobs, two organizations; their items then lose the organization list's keys, as items from before it existed have none.
  const { events: _events, schedules: _schedules, ...withoutJobs } = crmBlueprint();
  const older = await deployIr(service, withoutJobs);
  const founders = [await joinProject(service, older, { orgName: 'Initech' }), await joinProject(service, older, { orgName: 'Hooli' })];
  const doc = DynamoDBDocumentClient.from(testDynamoClient());
  const table = service.projects.tableNameOf(older.projectId);
  const orgs = await doc.send(new ScanCommand({ TableName: table, FilterExpression: 'kind = :org', ExpressionAttributeValues: { ':org': 'organization' } }));
  expect(orgs.Items).toHaveLength(2);
  for (const item of orgs.Items ?? []) await doc.send(new UpdateCommand({ TableName: table, Key: { PK: item.PK, SK: item.SK }, UpdateExpression: 'REMOVE GSI1PK, GSI1SK' }));

  const logs: string[] = [];
  const weekly = crmBlueprint().schedules!.filter((s) => s.name === 'weekly_new_deals');
  await service.projects.deploy({
    projectId: older.projectId,
    deploymentId: 'd-jobs',
    blueprintId: 'b-jobs',
    ir: { ...withoutJobs, schedules: weekly, project: { ...withoutJobs.project, id: older.projectId } },
    allowDataLoss: false,
    log: async (_level, message) => void logs.push(message),
  });
  expect(logs.join('\n')).toMatch(/lists the organizations created before: list-organizations done, 2 written/);

  const deals = await Promise.all(founders.map(async (founder, i) => (await older.request('POST', '/v1/deals', { token: founder.accessToken, body: { title: `Deal ${i}` } })).body.id as string));
  await settled();
  const monday = new Date(clock.now().getTime() + 7 * DAY);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  clock.set(Date.parse(`${monday.toISOString().slice(0, 10)}T08:00:00.000Z`));
  await service.projects.projectEvents(older.projectId)!.scheduler!.runDue();
  await settled();
  for (const [i, founder] of founders.entries()) {
    const mail = await service.request('GET', `/_local/mail?to=${encodeURIComponent(founder.email)}&project=${older.projectId}`);
    const summaries = (mail.body.items as Array<{ subject: string; body: string }>).filter((m) => m.subject === 'New deals this week');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.body).toContain(deals[i]);
  }
});
