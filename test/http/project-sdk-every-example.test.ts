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
import { ManualClock } from '../../lambdas/core/clock';
import { pythonSdkFolder } from '../../lambdas/core/sdk/python/python-sdk';
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

describe("every example's Python SDK runs the generic scenario", () => {
  it.each(COVERED_EXAMPLE_IDS)('%s', async (exampleId) => {
    const project = deployed.get(exampleId)!;
    const { token, ir, plan } = await plannedScenario(service, account, project, 'python');

    const sdk = await downloadSdk(service, token, project.projectId, 'python');
    expect([sdk.status, sdk.headers.get('x-bgs-blueprint-id')]).toEqual([200, project.blueprintId]);
    const dir = unzipToTemp(sdk.bytes, 'sdk-python-every');
    temps.push(dir);
    writeFileSync(join(dir, 'scenario.py'), SCENARIO);
    const email = `sdk-${randomUUID()}@example.org`;
    const env = { PLAN: JSON.stringify(plan), SDK_DIR: join(dir, pythonSdkFolder(project.projectId)), SERVICE_URL: service.url, PROJECT_ID: project.projectId, EMAIL: email };
    const run = await runOnServiceClock(clock, 'python3', [join(dir, 'scenario.py')], env);
    expectScenarioDone(run, { exampleId, planJson: env.PLAN, project, ir, email });
  });
});
