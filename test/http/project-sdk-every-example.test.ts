/**
 * The exported Python SDK of EVERY covered example (issue 26, Tests: "unzip the SDK of each
 * example project"), run by one generic scenario: each example is created, generated and
 * deployed through the control plane in one service; its SDK is downloaded over HTTP, unzipped,
 * and one Python script (python3, no pip install, loopback only) follows a plan derived from the
 * project's API (test/support/sdk-plan.ts: which entity, valid bodies sampled from the published
 * schemas, method names) and calls the SDK's methods by name: sign up, confirm with the code from
 * the local outbox, log in, create (parents first), read, update, list every page, upload and
 * download a file where the entity has one, an access token that expires (the service's clock
 * moves) refreshed once by the client, typed errors with their code. Nothing is written per example.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { ManualClock } from '../../lambdas/core/clock';
import { pythonSdkFolder } from '../../lambdas/core/sdk/python/python-sdk';
import type { DeployedProject } from '../support/deploy-flow';
import { COVERED_EXAMPLE_IDS } from '../support/example-fixtures';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { deployExample, downloadSdk, runScenario, unzipToTemp } from '../support/sdk-archive';
import { ME, RECORD_COUNT, sdkScenarioPlan, type PlannedRef, type SdkScenarioPlan } from '../support/sdk-plan';

/** The sampler's seed: the same plans every run. */
const SEED = 2126;

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

const SCENARIO = String.raw`
import base64, importlib, json, os, sys, urllib.parse, urllib.request

plan = json.loads(os.environ["PLAN"])
sys.path.insert(0, os.environ["SDK_DIR"])
sdk = importlib.import_module(plan["package"])
Client = getattr(sdk, plan["client_class"])
service, project_id, email = os.environ["SERVICE_URL"], os.environ["PROJECT_ID"], os.environ["EMAIL"]
password = "Str0ng-Passw0rd"
client = Client(timeout=10)  # the address it was generated for
auth, target, file = plan["auth"], plan["target"], plan["file"]

def call(name, *args, **kwargs):
    return getattr(client, name)(*args, **kwargs)

def mailed_code():
    query = urllib.parse.urlencode({"to": email, "project": project_id})
    with urllib.request.urlopen(service + "/_local/mail?" + query) as answer:
        return next(item["code"] for item in json.load(answer)["items"] if item["code"])

signup = {"email": email, "password": password}
if auth["org_name"]:
    signup["orgName"] = auth["org_name"]
call(auth["sign_up"], signup)
call(auth["confirm"], {"email": email, "code": mailed_code()})
call(auth["log_in"], {"email": email, "password": password})
me = call(auth["me"])

ids = {}
def with_refs(body, refs):
    out = dict(body)
    for ref in refs:
        value = me["id"] if ref["to"] == plan["me"] else ids[ref["to"]]
        out[ref["field"]] = [value] if ref["list"] else value
    return out

for parent in plan["parents"]:
    ids[parent["entity"]] = call(parent["create"], with_refs(parent["body"], parent["refs"]))["id"]

created = [call(target["create"], with_refs(body, target["refs"])) for body in target["bodies"]]
first = created[0]["id"]
read = call(target["read"], first)

pages, paged, cursor = 0, [], None
while True:
    page = call(target["list"], limit=plan["page_size"], cursor=cursor)
    pages += 1
    paged += [item["id"] for item in page["items"]]
    cursor = page["next_cursor"]
    if not cursor:
        break
iterated = [item["id"] for item in call(target["iter"], limit=plan["page_size"])]

files = None
if file:
    data = base64.b64decode(file["data_base64"])
    attached = call(file["upload"], first, data, filename=file["filename"], content_type=file["content_type"], field=file["field"])
    downloaded = call(file["download"], first, attached[file["field"]])
    files = {"attached": isinstance(attached[file["field"]], str), "same_bytes": downloaded == data, "size": len(downloaded)}

# The access token expires while the client holds it: the next call is refused, refreshed once, sent again.
refreshes = []
refresh = client.refresh
def counted_refresh():
    refreshes.append(1)
    refresh()
client.refresh = counted_refresh
old_token = client.access_token
print("ADVANCE %d" % plan["advance_ms"], flush=True)
sys.stdin.readline()
updated = call(target["update"], first, target["update_body"])
reread = call(target["read"], first)

def caught(run):
    try:
        run()
        return None
    except sdk.ApiError as error:
        return {"status": error.status, "code": error.code, "class": type(error).__name__, "paths": [d.get("path") for d in error.details]}

other = Client(timeout=10)
errors = {
    "not_found": caught(lambda: call(target["read"], target["unknown_id"])),
    "validation": caught(lambda: call(target["create"], with_refs(target["invalid"]["body"], target["invalid"]["refs"]))),
    "login": caught(lambda: getattr(other, auth["log_in"])({"email": email, "password": "Wrong-Passw0rd"})),
}

print("DONE " + json.dumps({
    "blueprint": [sdk.BLUEPRINT_ID, sdk.SPEC_VERSION], "me": me, "parents": ids,
    "created": created, "read": read, "pages": pages, "paged": paged, "iterated": iterated, "files": files,
    "refreshes": len(refreshes), "token_changed": client.access_token != old_token, "updated": updated, "reread": reread, "errors": errors,
}))
`;

/** The body as it was sent: the plan's values and the real ids of its references. */
function sentBody(body: Record<string, unknown>, refs: readonly PlannedRef[], parents: Record<string, string>, meId: string): Record<string, unknown> {
  const out = { ...body };
  for (const ref of refs) {
    const id = ref.to === ME ? meId : parents[ref.to];
    out[ref.field] = ref.list ? [id] : id;
  }
  return out;
}

const sorted = (ids: string[]) => [...ids].sort();

describe("every example's Python SDK runs the generic scenario", () => {
  it.each(COVERED_EXAMPLE_IDS)('%s', async (exampleId) => {
    const project = deployed.get(exampleId)!;
    // The clock moved past the control-plane token's lifetime in the earlier scenarios.
    const token = (await service.request('POST', '/auth/login', { body: account })).body.accessToken as string;
    const blueprint = await service.request('GET', `/blueprints/${project.blueprintId}`, { token });
    expect(blueprint.status).toBe(200);
    const ir = BlueprintIR.parse(blueprint.body.ir);
    const plan = sdkScenarioPlan({ ir, blueprintId: project.blueprintId, projectId: project.projectId, serverUrl: project.apiBaseUrl }, SEED);

    const sdk = await downloadSdk(service, token, project.projectId, 'python');
    expect([sdk.status, sdk.headers.get('x-bgs-blueprint-id')]).toEqual([200, project.blueprintId]);
    const dir = unzipToTemp(sdk.bytes, 'sdk-python-every');
    temps.push(dir);
    writeFileSync(join(dir, 'scenario.py'), SCENARIO);
    const email = `sdk-${randomUUID()}@example.org`;
    const env = { PLAN: JSON.stringify(plan), SDK_DIR: join(dir, pythonSdkFolder(project.projectId)), SERVICE_URL: service.url, PROJECT_ID: project.projectId, EMAIL: email };
    let advanced = 0;
    const run = await runScenario('python3', [join(dir, 'scenario.py')], env, (ms) => {
      clock.advance(ms);
      advanced += ms;
    });
    // Back to real time: the local object store checks signed URLs against the system clock (the
    // local service does not hand it the injected one), so the next example's uploads, signed on
    // a clock an hour ahead, would be refused as not valid yet.
    clock.advance(-advanced);
    if (run.code !== 0 || !run.result) throw new Error(`${exampleId} scenario failed (${run.code}, seed ${SEED}):\n${run.stdout}\n${run.stderr}\nplan: ${env.PLAN}`);
    const r = run.result;
    // As the script got it (JSON: -0 went out as 0).
    const { target } = JSON.parse(env.PLAN) as SdkScenarioPlan;

    expect(r.blueprint).toEqual([project.blueprintId, ir.specVersion]);
    expect([r.me.email, r.me.role]).toEqual([email, ir.adminRole]);
    expect(Object.keys(r.parents)).toEqual(plan.parents.map((p) => p.entity));

    // Created as sent (defaults added), read back as created.
    expect(r.created).toHaveLength(RECORD_COUNT);
    target.bodies.forEach((body, i) => expect(r.created[i]).toMatchObject(sentBody(body, target.refs, r.parents, r.me.id)));
    expect(r.read).toEqual(r.created[0]);

    // Every page, each record exactly once, by hand and through the iterator.
    const ids = sorted(r.created.map((record: { id: string }) => record.id));
    expect(r.pages).toBeGreaterThanOrEqual(2);
    expect(sorted(r.paged)).toEqual(ids);
    expect(sorted(r.iterated)).toEqual(ids);

    if (plan.file) expect(r.files).toEqual({ attached: true, same_bytes: true, size: Buffer.from(plan.file.data_base64, 'base64').length });
    else expect(r.files).toBeNull();

    // The update went out with an expired token: one refresh, then it was applied.
    expect([r.refreshes, r.token_changed]).toEqual([1, true]);
    expect(r.updated).toMatchObject(target.update_body);
    expect(r.reread).toEqual(r.updated);

    expect(r.errors.not_found).toMatchObject({ status: 404, code: 'NOT_FOUND', class: 'NotFoundError' });
    expect(r.errors.validation).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', class: 'ValidationError' });
    expect(r.errors.validation.paths).toContain(target.invalid.path);
    expect(r.errors.login).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', class: 'UnauthorizedError' });
  });
});
