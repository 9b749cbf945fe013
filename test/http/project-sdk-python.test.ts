/**
 * The exported Python SDK, run for real (issue 26 items 1 and 4): the task tracker (multi-tenant,
 * files) is created, generated and deployed through the control plane; its SDK is downloaded
 * over HTTP, unzipped, and a scenario runs with python3 (no pip install, loopback only): sign up,
 * confirm with the code from the local outbox, log in, create, read, update, list every page,
 * upload and download a file, an access token that expires (the service's clock moves) refreshed
 * by the client, typed errors with their code. Also: the archive is byte-identical for the same
 * blueprint, says which blueprint and spec version it comes from, says when a newer blueprint is
 * not deployed yet, and bad input answers 404 / 409 NOT_READY.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../lambdas/core/clock';
import { pythonPackageName, pythonSdkFolder } from '../../lambdas/core/sdk/python/python-sdk';
import type { DeployedProject } from '../support/deploy-flow';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { deployExample, downloadSdk, runScenario, unzipToTemp } from '../support/sdk-archive';
import { until } from '../support/until';

const clock = new ManualClock(Date.now());
let service: TestService;
let token: string;
let account: { email: string; password: string };
let deployed: DeployedProject;
const temps: string[] = [];

beforeAll(async () => {
  service = await startTestService({ clock });
  ({ accessToken: token, ...account } = await signUpAndLogin(service));
  deployed = await deployExample(service, token, '01-task-tracker');
});
afterAll(async () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  await service?.stop();
});

const SCENARIO = String.raw`
import json, os, sys, urllib.parse, urllib.request
sys.path.insert(0, os.environ["SDK_DIR"])
from task_tracker_client import TaskTrackerClient, ApiError, NotFoundError, ValidationError, BLUEPRINT_ID, SPEC_VERSION

service, project_id, email = os.environ["SERVICE_URL"], os.environ["PROJECT_ID"], os.environ["EMAIL"]
password = "Str0ng-Passw0rd"
client = TaskTrackerClient(timeout=10)  # the address it was generated for

def mailed_code():
    query = urllib.parse.urlencode({"to": email, "project": project_id})
    with urllib.request.urlopen(service + "/_local/mail?" + query) as answer:
        return next(item["code"] for item in json.load(answer)["items"] if item["code"])

client.sign_up({"email": email, "password": password, "orgName": "SDK Inc"})
client.confirm_sign_up({"email": email, "code": mailed_code()})
client.log_in({"email": email, "password": password})

project = client.create_project({"name": "Launch"})
created = [client.create_task({"title": "Task %d" % i, "project_id": project["id"]}) for i in range(5)]
read = client.get_task(created[0]["id"])
updated = client.update_task(created[0]["id"], {"status": "done", "priority": "high"})
listed = [task["id"] for task in client.iter_tasks(limit=2)]
first_page = client.list_tasks(limit=2)

data = b"%PDF-1.4 a report from the Python SDK"
attached = client.upload_task_file(created[1]["id"], data, filename="report.pdf", content_type="application/pdf")
downloaded = client.download_task_file(created[1]["id"], attached["attachment_key"])

old_token = client.access_token
print("ADVANCE 3700000", flush=True)
sys.stdin.readline()
me = client.get_me()
refreshed = client.access_token != old_token

errors = {}
try:
    client.get_task("0" * 26)
except NotFoundError as error:
    errors["not_found"] = [error.status, error.code, type(error).__name__]
try:
    client.create_task({"title": "No project"})
except ValidationError as error:
    errors["validation"] = [error.status, error.code, error.details[0]["path"] if error.details else None]
other = TaskTrackerClient(timeout=10)
try:
    other.log_in({"email": email, "password": "Wrong-Passw0rd"})
except ApiError as error:
    errors["login"] = [error.status, error.code]

print("DONE " + json.dumps({
    "blueprint": [BLUEPRINT_ID, SPEC_VERSION],
    "read": read["title"], "updated": [updated["status"], updated["priority"]],
    "created": sorted(task["id"] for task in created), "listed": sorted(listed), "first_page": [len(first_page["items"]), first_page["next_cursor"] is not None],
    "downloaded": downloaded == data, "me": me["email"], "refreshed": refreshed, "errors": errors,
}))
`;

describe('the Python SDK of a deployed project', () => {
  it('runs the whole scenario with python3 against the local API, refreshing an expired token by itself', async () => {
    const sdk = await downloadSdk(service, token, deployed.projectId, 'python');
    expect([sdk.status, sdk.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect(sdk.headers.get('content-disposition')).toBe(`attachment; filename="${pythonSdkFolder(deployed.projectId)}.zip"`);
    expect(sdk.headers.get('x-bgs-blueprint-id')).toBe(deployed.blueprintId);
    expect(sdk.headers.get('x-bgs-newer-blueprint')).toBeNull();
    const dir = unzipToTemp(sdk.bytes, 'sdk-python');
    temps.push(dir);
    const root = join(dir, pythonSdkFolder(deployed.projectId));
    expect(pythonPackageName('Task tracker')).toBe('task_tracker_client');
    writeFileSync(join(dir, 'scenario.py'), SCENARIO);

    const run = await runScenario('python3', [join(dir, 'scenario.py')], { SDK_DIR: root, SERVICE_URL: service.url, PROJECT_ID: deployed.projectId, EMAIL: `sdk-${randomUUID()}@example.org` }, (ms) => clock.advance(ms));
    if (run.code !== 0) throw new Error(`scenario failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
    const r = run.result;
    expect(r.blueprint).toEqual([deployed.blueprintId, 1]);
    expect(r.read).toBe('Task 0');
    expect(r.updated).toEqual(['done', 'high']);
    expect(r.listed).toEqual(r.created);
    expect(r.first_page).toEqual([2, true]);
    expect(r.downloaded).toBe(true);
    expect(r.refreshed).toBe(true);
    expect(r.me).toMatch(/^sdk-/);
    expect(r.errors).toEqual({ not_found: [404, 'NOT_FOUND', 'NotFoundError'], validation: [400, 'VALIDATION_ERROR', 'body.project_id'], login: [401, 'INVALID_CREDENTIALS'] });
  });

  it('is byte-identical for the same blueprint, and names a newer blueprint that is not deployed yet', async () => {
    // The scenario moved the clock past the control-plane token's lifetime too.
    token = (await service.request('POST', '/auth/login', { body: { email: account.email, password: account.password } })).body.accessToken as string;
    const first = await downloadSdk(service, token, deployed.projectId, 'python');
    const again = await downloadSdk(service, token, deployed.projectId, 'python');
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);

    const started = await service.request('POST', `/projects/${deployed.projectId}/spec/generate-blueprint`, { token });
    expect(started.status).toBe(202);
    const newer = started.body.blueprint.id as string;
    await until('the new blueprint completes', async () => ((await service.request('GET', `/blueprints/${newer}/status`, { token })).body.status === 'completed' ? true : undefined));
    const later = await downloadSdk(service, token, deployed.projectId, 'python');
    // Still the API that runs (the deployed blueprint), and the header says a newer one waits.
    expect(later.headers.get('x-bgs-blueprint-id')).toBe(deployed.blueprintId);
    expect(later.headers.get('x-bgs-newer-blueprint')).toBe(newer);
    expect(Buffer.from(later.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('answers 404 for an unknown project and 409 NOT_READY before the first blueprint', async () => {
    const unknown = await service.request('GET', `/projects/${randomUUID()}/artifacts/sdk/python`, { token });
    expect([unknown.status, unknown.body.code, typeof unknown.body.error]).toEqual([404, 'NOT_FOUND', 'string']);
    const fresh = await service.request('POST', '/projects', { token, body: { name: 'Not yet', description: 'A notes app: notes have a title.' } });
    const early = await service.request('GET', `/projects/${fresh.body.id}/artifacts/sdk/python`, { token });
    expect([early.status, early.body.code, typeof early.body.error]).toEqual([409, 'NOT_READY', 'string']);
    const anonymous = await service.request('GET', `/projects/${deployed.projectId}/artifacts/sdk/python`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
