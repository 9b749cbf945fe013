/**
 * For the SDK HTTP tests: an example project created, generated and deployed through the control
 * plane, its SDK downloaded over HTTP and unzipped into a temporary folder, and a scenario run as a
 * child process that asks the test to move the service's clock (so the SDK's access token expires
 * while it runs).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { describeAndDeploy, type DeployedProject } from './deploy-flow';
import { loadExamples } from './example-fixtures';
import type { ApiResponse, TestService } from './local-service';

/** Creates the example's project from its description and deploys it. */
export function deployExample(service: TestService, token: string, exampleId: string): Promise<DeployedProject> {
  const [example] = loadExamples([exampleId]);
  return describeAndDeploy(service.url, token, example!.name, example!.description);
}

/** GET the SDK as a zip (raw bytes, not JSON). */
export async function downloadSdk(service: TestService, token: string, projectId: string, language: 'python' | 'typescript'): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const res = await fetch(`${service.url}/projects/${projectId}/artifacts/sdk/${language}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Unzips an archive into a new temporary folder; returns the folder. */
export function unzipToTemp(bytes: Uint8Array, label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bgs-${label}-`));
  for (const [path, content] of Object.entries(unzipSync(bytes))) {
    if (path.endsWith('/')) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** What a scenario printed: its lines, and the JSON after `DONE ` on its last line. */
export interface ScenarioResult {
  code: number | null;
  stdout: string;
  stderr: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  result: any;
}

/**
 * Runs `command args` with `env`; each `ADVANCE <ms>` line it prints moves the clock by that much
 * (onAdvance) and answers it with a line on stdin.
 */
export function runScenario(command: string, args: string[], env: Record<string, string>, onAdvance: (ms: number) => void, timeoutMs = 45_000): Promise<ScenarioResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        // Its stdin, kept open for the answers, would keep a Node scenario alive past its end.
        if (line.startsWith('DONE ')) child.stdin.end();
        const advance = /^ADVANCE (\d+)$/.exec(line);
        if (advance) {
          onAdvance(Number(advance[1]));
          child.stdin.write('ok\n');
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const done = stdout.split('\n').find((line) => line.startsWith('DONE '));
      resolve({ code, stdout, stderr, result: done ? JSON.parse(done.slice(5)) : undefined });
    });
  });
}

/** An error answer's status and code. */
export const errorOf = (res: ApiResponse | { status: number; body: { code?: string } }) => [res.status, res.body?.code];
