/**
 * The synthesis function's bundle (issue 24 "Synthesis without Docker"): bundled apart with only
 * what the project stack needs, it runs in a fresh Node process with no node_modules in reach
 * (and, where user namespaces are allowed, with no network at all) and gives the same template as
 * synthesizing in this process.
 */
import { execFileSync } from 'node:child_process';
import { NO_NETWORK } from '../support/no-network';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthDeployTemplate, type DeployTemplateInput } from '../../lib/project/deploy-template';
import { bundleProjectSynth, type SynthBundle } from '../../lib/shared/synth-bundling';
import { goldenIr } from '../support/golden-ir';
import { synthesisRequest } from '../support/synthesis-request';

let work: string;
let bundle: SynthBundle;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'bgs-synth-bundle-test-'));
  bundle = bundleProjectSynth(join(work, 'bundle'));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const request = (name: string, region: string): DeployTemplateInput => synthesisRequest(goldenIr(name), region);

/** Runs the bundled handler in a child process from a folder with no node_modules above it. */
function synthInFreshProcess(input: DeployTemplateInput): unknown {
  const requestFile = join(work, 'request.json');
  writeFileSync(requestFile, JSON.stringify(input));
  const runner = join(work, 'run.mjs');
  writeFileSync(
    runner,
    `import { handler } from ${JSON.stringify(join(bundle.dir, 'index.mjs'))};\nimport { readFileSync } from 'node:fs';\n` +
      `const { template } = await handler(JSON.parse(readFileSync(process.argv[2], 'utf8')));\nprocess.stdout.write(JSON.stringify(template));\n`,
  );
  const args = [runner, requestFile];
  const [command, argv] = NO_NETWORK ? ['unshare', ['-rn', process.execPath, ...args]] : [process.execPath, args];
  const out = execFileSync(command, argv, { cwd: work, env: { PATH: process.env.PATH ?? '', CDK_VALIDATION: 'false', HOME: work }, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.toString('utf8'));
}

it('is one ESM file and the data files it reads, with nothing to resolve from node_modules', () => {
  expect(existsSync(join(work, 'node_modules'))).toBe(false);
  expect(existsSync(join(bundle.dir, 'index.mjs'))).toBe(true);
  expect(existsSync(join(bundle.dir, 'aws-custom-resource-handler'))).toBe(true);
  // The root aws-cdk-lib (every service module) would be ~41 MB.
  expect(bundle.bytes).toBeLessThan(16 * 1024 * 1024);
});

it.each([
  ['01-task-tracker', 'eu-west-1'],
  ['03-expense-approvals', 'us-east-2'],
  // Event handlers and scheduled jobs, no workflows: the schedules (aws-scheduler) in a region without durable functions.
  ['events', 'eu-west-1'],
])('synthesizes %s in a fresh process exactly as in this one', (name, region) => {
  const input = request(name, region);
  expect(synthInFreshProcess(input)).toEqual(JSON.parse(JSON.stringify(synthDeployTemplate(input))));
}, 60_000);

it('refuses a bad request with the reason, as the in-process synthesis does', () => {
  expect(() => synthInFreshProcess({ ...request('03-expense-approvals', 'eu-west-1') })).toThrow(/deploy its stack to us-east-2, not eu-west-1/);
}, 60_000);
