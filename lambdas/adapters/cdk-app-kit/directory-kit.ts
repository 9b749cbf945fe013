/** A CDK app kit read from a folder (the artifact route's asset on AWS, a built kit locally), once per process. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CdkAppKit } from '../../ports/cdk-app-kit';

/** Every file under `dir`, by its `/`-separated path relative to `dir`. */
export function readTree(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const walk = (path: string): void => {
    for (const entry of readdirSync(join(dir, path), { withFileTypes: true })) {
      const child = path === '' ? entry.name : `${path}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else files.set(child, readFileSync(join(dir, child)));
    }
  };
  walk('');
  return files;
}

export class DirectoryCdkAppKit implements CdkAppKit {
  private read: Promise<ReadonlyMap<string, Uint8Array>> | undefined;

  constructor(private readonly dir: string) {}

  files(): Promise<ReadonlyMap<string, Uint8Array>> {
    this.read ??= Promise.resolve().then(() => readTree(this.dir));
    return this.read;
  }
}
