/**
 * The Lambda bundles as `cdk synth` builds them (lib/shared/lambda-bundling.ts: every entry in one
 * esbuild run, minified ESM, module builds first, a `require` banner, the Lambda environment's
 * credentials) really run, each in a fresh Node with no repository around it; each stays within
 * its size budget (lib/shared/bundle-budgets.ts); and a route carries only the adapters of the
 * ports it names (no Bedrock client where the model is never called). (CDK synth in the other
 * cdk tests skips bundling for speed.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_FILE, bundleLambdas, bundleName, lambdaEntries } from '../../lib/shared/lambda-bundling';
import { BUNDLE_BUDGETS, bundleBudgetKib } from '../../lib/shared/bundle-budgets';
import { CONTROL_PLANE_ROUTE_LIST, handlerFile } from '../../lambdas/control-plane/routes';
import { PROJECT_CODE_ENTRIES } from '../../lib/project/project-code';

const outDir = mkdtempSync(join(tmpdir(), 'bgs-bundle-test-'));
let metafile: ReturnType<typeof bundleLambdas>;
beforeAll(() => {
  metafile = bundleLambdas(outDir);
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const fileOf = (entry: string) => join(outDir, bundleName(entry), BUNDLE_FILE);
/** The npm packages and source folders an entry's bundle holds. */
function inputsOf(entry: string): string[] {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint === entry);
  if (!output) throw new Error(`no bundle for ${entry}`);
  return Object.keys(output.inputs);
}

function run(script: string, env: Record<string, string>): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: outDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', POWERTOOLS_LOG_LEVEL: 'ERROR', ...env } });
}

const CONTROL_PLANE_ENV = {
  BGS_TABLE_NAME: 't',
  BGS_IDENTITY_MODE: 'cognito',
  BGS_USER_POOL_ID: 'us-east-1_abc',
  BGS_USER_POOL_CLIENT_ID: 'c',
  BGS_TOKEN_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc',
  BGS_JWKS_URL: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc/.well-known/jwks.json',
  BGS_PUBLIC_URL: 'https://abc123.execute-api.us-east-1.amazonaws.com',
  AWS_REGION: 'us-east-1',
};

function apiEvent(method: string, path: string, routeKey: string) {
  return { version: '2.0', routeKey, rawPath: path, rawQueryString: '', headers: {}, isBase64Encoded: false, requestContext: { http: { method, path, sourceIp: '192.0.2.1', protocol: 'HTTP/1.1', userAgent: 't' }, requestId: 'r', routeKey, stage: '$default', accountId: '1', apiId: 'a', domainName: 'd', domainPrefix: 'd', time: '', timeEpoch: 0 } };
}

function invoke(entry: string, event: unknown): { statusCode: number; headers?: Record<string, string>; body?: string } {
  const out = run(
    `const m = await import(${JSON.stringify(pathToFileURL(fileOf(entry)).href)});
     const r = await m.handler(${JSON.stringify(event)}, { awsRequestId: 'req', functionName: 'f', getRemainingTimeInMillis: () => 1000 });
     process.stdout.write(JSON.stringify(r));`,
    CONTROL_PLANE_ENV,
  );
  return JSON.parse(out) as { statusCode: number; body?: string };
}

it('bundles every *.lambda.ts entry, each in its own directory', () => {
  const entries = lambdaEntries();
  expect(entries).toEqual(expect.arrayContaining([...CONTROL_PLANE_ROUTE_LIST.map(handlerFile), 'lambdas/project-runtime/runtime.lambda.ts', 'lambdas/control-plane/unmatched-route.lambda.ts']));
  for (const entry of entries) expect(statSync(fileOf(entry)).size).toBeGreaterThan(0);
});

it('a bundled control-plane handler answers an API Gateway event', () => {
  const health = invoke('lambdas/control-plane/handlers/health.lambda.ts', apiEvent('GET', '/health', 'GET /health'));
  expect(health).toMatchObject({ statusCode: 200, body: JSON.stringify({ status: 'ok' }) });
});

it("the control plane's $default route answers 405 with Allow for a known path, 404 otherwise", () => {
  const entry = 'lambdas/control-plane/unmatched-route.lambda.ts';
  const wrongMethod = invoke(entry, apiEvent('DELETE', '/health', '$default'));
  expect(wrongMethod).toMatchObject({ statusCode: 405, headers: expect.objectContaining({ allow: 'GET' }) });
  expect(JSON.parse(wrongMethod.body!)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  const unknown = invoke(entry, apiEvent('GET', '/nothing-here', '$default'));
  expect(unknown.statusCode).toBe(404);
  expect(JSON.parse(unknown.body!)).toEqual({ code: 'NOT_FOUND', error: 'No route for GET /nothing-here' });
});

const PROJECT_ENV = { BGS_PROJECT_ID: 'p', BGS_PROJECT_TABLE_NAME: 't', BGS_PROJECT_BUCKET: 'b', BGS_PROJECT_USER_POOL_ID: 'us-east-1_abc', BGS_PROJECT_USER_POOL_CLIENT_ID: 'c', AWS_REGION: 'us-east-2', BGS_URL_SUFFIX: 'amazonaws.com' };
/** The event-job queue every project stack has (ProjectEvents sets its URL on the runtime and the event functions). */
const QUEUE_ENV = { BGS_EVENT_JOBS_QUEUE_URL: 'https://sqs.us-east-2.amazonaws.com/111122223333/ProjectTest-Jobs' };
const load = (entry: string) => `const m = await import(${JSON.stringify(pathToFileURL(fileOf(entry)).href)}); process.stdout.write(typeof m.handler);`;

it("the generated runtime's entry loads as a bundle and fails loudly without its configuration", () => {
  const runtime = 'lambdas/project-runtime/runtime.lambda.ts';
  expect(run(load(runtime), { ...PROJECT_ENV, ...QUEUE_ENV })).toBe('function');
  expect(() => run(load(runtime), { AWS_REGION: 'us-east-1' })).toThrow(/Invalid project runtime configuration: .*BGS_PROJECT_ID/);
  expect(() => run(load(runtime), PROJECT_ENV)).toThrow(/Invalid project event configuration: BGS_EVENT_JOBS_QUEUE_URL/);
});

it("a project's workflow and execution-ends functions load as bundles and fail loudly without their configuration", () => {
  const workflow = 'lambdas/project-runtime/workflow.lambda.ts';
  expect(run(load(workflow), { ...PROJECT_ENV, AWS_LAMBDA_FUNCTION_NAME: 'BgsProject-p-Workflow', BGS_WORKFLOW_ALIAS: 'live' })).toBe('function');
  expect(() => run(load(workflow), PROJECT_ENV)).toThrow(/Invalid project workflow configuration: .*AWS_LAMBDA_FUNCTION_NAME.*BGS_WORKFLOW_ALIAS/);
  const ends = 'lambdas/project-runtime/workflow-execution-ends.lambda.ts';
  expect(run(load(ends), { ...PROJECT_ENV, BGS_WORKFLOW_FUNCTION_NAME: 'BgsProject-p-Workflow', BGS_WORKFLOW_ALIAS: 'live' })).toBe('function');
  expect(() => run(load(ends), PROJECT_ENV)).toThrow(/Invalid project workflow configuration: .*BGS_WORKFLOW_FUNCTION_NAME/);
});

it("a project's event functions (stream, event jobs, schedules) load as bundles, with or without workflows, and fail loudly without the queue", () => {
  const transport = { BGS_WORKFLOW_FUNCTION_NAME: 'BgsProject-p-Workflow', BGS_WORKFLOW_ALIAS: 'live' };
  for (const name of ['record-changes', 'event-jobs', 'schedules']) {
    const entry = `lambdas/project-runtime/${name}.lambda.ts`;
    // Every project stack has them: a stack without workflows sets no transport.
    expect([name, run(load(entry), { ...PROJECT_ENV, ...QUEUE_ENV })]).toEqual([name, 'function']);
    expect([name, run(load(entry), { ...PROJECT_ENV, ...QUEUE_ENV, ...transport })]).toEqual([name, 'function']);
    expect(() => run(load(entry), PROJECT_ENV)).toThrow(/Invalid project event configuration: BGS_EVENT_JOBS_QUEUE_URL/);
  }
  for (const name of ['record-changes', 'event-jobs']) {
    const entry = `lambdas/project-runtime/${name}.lambda.ts`;
    expect(() => run(load(entry), { ...PROJECT_ENV, ...QUEUE_ENV, BGS_WORKFLOW_ALIAS: 'live' })).toThrow(/Invalid project workflow configuration: BGS_WORKFLOW_FUNCTION_NAME and BGS_WORKFLOW_ALIAS are set together/);
  }
});

it('the project functions on AWS carry no local engine; only the workflow function the durable SDK; SES only where actions run; SQS only where the queue is used', () => {
  const has = (entry: string, part: string) => inputsOf(entry).some((input) => input.includes(part));
  const runsActions = ['workflow', 'record-changes', 'event-jobs'];
  const usesQueue = ['runtime', 'record-changes', 'event-jobs', 'schedules'];
  for (const [name, code] of Object.entries(PROJECT_CODE_ENTRIES)) {
    if (code.kind !== 'bundle') continue;
    const { entry } = code;
    expect([name, has(entry, 'adapters/durable/local/')]).toEqual([name, false]);
    expect([name, has(entry, 'node_modules/@aws/durable-execution-sdk-js/')]).toEqual([name, name === 'workflow']);
    expect([name, has(entry, 'node_modules/@aws-sdk/client-sesv2/')]).toEqual([name, runsActions.includes(name)]);
    expect([name, has(entry, 'node_modules/@aws-sdk/client-sqs/')]).toEqual([name, usesQueue.includes(name)]);
  }
});

it('every bundle stays within its size budget', () => {
  const over = lambdaEntries()
    .map((entry) => ({ name: bundleName(entry), kib: statSync(fileOf(entry)).size / 1024 }))
    .filter(({ name, kib }) => kib > bundleBudgetKib(name))
    .map(({ name, kib }) => `${name}: ${kib.toFixed(0)} KiB > ${bundleBudgetKib(name)} KiB`);
  expect(over).toEqual([]);
  // Every budget names a bundle that exists (a renamed entry must not keep a stale budget).
  expect(Object.keys(BUNDLE_BUDGETS).filter((name) => !lambdaEntries().map(bundleName).includes(name))).toEqual([]);
});

it('a route carries only the adapters of the ports it names', () => {
  const has = (entry: string, pkg: string) => inputsOf(entry).some((input) => input.includes(`node_modules/${pkg}/`));
  for (const route of CONTROL_PLANE_ROUTE_LIST) {
    const entry = handlerFile(route);
    // The model only where the manifest says the route calls it (its IAM grants bedrock:InvokeModel there only).
    expect([route.id, has(entry, '@aws-sdk/client-bedrock-runtime')]).toEqual([route.id, route.usesModel === true]);
    // Step Functions only where the route starts generations or deployments.
    expect([route.id, has(entry, '@aws-sdk/client-sfn')]).toEqual([route.id, route.startsGeneration === true || route.startsDeployment === true]);
    // The Lambda client (the deployer asks the deployment step function for previews) only on the deployment routes, and where the route starts the spec writer.
    expect([route.id, has(entry, '@aws-sdk/client-lambda')]).toEqual([route.id, route.previewsStacks === true || route.startsDeployment === true || route.startsSpecWriter === true]);
    // Secrets Manager only where the route writes endpoint secrets (its IAM grants those actions there only).
    expect([route.id, has(entry, '@aws-sdk/client-secrets-manager')]).toEqual([route.id, (route.endpointSecrets?.length ?? 0) > 0]);
    // CloudFormation only in the deployment step function, never in a route.
    expect([route.id, has(entry, '@aws-sdk/client-cloudformation')]).toEqual([route.id, false]);
  }
  // No bundle carries the SDK's whole credential chain (only the Lambda environment's credentials).
  for (const entry of lambdaEntries()) expect([entry, has(entry, '@aws-sdk/credential-provider-sso')]).toEqual([entry, false]);
});
