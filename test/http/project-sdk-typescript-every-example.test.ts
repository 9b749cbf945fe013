/**
 * The exported TypeScript SDK of EVERY covered example (issue 26, Tests: "unzip the SDK of each
 * example project", compiled with tsc --strict and run with Node through the same scenario as the
 * Python one): each example is created, generated and deployed through the control plane in one
 * service; its SDK is downloaded over HTTP, unzipped, compiled once with the repository's tsc
 * under its own strict tsconfig, and one ESM script (Node, loopback only) imports the compiled
 * client and follows the plan of test/support/sdk-plan.ts in the TypeScript SDK's names, calling
 * its methods by name: the steps and the DONE line of the Python scenario
 * (project-sdk-every-example.test.ts), checked by the same assertions (sdk-scenario-checks.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../lambdas/core/clock';
import { typescriptSdkFolder } from '../../lambdas/core/sdk/typescript/typescript-sdk';
import type { DeployedProject } from '../support/deploy-flow';
import { COVERED_EXAMPLE_IDS } from '../support/example-fixtures';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { deployExample, downloadSdk, unzipToTemp } from '../support/sdk-archive';
import { expectScenarioDone, plannedScenario, runOnServiceClock } from '../support/sdk-scenario-checks';

const clock = new ManualClock(Date.now());
let service: TestService;
let account: { email: string; password: string };
const deployed = new Map<string, DeployedProject>();
const temps: string[] = [];

beforeAll(async () => {
  service = await startTestService({ clock });
  const { accessToken, email, password } = await signUpAndLogin(service);
  account = { email, password };
  // One after the other: the machine's two cores are shared.
  for (const id of COVERED_EXAMPLE_IDS) deployed.set(id, await deployExample(service, accessToken, id));
}, 120_000);
afterAll(async () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  await service?.stop();
});

/** The Python scenario's steps and DONE line, over the compiled SDK (SDK_DIR/dist). */
const SCENARIO = String.raw`
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const plan = JSON.parse(process.env.PLAN);
const sdk = await import(pathToFileURL(join(process.env.SDK_DIR, 'dist', 'index.js')).href);
const Client = sdk[plan.client_class];
const { SERVICE_URL: service, PROJECT_ID: projectId, EMAIL: email } = process.env;
const password = 'Str0ng-Passw0rd';
const client = new Client({ timeoutMs: 10_000 }); // the address it was generated for
const { auth, target, file } = plan;

function call(name, ...args) {
  if (typeof client[name] !== 'function') throw new Error('the client has no method ' + name);
  return client[name](...args);
}

async function mailedCode() {
  const answer = await fetch(service + '/_local/mail?' + new URLSearchParams({ to: email, project: projectId }));
  return (await answer.json()).items.find((item) => item.code).code;
}

const signup = { email, password };
if (auth.org_name) signup.orgName = auth.org_name;
await call(auth.sign_up, signup);
await call(auth.confirm, { email, code: await mailedCode() });
await call(auth.log_in, { email, password });
const me = await call(auth.me);

const ids = {};
function withRefs(body, refs) {
  const out = { ...body };
  for (const ref of refs) {
    const value = ref.to === plan.me ? me.id : ids[ref.to];
    out[ref.field] = ref.list ? [value] : value;
  }
  return out;
}

for (const parent of plan.parents) ids[parent.entity] = (await call(parent.create, withRefs(parent.body, parent.refs))).id;

const created = [];
for (const body of target.bodies) created.push(await call(target.create, withRefs(body, target.refs)));
const first = created[0].id;
const read = await call(target.read, first);

let pages = 0;
const paged = [];
for (let cursor; ; ) {
  const page = await call(target.list, cursor ? { limit: plan.page_size, cursor } : { limit: plan.page_size });
  pages += 1;
  paged.push(...page.items.map((item) => item.id));
  cursor = page.next_cursor;
  if (!cursor) break;
}
const iterated = [];
for await (const item of call(target.iter, { limit: plan.page_size })) iterated.push(item.id);

let files = null;
if (file) {
  const data = new Uint8Array(Buffer.from(file.data_base64, 'base64'));
  const attached = await call(file.upload, first, data, { filename: file.filename, contentType: file.content_type, field: file.field });
  const downloaded = await call(file.download, first, attached[file.field]);
  files = { attached: typeof attached[file.field] === 'string', same_bytes: Buffer.from(downloaded).equals(Buffer.from(data)), size: downloaded.byteLength };
}

// The access token expires while the client holds it: the next call is refused, refreshed once, sent again.
let refreshes = 0;
const refresh = client.refresh.bind(client);
client.refresh = async () => {
  refreshes += 1;
  await refresh();
};
const oldToken = client.accessToken;
await new Promise((resolve) => {
  process.stdin.once('data', () => {
    process.stdin.pause();
    resolve();
  });
  process.stdout.write('ADVANCE ' + plan.advance_ms + '\n');
});
const updated = await call(target.update, first, target.update_body);
const reread = await call(target.read, first);

async function caught(run) {
  try {
    await run();
    return null;
  } catch (error) {
    if (!(error instanceof sdk.ApiError)) throw error;
    return { status: error.status, code: error.code, class: error.constructor.name, paths: error.details.map((d) => d.path) };
  }
}

const other = new Client({ timeoutMs: 10_000 });
const errors = {
  not_found: await caught(() => call(target.read, target.unknown_id)),
  validation: await caught(() => call(target.create, withRefs(target.invalid.body, target.invalid.refs))),
  login: await caught(() => other[auth.log_in]({ email, password: 'Wrong-Passw0rd' })),
};

process.stdout.write('DONE ' + JSON.stringify({
  blueprint: [sdk.BLUEPRINT_ID, sdk.SPEC_VERSION], me, parents: ids,
  created, read, pages, paged, iterated, files,
  refreshes, token_changed: client.accessToken !== oldToken, updated, reread, errors,
}) + '\n');
`;

describe("every example's TypeScript SDK compiles under tsc --strict and runs the generic scenario", () => {
  it.each(COVERED_EXAMPLE_IDS)('%s', async (exampleId) => {
    const project = deployed.get(exampleId)!;
    const { token, ir, plan } = await plannedScenario(service, account, project, 'typescript');

    const sdk = await downloadSdk(service, token, project.projectId, 'typescript');
    expect([sdk.status, sdk.headers.get('x-bgs-blueprint-id')]).toEqual([200, project.blueprintId]);
    const dir = unzipToTemp(sdk.bytes, 'sdk-typescript-every');
    temps.push(dir);
    const root = join(dir, typescriptSdkFolder(project.projectId));
    // The repository's compiler, the SDK's own tsconfig (strict, NodeNext, into dist/).
    try {
      execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--strict'], { encoding: 'utf8' });
    } catch (error) {
      // tsc reports on stdout.
      throw new Error(`${exampleId} SDK does not compile:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
    writeFileSync(join(dir, 'scenario.mjs'), SCENARIO);
    const email = `sdk-${randomUUID()}@example.org`;
    const env = { PLAN: JSON.stringify(plan), SDK_DIR: root, SERVICE_URL: service.url, PROJECT_ID: project.projectId, EMAIL: email };
    const run = await runOnServiceClock(clock, process.execPath, [join(dir, 'scenario.mjs')], env);
    expectScenarioDone(run, { exampleId, planJson: env.PLAN, project, ir, email });
  });
});
