/**
 * Runs `bin/bgs-local.ts` (what `npm start` runs) as a separate process in its own process
 * group, as a user would, for tests of start-up, restarts and shutdown.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../local/free-port';

const ROOT = join(__dirname, '..', '..');

export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  /** Process ids in the service's process group. */
  groupPids(): number[];
}

export async function startServiceProcess(dataDir: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'bin', 'bgs-local.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), BGS_DATA_DIR: dataDir, ...env },
    detached: true, // its own process group, like a terminal's job
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not print ready within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      const m = /ready at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before ready:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    groupPids: () => groupPids(child.pid!),
  };
}

export function groupPids(pgid: number): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' });
    return out.split('\n').map((l) => Number(l.trim())).filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when no process matches
  }
}

export async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
