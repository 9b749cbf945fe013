/**
 * GET /projects/{projectId}/artifacts/cdk through the local service: 409 before a blueprint, 404
 * for another's project; a zip, byte-identical on every fetch, whose sources are the repository's
 * files unchanged and whose package.json lists every bare import they have; and, run for real
 * (`npx cdk synth` offline in a child process, over the service's own node_modules), a template
 * equal to the deployer's (synthProjectTemplate) apart from code locations, with the workflows'
 * functions and a scheduled job's schedule among its resources.
 */
import { execFileSync } from 'node:child_process';
import { NO_NETWORK } from '../support/no-network';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { PROJECT_CODE_NAMES } from '../../lib/project/project-code';
import { synthProjectTemplate } from '../../lib/project/project-template';
import { projectStackName } from '../../lib/project/project-stack';
import { REPO_ROOT } from '../../lib/shared/lambda-bundling';
import { typeScriptFiles, unlistedImports, unzipInto, withoutCodeLocations } from '../support/cdk-app-check';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

// Example 03 (workflows) and a scheduled job, so the app has every kind of project function.
const description = `${readFileSync(join(REPO_ROOT, 'test/fixtures/examples/03-expense-approvals.md'), 'utf8')}\n\nEvery Monday at 08:00, email the admins a summary of new expense reports.`;

/** The CLI and the app with no way out: no notices, no telemetry, no instance metadata, proxies to a closed port. */
const OFFLINE_ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmpdir(),
  // A blueprint with workflows deploys to us-east-2 (the app refuses another region).
  AWS_REGION: 'us-east-2',
  AWS_EC2_METADATA_DISABLED: 'true',
  CDK_DISABLE_CLI_TELEMETRY: 'true',
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '',
  npm_config_offline: 'true',
};

describe('the exported CDK app', () => {
  let svc: TestService;
  let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
  let other: Awaited<ReturnType<typeof signUpAndLogin>>;
  let projectId: string;
  const work = mkdtempSync(join(tmpdir(), 'bgs-cdk-artifact-'));

  beforeAll(async () => {
    svc = await startTestService();
    owner = await signUpAndLogin(svc);
    other = await signUpAndLogin(svc);
    projectId = (await svc.request('POST', '/projects', { token: owner.accessToken, body: { name: 'Expenses', description } })).body.id as string;
  });
  afterAll(async () => {
    await svc.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const fetchArchive = async (token: string) => {
    const res = await fetch(`${svc.url}/projects/${projectId}/artifacts/cdk`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as { code: string };

  it('answers 409 NOT_READY before the first completed blueprint', async () => {
    const res = await fetchArchive(owner.accessToken);
    expect([res.status, json(res.bytes).code]).toEqual([409, 'NOT_READY']);
  });

  it("is a deterministic zip of the project's app, 404 for another's project; cdk synth of it gives the deployer's template", async () => {
    const started = await svc.request('POST', `/projects/${projectId}/spec/generate-blueprint`, { token: owner.accessToken });
    expect(started.status).toBe(202);
    const blueprintId = started.body.blueprint.id as string;
    for (let i = 0; i < 400 && (await svc.request('GET', `/blueprints/${blueprintId}/status`, { token: owner.accessToken })).body.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const ir = BlueprintIR.parse((await svc.request('GET', `/blueprints/${blueprintId}`, { token: owner.accessToken })).body.ir);
    expect(ir.workflows.length).toBeGreaterThan(0);
    expect(ir.schedules?.map((s) => s.expression)).toEqual(['cron(0 8 ? * MON *)']);

    const notOwner = await fetchArchive(other.accessToken);
    expect([notOwner.status, json(notOwner.bytes).code]).toEqual([404, 'NOT_FOUND']);

    const first = await fetchArchive(owner.accessToken);
    const second = await fetchArchive(owner.accessToken);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/zip');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="bgs-project-${projectId}-cdk.zip"`);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);

    const app = unzipInto(first.bytes, work);
    // The blueprint, the project id, the prebuilt code of every function.
    expect(JSON.parse(readFileSync(join(app, 'blueprint.json'), 'utf8'))).toEqual(ir);
    expect(JSON.parse(readFileSync(join(app, 'cdk.json'), 'utf8')).context['bgs:projectId']).toBe(projectId);
    for (const name of PROJECT_CODE_NAMES) expect([name, readdirSync(join(app, 'assets', name)).some((file) => /^index\.m?js$/.test(file))]).toEqual([name, true]);
    // Sources copied byte for byte; the app's own files say they are generated.
    const sources = typeScriptFiles(app).filter((file) => file.startsWith('lib/') || file.startsWith('lambdas/'));
    expect(sources).toEqual(expect.arrayContaining(['lib/project/project-stack.ts', 'lib/project/project-code.ts', 'lambdas/core/blueprint/ir.ts']));
    for (const file of sources) expect([file, readFileSync(join(app, file)).equals(readFileSync(join(REPO_ROOT, file)))]).toEqual([file, true]);
    for (const file of ['bin/project-app.ts', 'README.md', '.github/workflows/synth.yml']) expect(readFileSync(join(app, file), 'utf8')).toMatch(/Generated by BGS/);
    expect(readFileSync(join(app, '.github/workflows/synth.yml'), 'utf8')).toMatch(/npm ci[\s\S]*npx cdk synth/);
    expect(unlistedImports(app)).toEqual([]);

    // Synthesized for real, offline, over the service's installed packages.
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
    const run = (args: string[]) => {
      const [command, argv] = NO_NETWORK ? ['unshare', ['-rn', 'npx', ...args]] : ['npx', args];
      return execFileSync(command, argv, { cwd: app, env: OFFLINE_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 150_000 });
    };
    run(['cdk', 'synth', '--no-notices', '--quiet']);
    run(['tsc', '--noEmit', '-p', 'tsconfig.json']);
    const synthesized = JSON.parse(readFileSync(join(app, 'cdk.out', `${projectStackName(projectId)}.template.json`), 'utf8')) as unknown;
    const deployers = synthProjectTemplate(ir, projectId);
    expect(withoutCodeLocations(synthesized)).toEqual(withoutCodeLocations(deployers));
    const types = Object.values((synthesized as { Resources: Record<string, { Type: string }> }).Resources).map((r) => r.Type);
    expect(types).toEqual(expect.arrayContaining(['AWS::Scheduler::Schedule', 'AWS::Lambda::Alias', 'AWS::SQS::Queue']));
  }, 300_000);
});
