/**
 * The exported TypeScript SDK, run for real (issue 26 items 2 and 4): the expense approvals
 * project (multi-tenant, a receipt file, an approval workflow) is created, generated and deployed
 * through the control plane; its SDK is downloaded over HTTP, unzipped, compiled with the
 * repository's tsc under the SDK's own strict tsconfig (with a scenario beside its sources), and
 * the scenario runs with Node: sign up, confirm with the code from the local outbox, log in,
 * create, read, update, list every page, upload and download a file, start and signal a workflow,
 * an access token that expires (the service's clock moves) refreshed by the client, typed errors.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../lambdas/core/clock';
import { typescriptSdkFolder } from '../../lambdas/core/sdk/typescript/typescript-sdk';
import type { DeployedProject } from '../support/deploy-flow';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { deployExample, downloadSdk, runScenario, unzipToTemp } from '../support/sdk-archive';

const clock = new ManualClock(Date.now());
let service: TestService;
let token: string;
let deployed: DeployedProject;
const temps: string[] = [];

beforeAll(async () => {
  service = await startTestService({ clock });
  token = (await signUpAndLogin(service)).accessToken;
  deployed = await deployExample(service, token, '03-expense-approvals');
});
afterAll(async () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  await service?.stop();
});

/** Compiled with the SDK (strict); the few Node globals it uses are declared, as the SDK's tsconfig has no Node types. */
const SCENARIO = String.raw`
import { ExpenseApprovalsClient, ApiError, NotFoundError, ValidationError, BLUEPRINT_ID, SPEC_VERSION, type ExpenseReport } from './index.js';

declare const process: {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): void };
  stdin: { once(event: 'data', listener: (chunk: unknown) => void): void; pause(): void };
};

const env = (name: string): string => process.env[name] ?? '';
const email = env('EMAIL');
const password = 'Str0ng-Passw0rd';
const client = new ExpenseApprovalsClient({ timeoutMs: 10_000 });

async function mailedCode(): Promise<string> {
  const answer = await fetch(env('SERVICE_URL') + '/_local/mail?' + new URLSearchParams({ to: email, project: env('PROJECT_ID') }).toString());
  const body = (await answer.json()) as { items: { code: string }[] };
  return body.items.find((item) => item.code !== '')!.code;
}

function advanceClock(ms: number): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.once('data', () => { process.stdin.pause(); resolve(); });
    process.stdout.write('ADVANCE ' + ms + '\n');
  });
}

async function caught(run: () => Promise<unknown>): Promise<[number, string, string] | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return [error.status, error.code, error.constructor.name];
  }
}

await client.signUp({ email, password, orgName: 'SDK Ltd' });
await client.confirmSignUp({ email, code: await mailedCode() });
await client.logIn({ email, password });

const created: ExpenseReport[] = [];
for (let i = 0; i < 5; i += 1) created.push(await client.createExpenseReport({ amount: 10 + i, category: 'meals' }));
const read = await client.getExpenseReport(created[0]!.id);
const updated = await client.updateExpenseReport(created[0]!.id, { currency: 'EUR', description: 'Team lunch' });
const listed: string[] = [];
for await (const report of client.iterExpenseReports({ limit: 2 })) listed.push(report.id);
const firstPage = await client.listExpenseReports({ limit: 2, category: 'meals' });

const data = new TextEncoder().encode('%PDF-1.4 a receipt from the TypeScript SDK');
const attached = await client.uploadExpenseReportFile(created[1]!.id, data, { filename: 'receipt.pdf', contentType: 'application/pdf' });
const downloaded = await client.downloadExpenseReportFile(created[1]!.id, attached.receipt_key!);

const started = await client.startExpenseReportApproval({ input: { note: 'started by the SDK' } });
let signalled: string | null = null;
for (let attempt = 0; attempt < 100 && signalled === null; attempt += 1) {
  const instance = await client.getWorkflowInstance(started.workflow_id);
  if (instance.status === 'waiting') signalled = (await client.signalWorkflow(started.workflow_id, { event: 'rejected', data: { reason: 'duplicate' } })).workflow_id;
  else await new Promise((resolve) => setTimeout(resolve, 50));
}

const oldToken = client.accessToken;
await advanceClock(3_700_000);
const me = await client.getMe();
const refreshed = client.accessToken !== oldToken;

const errors = {
  notFound: await caught(() => client.getExpenseReport('0'.repeat(26))),
  validation: await caught(() => client.createExpenseReport({ amount: 1, category: 'caviar' as 'meals' })),
  login: await caught(() => new ExpenseApprovalsClient().logIn({ email, password: 'Wrong-Passw0rd' })),
};
const typed = [await client.getExpenseReport('0'.repeat(26)).catch((error: unknown) => error instanceof NotFoundError), await client.createExpenseReport({ amount: -1, currency: 'XXX' as 'USD' }).catch((error: unknown) => error instanceof ValidationError)];

process.stdout.write('DONE ' + JSON.stringify({
  blueprint: [BLUEPRINT_ID, SPEC_VERSION],
  read: read.amount, updated: [updated.currency, updated.description],
  created: created.map((r) => r.id).sort(), listed: listed.sort(), firstPage: [firstPage.items.length, firstPage.next_cursor !== null],
  downloaded: new TextDecoder().decode(downloaded) === new TextDecoder().decode(data),
  workflow: [started.status, signalled === started.workflow_id],
  me: me.role, refreshed, errors, typed,
}) + '\n');
`;

describe('the TypeScript SDK of a deployed project', () => {
  // First: the scenario moves the clock past the control-plane token's lifetime.
  it('answers 404 for an unknown project', async () => {
    const unknown = await service.request('GET', `/projects/${randomUUID()}/artifacts/sdk/typescript`, { token });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('compiles under tsc --strict and runs the whole scenario with Node against the local API', async () => {
    const sdk = await downloadSdk(service, token, deployed.projectId, 'typescript');
    expect([sdk.status, sdk.headers.get('content-type'), sdk.headers.get('x-bgs-blueprint-id')]).toEqual([200, 'application/zip', deployed.blueprintId]);
    const dir = unzipToTemp(sdk.bytes, 'sdk-typescript');
    temps.push(dir);
    const root = join(dir, typescriptSdkFolder(deployed.projectId));
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { type: string; dependencies?: unknown; bgs: { blueprintId: string } };
    expect([manifest.type, manifest.dependencies, manifest.bgs.blueprintId]).toEqual(['module', undefined, deployed.blueprintId]);
    writeFileSync(join(root, 'src', 'scenario.ts'), SCENARIO);

    // The repository's compiler, the SDK's own tsconfig (strict, NodeNext, declarations into dist/).
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--strict'], { encoding: 'utf8' });
    expect(readFileSync(join(root, 'dist', 'index.d.ts'), 'utf8')).toContain("export * from './client.js';");

    const run = await runScenario(process.execPath, [join(root, 'dist', 'scenario.js')], { SERVICE_URL: service.url, PROJECT_ID: deployed.projectId, EMAIL: `sdk-${randomUUID()}@example.org` }, (ms) => clock.advance(ms));
    if (run.code !== 0) throw new Error(`scenario failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
    const r = run.result;
    expect(r.blueprint).toEqual([deployed.blueprintId, 1]);
    expect(r.read).toBe(10);
    expect(r.updated).toEqual(['EUR', 'Team lunch']);
    expect(r.listed).toEqual(r.created);
    expect(r.firstPage).toEqual([2, true]);
    expect(r.downloaded).toBe(true);
    expect(r.workflow).toEqual(['running', true]);
    expect(r.me).toBe('admin');
    expect(r.refreshed).toBe(true);
    expect(r.errors).toEqual({ notFound: [404, 'NOT_FOUND', 'NotFoundError'], validation: [400, 'VALIDATION_ERROR', 'ValidationError'], login: [401, 'INVALID_CREDENTIALS', 'UnauthorizedError'] });
    expect(r.typed).toEqual([true, true]);
  });

});
