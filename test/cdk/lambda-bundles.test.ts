/**
 * The Lambda bundles as CDK builds them (lib/shared/lambda-bundling.ts: minified ESM, module
 * builds first, a `require` banner) really run: a control-plane handler answers an API Gateway
 * event and the generated runtime's entry loads, each in a fresh Node with no repository
 * around it. (CDK synth in the other cdk tests skips bundling for speed.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ESM_REQUIRE_BANNER, LAMBDA_BUNDLING, LAMBDA_MAIN_FIELDS } from '../../lib/shared/lambda-bundling';

const ROOT = join(__dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'bgs-bundle-test-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function bundle(entry: string, name: string): Promise<string> {
  const outfile = join(outDir, `${name}.mjs`);
  await build({ entryPoints: [join(ROOT, entry)], bundle: true, platform: 'node', target: 'node22', format: 'esm', mainFields: LAMBDA_MAIN_FIELDS, banner: { js: ESM_REQUIRE_BANNER }, minify: true, outfile, logLevel: 'silent' });
  return outfile;
}

function run(script: string, env: Record<string, string>): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: outDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', POWERTOOLS_LOG_LEVEL: 'ERROR', ...env } });
}

it('bundles as ESM with module builds first', () => {
  expect(LAMBDA_BUNDLING).toMatchObject({ format: OutputFormat.ESM, mainFields: LAMBDA_MAIN_FIELDS, banner: ESM_REQUIRE_BANNER, externalModules: [], minify: true });
});

it('a bundled control-plane handler answers an API Gateway event', async () => {
  const file = await bundle('lambdas/control-plane/handlers/health.lambda.ts', 'health');
  const event = { version: '2.0', routeKey: 'GET /health', rawPath: '/health', rawQueryString: '', headers: {}, isBase64Encoded: false, requestContext: { http: { method: 'GET', path: '/health', sourceIp: '192.0.2.1', protocol: 'HTTP/1.1', userAgent: 't' }, requestId: 'r', routeKey: 'GET /health', stage: '$default', accountId: '1', apiId: 'a', domainName: 'd', domainPrefix: 'd', time: '', timeEpoch: 0 } };
  const out = run(
    `const m = await import(${JSON.stringify(pathToFileURL(file).href)});
     const r = await m.handler(${JSON.stringify(event)}, { awsRequestId: 'req', functionName: 'f', getRemainingTimeInMillis: () => 1000 });
     process.stdout.write(JSON.stringify(r));`,
    {
      BGS_TABLE_NAME: 't',
      BGS_IDENTITY_MODE: 'cognito',
      BGS_USER_POOL_ID: 'us-east-1_abc',
      BGS_USER_POOL_CLIENT_ID: 'c',
      BGS_TOKEN_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc',
      BGS_JWKS_URL: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc/.well-known/jwks.json',
      BGS_PUBLIC_URL: 'https://abc123.execute-api.us-east-1.amazonaws.com',
      AWS_REGION: 'us-east-1',
    },
  );
  expect(JSON.parse(out)).toMatchObject({ statusCode: 200, body: JSON.stringify({ status: 'ok' }) });
});

it("the generated runtime's entry loads as a bundle and fails loudly without its configuration", async () => {
  const file = await bundle('lambdas/project-runtime/runtime.lambda.ts', 'runtime');
  // Well under the 1.4 MB the CommonJS bundle had.
  expect(statSync(file).size).toBeLessThan(1_000_000);
  const load = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(typeof m.handler);`;
  expect(run(load, { BGS_PROJECT_ID: 'p', BGS_PROJECT_TABLE_NAME: 't', BGS_PROJECT_BUCKET: 'b', BGS_PROJECT_USER_POOL_ID: 'us-east-1_abc', BGS_PROJECT_USER_POOL_CLIENT_ID: 'c', AWS_REGION: 'us-east-1' })).toBe('function');
  expect(() => run(load, {})).toThrow(/Invalid project runtime configuration/);
});
